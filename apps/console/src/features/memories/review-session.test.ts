import type { Flashcard } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { learningText, reviewCounter } from './messages'
import { answer, currentCard, learningCount, replaceCard, settle, startSession, type ReviewSession } from './review-session'

const MINUTE = 60_000
const DAY = 86_400_000
const t0 = new Date(2025, 2, 10, 15, 0).getTime() // local 10 March, 15:00
const iso = (t: number) => new Date(t).toISOString()
const card = (id: number, over: Partial<Flashcard> = {}): Flashcard => ({
  id,
  deck_id: 1,
  front: `card ${id}`,
  back: 'cue',
  ef: 2.5,
  repetition: 0,
  next_review: iso(t0 - (10 - id) * MINUTE),
  last_reviewed: null,
  created_at: iso(t0 - DAY),
  kind: 'standard',
  audio: null,
  ...over,
})
/** The card as the server saves it after an answer at `at` that sends it `after` ms on. */
const saved = (c: Flashcard, at: number, after: number, over: Partial<Flashcard> = {}) => ({ ...c, last_reviewed: iso(at), next_review: iso(at + after), ...over })
const counter = (s: ReviewSession) => reviewCounter(s.reviewed.length, s.total) + learningText(learningCount(s))

describe('a review session with learning steps', () => {
  it('brings a card answered Unfamiliar back after the remaining cards, then completes', () => {
    let s = startSession([card(1), card(2), card(3), card(4, { next_review: iso(t0 + 2 * DAY) })], new Date(t0))
    expect(s.total).toBe(3)
    expect(counter(s)).toBe('0 reviewed · 3 remaining')
    const first = currentCard(s, t0)!
    expect(first.id).toBe(1)
    // Unfamiliar: back in a 10-minute step, after cards 2 and 3.
    s = answer(s, first, 'Again', t0 + 10 * MINUTE)
    expect(counter(s)).toBe('1 reviewed · 2 remaining · 1 learning')
    s = settle(s, saved(first, t0, 10 * MINUTE, { ef: 1.85 }), 1, t0 + 500)
    expect(currentCard(s, t0 + MINUTE)!.id).toBe(2)
    s = answer(s, currentCard(s, t0 + MINUTE)!, 'Good', undefined)
    s = answer(s, currentCard(s, t0 + 2 * MINUTE)!, 'Good', undefined)
    expect(counter(s)).toBe('3 reviewed · 0 remaining · 1 learning')
    // Nothing else is left: the learning card is shown before its step ends (learn ahead), with its saved ef.
    const back = currentCard(s, t0 + 3 * MINUTE)!
    expect([back.id, back.ef]).toEqual([1, 1.85])
    s = answer(s, back, 'Hard', undefined)
    s = settle(s, saved(back, t0 + 3 * MINUTE, 2 * DAY), 2, t0 + 3 * MINUTE)
    expect(currentCard(s, t0 + 3 * MINUTE)).toBeUndefined()
    expect(counter(s)).toBe('3 reviewed · 0 remaining')
    // The strip has every answer, in order.
    expect(s.answers.map((a) => [a.card.id, a.rating])).toEqual([
      [1, 'Again'],
      [2, 'Good'],
      [3, 'Good'],
      [1, 'Hard'],
    ])
  })

  it('shows a learning card whose step is over before the remaining cards', () => {
    let s = startSession([card(1), card(2), card(3)], new Date(t0))
    s = answer(s, card(1), 'Again', t0 + MINUTE)
    expect(currentCard(s, t0 + 30_000)!.id).toBe(2)
    expect(currentCard(s, t0 + MINUTE)!.id).toBe(1)
  })

  it('ends when the only card left comes back later than 20 minutes from now', () => {
    let s = startSession([card(1)], new Date(t0))
    s = answer(s, card(1), 'Again', t0 + 30 * MINUTE)
    expect(currentCard(s, t0)).toBeUndefined()
    expect(currentCard(s, t0 + 10 * MINUTE)!.id).toBe(1)
  })

  it('lets the saved card decide: an unforeseen step brings it back, a guessed one that graduated drops it', () => {
    let s = startSession([card(1), card(2)], new Date(t0))
    // A four-button Good on a new card may stay in a step; the intervals were not known yet.
    s = answer(s, card(1), 'Good', undefined)
    s = settle(s, saved(card(1), t0, 10 * MINUTE), 1, t0)
    expect(learningCount(s)).toBe(1)
    s = answer(s, card(2), 'Again', t0 + 10 * MINUTE)
    s = settle(s, saved(card(2), t0, DAY), 1, t0)
    expect(s.queue.map((e) => e.card.id)).toEqual([1])
  })

  it('ignores the save of an older answer when the card was answered again meanwhile', () => {
    let s = startSession([card(1)], new Date(t0))
    s = answer(s, card(1), 'Again', t0 + 10 * MINUTE)
    s = answer(s, currentCard(s, t0)!, 'Good', undefined)
    // The first save (a step) arrives after the second answer: the card stays done.
    s = settle(s, saved(card(1), t0, 10 * MINUTE), 1, t0)
    expect(currentCard(s, t0)).toBeUndefined()
    s = settle(s, saved(card(1), t0, 3 * DAY, { repetition: 1 }), 2, t0)
    expect(currentCard(s, t0)).toBeUndefined()
    expect(s.answers.every((a) => a.card.repetition === 1)).toBe(true)
  })

  it('replaces an edited card in the queue and in the strip', () => {
    let s = startSession([card(1), card(2)], new Date(t0))
    s = answer(s, card(1), 'Again', t0 + 10 * MINUTE)
    s = replaceCard(s, { ...card(1), front: 'edited' })
    expect(s.queue.find((e) => e.card.id === 1)!.card.front).toBe('edited')
    expect(s.answers[0]!.card.front).toBe('edited')
  })
})
