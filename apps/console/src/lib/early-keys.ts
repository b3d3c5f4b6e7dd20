import type { KeptKey } from '../early/early-keys'

/**
 * Acts on the keys pressed on the page's first frame (early/early-keys.ts):
 * a screen that listens for page-wide keys calls this once its listener is in
 * place, and each kept key is pressed again on the page, as if it came now.
 * The first caller takes them all; later calls find none.
 */
export function replayEarlyKeys(target: EventTarget | undefined = globalThis.document?.body): void {
  const keys: KeptKey[] = globalThis.__lingocastEarlyKeys?.take() ?? []
  if (!target) return
  for (const key of keys) target.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }))
}

/**
 * When the page's first frame showed this address (early/early-keys.ts), once: a screen that times
 * the learner from the moment something was shown asks when it first was, frame included.
 */
export function earlyFrameShownAt(address: string = `${location.pathname}${location.search}`): number | undefined {
  return globalThis.__lingocastEarlyKeys?.shownAt(address)
}
