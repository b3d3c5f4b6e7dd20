/**
 * Keys pressed while the page shows its inert first frame (decision 0019),
 * kept for the console's screen to act on once it has taken over: the review's
 * frame says "Space shows the answer" and a learner presses it at once, before
 * the code has come. The early script (entry.ts) records; the screen that
 * listens for page-wide keys replays them once its own listener is in place
 * (lib/early-keys.ts).
 *
 * Only presses made on the frame are kept, and only for REPLAY_WINDOW_MS after
 * the frame is gone: a Space pressed on the Learning screen's frame must not
 * reveal a card the learner opens a minute later.
 */
export interface KeptKey {
  key: string
  code: string
  shiftKey: boolean
  ctrlKey: boolean
  altKey: boolean
  metaKey: boolean
}

export interface EarlyKeys {
  /** The keys pressed on the frame, in order, once; none when the frame went away too long ago. */
  take(): KeptKey[]
  /**
   * When the frame of `address` came on screen (page time), once: the review's answer time runs
   * from the moment the learner saw the card, which was on the frame before the console took over.
   * None when there was no frame, it stood for another address, or it went away too long ago.
   */
  shownAt(address: string): number | undefined
}

declare global {
  var __lingocastEarlyKeys: EarlyKeys | undefined
}

/** How long after the frame is replaced its keys may still be replayed: the screen's listener comes with its first render. */
export const REPLAY_WINDOW_MS = 2000

interface KeyLike extends KeptKey {
  repeat: boolean
  defaultPrevented: boolean
  preventDefault(): void
}

/**
 * Records on `target` (the window) every key pressed while `frameShown()`;
 * `frameGone` is called by the caller when the frame leaves the page (a
 * MutationObserver in the browser), which starts the replay window.
 */
export function keepEarlyKeys(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  frameShown: () => boolean,
  now: () => number = () => performance.now(),
): EarlyKeys & { frameGone(): void; frameSeen(at: number, address: string): void } {
  let kept: KeptKey[] = []
  let goneAt: number | undefined
  let seen: { at: number; address: string } | undefined
  const recent = () => goneAt === undefined || now() - goneAt <= REPLAY_WINDOW_MS
  const onKeyDown = (event: Event) => {
    const e = event as unknown as KeyLike
    if (goneAt !== undefined || e.repeat || e.defaultPrevented || !frameShown()) return
    // Space would scroll the frame; the screen it stands for gives Space its own meaning.
    if (e.key === ' ') e.preventDefault()
    kept.push({ key: e.key, code: e.code, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, altKey: e.altKey, metaKey: e.metaKey })
  }
  target.addEventListener('keydown', onKeyDown, true)
  return {
    frameGone() {
      goneAt ??= now()
      target.removeEventListener('keydown', onKeyDown, true)
    },
    frameSeen(at, address) {
      seen ??= { at, address }
    },
    take() {
      const keys = recent() ? kept : []
      kept = []
      return keys
    },
    shownAt(address) {
      const at = seen && recent() && seen.address === address ? seen.at : undefined
      seen = undefined
      return at
    },
  }
}

/**
 * In the page: records until the inert frame in #root is replaced by the console's screen. The script
 * may run before the body is parsed (async, and from the worker's cache on a returning visit): the frame
 * is looked for per key, and watched from DOMContentLoaded on (the console never starts before it).
 */
export function keepEarlyKeysInPage(): EarlyKeys {
  const frame = () => document.querySelector('#root > div[inert]')
  const keys = keepEarlyKeys(window, () => frame() !== null)
  const watch = () => {
    const root = document.getElementById('root')
    if (!root || !frame()) return keys.frameGone()
    // Painted by now, or about to be: the page's first paint is the frame's.
    const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
    keys.frameSeen(painted ?? performance.now(), location.pathname + location.search)
    const observer = new MutationObserver(() => {
      if (frame()) return
      observer.disconnect()
      keys.frameGone()
    })
    observer.observe(root, { childList: true })
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true })
  else watch()
  return keys
}
