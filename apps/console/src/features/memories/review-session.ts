import { LEARN_AHEAD_MS, type Flashcard, type ReviewRating } from '@lingocast/contract'
import { reviewQueue } from './deck-stats'

/**
 * One review session (learning steps within the day, decision 0004): the cards due today when it starts, in
 * their order, and the cards answered into a short learning step (Again, or
 * a four-button Hard or Good on a learning card), which come back in the same
 * session: as soon as their step is over, else after the remaining cards
 * (shown up to 20 minutes early when nothing else is left, as Anki does).
 * The session ends when no card is due within that.
 */
export interface ReviewSession {
  /** Cards due when the session began: the counter's total. */
  total: number
  /** Cards still to show: the day's cards first, then those back from a step (`dueAt` set). */
  queue: Array<{ card: Flashcard; dueAt?: number }>
  /** Ids of the cards answered at least once: the counter's "reviewed". */
  reviewed: number[]
  /** Every answer, in order: the reviewed strip. */
  answers: Array<{ card: Flashcard; rating: ReviewRating }>
  /** How many times each card was answered: a save's answer only counts if it is for the latest answer. */
  answerCount: Record<number, number>
}

export function startSession(cards: readonly Flashcard[], now: Date): ReviewSession {
  const queue = reviewQueue(cards, now).map((card) => ({ card }))
  return { total: queue.length, queue, reviewed: [], answers: [], answerCount: {} }
}

/** The card to show at `now`: a learning card whose step is over, else the next of the day's cards, else the learning card due first if within 20 minutes. */
export function currentCard(s: ReviewSession, now: number): Flashcard | undefined {
  let soonest: { card: Flashcard; dueAt?: number } | undefined
  for (const entry of s.queue) {
    if (entry.dueAt === undefined) continue
    if (!soonest || entry.dueAt < soonest.dueAt!) soonest = entry
  }
  if (soonest && soonest.dueAt! <= now) return soonest.card
  const next = s.queue.find((e) => e.dueAt === undefined)
  if (next) return next.card
  return soonest && soonest.dueAt! <= now + LEARN_AHEAD_MS ? soonest.card : undefined
}

/** Cards answered into a step and waiting to come back: the counter's "learning". */
export const learningCount = (s: ReviewSession) => s.queue.filter((e) => e.dueAt !== undefined).length

/**
 * The card answered with `rating`. `returnsAt` is when it comes back if the
 * answer leaves it in a step (known before the save returns, so the session
 * never shows itself complete while a card is still to come back).
 */
export function answer(s: ReviewSession, card: Flashcard, rating: ReviewRating, returnsAt: number | undefined): ReviewSession {
  const queue = s.queue.filter((e) => e.card.id !== card.id)
  if (returnsAt !== undefined) queue.push({ card, dueAt: returnsAt })
  return {
    ...s,
    queue,
    reviewed: s.reviewed.includes(card.id) ? s.reviewed : [...s.reviewed, card.id],
    answers: [...s.answers, { card, rating }],
    answerCount: { ...s.answerCount, [card.id]: (s.answerCount[card.id] ?? 0) + 1 },
  }
}

/** Whether a saved card sits in a short step: due again within the learn-ahead window of `now`. */
export const inStep = (card: Flashcard, now: number) => card.next_review !== null && Date.parse(card.next_review) <= now + LEARN_AHEAD_MS

/**
 * The server's answer to the `nth` answer of a card: the card as saved. It
 * replaces the card everywhere in the session, and decides for good whether
 * the card comes back (a guess made before the save is corrected). An
 * answer to an older answer of the card only refreshes its data.
 */
export function settle(s: ReviewSession, saved: Flashcard, nth: number, now: number): ReviewSession {
  const answers = s.answers.map((a) => (a.card.id === saved.id ? { ...a, card: saved } : a))
  const latest = (s.answerCount[saved.id] ?? 0) === nth
  const at = s.queue.findIndex((e) => e.card.id === saved.id)
  let queue = s.queue
  if (!latest) {
    if (at >= 0) queue = queue.map((e, i) => (i === at ? { ...e, card: saved } : e))
  } else if (inStep(saved, now)) {
    const entry = { card: saved, dueAt: Date.parse(saved.next_review!) }
    queue = at >= 0 ? queue.map((e, i) => (i === at ? entry : e)) : [...queue, entry]
  } else if (at >= 0) {
    queue = queue.filter((_, i) => i !== at)
  }
  return { ...s, queue, answers }
}

/** A card changed outside the review (edited, or its audio got ready): the new version everywhere. */
export function replaceCard(s: ReviewSession, card: Flashcard): ReviewSession {
  return {
    ...s,
    queue: s.queue.map((e) => (e.card.id === card.id ? { ...e, card } : e)),
    answers: s.answers.map((a) => (a.card.id === card.id ? { ...a, card } : a)),
  }
}
