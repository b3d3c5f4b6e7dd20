import type { Comprehension } from '@lingocast/contract'
import { formatCount } from '../../lib/format'

// Apart from words.ts: the Learning screen (in the first load) needs only these.

/** A share as a whole percent, rounded down, so 99.6% never reads as 100%. */
const percent = (share: number) => Math.floor(share * 100 + 1e-9)

/**
 * "87% known · 42 new · 11 learning" on a card or an episode: the share of
 * running words known (learning words are not known, so rare words being
 * learned never read as 100%), the distinct words still new, and the
 * distinct words being learned when there are any.
 */
export function comprehensionLabel(c: Comprehension): string {
  const learning = c.learning_words > 0 ? ` · ${formatCount(c.learning_words)} learning` : ''
  return `${percent(c.known_share)}% known · ${formatCount(c.new_words)} new${learning}`
}

/** The figure in words, for a tooltip or a screen reader: what each number counts. */
export function comprehensionTitle(c: Comprehension): string {
  const words = (n: number) => `${formatCount(n)} ${n === 1 ? 'word' : 'words'}`
  const learning = c.learning_words > 0 ? `; ${words(c.learning_words)} you are learning (${percent(c.learning_share)}% of the text)` : ''
  return `${percent(c.known_share)}% of the text's words you know; ${words(c.new_words)} still new to you${learning}`
}

/**
 * Easiest first: the least new text first (the highest share known or being
 * learned), then the highest share known, fewer new words breaking a tie,
 * items without a figure last (in their previous order: the sort is stable).
 */
export function easiestFirst<T>(items: readonly T[], figureOf: (item: T) => Comprehension | undefined): T[] {
  return [...items].sort((a, b) => {
    const ca = figureOf(a)
    const cb = figureOf(b)
    if (!ca || !cb) return ca === cb ? 0 : ca ? -1 : 1
    return cb.known_share + cb.learning_share - (ca.known_share + ca.learning_share) || cb.known_share - ca.known_share || ca.new_words - cb.new_words
  })
}
