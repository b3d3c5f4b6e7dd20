import type { Comprehension } from '@lingocast/contract'

// Apart from words.ts: the Learning screen (in the first load) needs only these two.

/** "87% known · 42 new" on a card or an episode. The share is rounded down, so 99.6% never reads as 100%. */
export function comprehensionLabel(c: Comprehension): string {
  const pct = Math.floor(c.known_share * 100 + 1e-9)
  return `${pct}% known · ${c.new_words.toLocaleString('en')} new`
}

/**
 * Easiest first: the highest known share first, fewer new words breaking a
 * tie, items without a figure last (in their previous order: the sort is stable).
 */
export function easiestFirst<T>(items: readonly T[], figureOf: (item: T) => Comprehension | undefined): T[] {
  return [...items].sort((a, b) => {
    const ca = figureOf(a)
    const cb = figureOf(b)
    if (!ca || !cb) return ca === cb ? 0 : ca ? -1 : 1
    return cb.known_share - ca.known_share || ca.new_words - cb.new_words
  })
}
