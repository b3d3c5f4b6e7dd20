import { dueBefore, findWholeWord, parseCardBack, startOfNextDay, type Flashcard } from '@lingocast/contract'
import { formatLocalDay } from '../../lib/format'

export interface DeckStats {
  total: number
  new: number
  due: number
  learned: number
}

/** The stat tiles (spec 001 s4): New = never reviewed; Due = next review today or earlier (by day); Learned = repetition > 0. */
export function deckStats(cards: readonly Flashcard[], now: Date): DeckStats {
  const isDue = dueBefore(startOfNextDay(now))
  let fresh = 0
  let due = 0
  let learned = 0
  for (const c of cards) {
    if (!c.last_reviewed) fresh++
    if (isDue(c.next_review)) due++
    if (c.repetition > 0) learned++
  }
  return { total: cards.length, new: fresh, due, learned }
}

/** Today's review queue: due cards, the longest overdue first. */
export function reviewQueue(cards: readonly Flashcard[], now: Date): Flashcard[] {
  const isDue = dueBefore(startOfNextDay(now))
  return cards.filter((c) => isDue(c.next_review)).sort((a, b) => Date.parse(a.next_review!) - Date.parse(b.next_review!) || a.id - b.id)
}

/** A date cell: the day (yyyy-MM-dd) in the learner's zone, or the fallback when missing or unreadable. */
export function formatDay(value: string | null, fallback: string): string {
  if (!value) return fallback
  const t = Date.parse(value)
  return Number.isNaN(t) ? fallback : formatLocalDay(t)
}

/** What the review screen shows of a card's back: the cue, and the source when the block names one. */
export function cardParts(card: Pick<Flashcard, 'back'>) {
  const { context, cue } = parseCardBack(card.back)
  return {
    cue,
    title: context?.Title,
    sentence: context?.Sentence,
    explanation: context?.Explanation,
    articleId: context?.Article,
  }
}

/**
 * The sentence cut around every case-insensitive occurrence of the front, so
 * the screen can mark them: [text, isMatch] pairs in order.
 */
export function highlightParts(sentence: string, word: string): Array<[string, boolean]> {
  const needle = word.trim()
  if (!needle) return [[sentence, false]]
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parts: Array<[string, boolean]> = []
  let last = 0
  for (const m of sentence.matchAll(new RegExp(escaped, 'gi'))) {
    if (m.index > last) parts.push([sentence.slice(last, m.index), false])
    parts.push([m[0], true])
    last = m.index + m[0].length
  }
  if (last < sentence.length) parts.push([sentence.slice(last), false])
  return parts
}

/**
 * A cloze card's sentence: [text, isGap] pairs with the first whole-word
 * occurrence of the front (any case) as the gap; the whole sentence is the
 * gap when the word is not in it, so the card never gives its answer away.
 */
export function clozeParts(sentence: string, word: string): Array<[string, boolean]> {
  const at = findWholeWord(sentence, word)
  if (!at) return [[sentence, true]]
  const end = at.index + at.match.length
  const parts: Array<[string, boolean]> = []
  if (at.index > 0) parts.push([sentence.slice(0, at.index), false])
  parts.push([at.match, true])
  if (end < sentence.length) parts.push([sentence.slice(end), false])
  return parts
}
