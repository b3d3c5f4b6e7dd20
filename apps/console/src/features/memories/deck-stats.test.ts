import type { Flashcard } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { cardParts, clozeParts, deckStats, formatDay, highlightParts, reviewQueue } from './deck-stats'
import { failureText, reviewCounter } from './messages'
import { pickDeckId } from './selected-deck'

const now = new Date(2025, 2, 10, 15, 0) // local time: 10 March, 15:00
const local = (d: number, h = 9) => new Date(2025, 2, d, h).toISOString()
const card = (over: Partial<Flashcard>): Flashcard => ({ id: 1, deck_id: 1, front: 'f', back: 'b', ef: 2.5, repetition: 0, next_review: null, last_reviewed: null, created_at: local(1), kind: 'standard', audio: null, ...over })

describe('deck stat tiles', () => {
  it('counts New (never reviewed), Due (today or earlier by day) and Learned (repetition > 0)', () => {
    const cards = [
      card({ id: 1, next_review: local(10, 9) }), // new, due this morning
      card({ id: 2, next_review: local(10, 23), last_reviewed: local(9), repetition: 1 }), // due late tonight: still today
      card({ id: 3, next_review: local(11, 0), last_reviewed: local(9), repetition: 2 }), // tomorrow just after midnight
      card({ id: 4, next_review: 'garbage', last_reviewed: local(8), repetition: 0 }), // lapsed, invalid date ignored
    ]
    expect(deckStats(cards, now)).toEqual({ total: 4, new: 1, due: 2, learned: 2 })
  })

  it('queues due cards, the longest overdue first', () => {
    const cards = [card({ id: 1, next_review: local(10) }), card({ id: 2, next_review: local(2) }), card({ id: 3, next_review: local(12) })]
    expect(reviewQueue(cards, now).map((c) => c.id)).toEqual([2, 1])
  })
})

describe('review texts', () => {
  it('counts reviewed and remaining, never below zero', () => {
    expect(reviewCounter(0, 3)).toBe('0 reviewed · 3 remaining')
    expect(reviewCounter(4, 3)).toBe('4 reviewed · 0 remaining')
  })

  it('marks every case-insensitive occurrence of the front', () => {
    expect(highlightParts('Settle down; they settled.', 'settle')).toEqual([
      ['Settle', true],
      [' down; they ', false],
      ['settle', true],
      ['d.', false],
    ])
    expect(highlightParts('a (b) c', '(b)')).toEqual([
      ['a ', false],
      ['(b)', true],
      [' c', false],
    ])
  })

  it('reads the source and cue from the back', () => {
    expect(cardParts({ back: '```context\nTitle: T\nSentence: S\n```\ncue' })).toMatchObject({ cue: 'cue', title: 'T', sentence: 'S' })
    expect(cardParts({ back: 'plain' })).toMatchObject({ cue: 'plain', title: undefined })
  })

  it('shows a fallback for missing dates', () => {
    expect(formatDay(null, 'Never')).toBe('Never')
    expect(formatDay('nope', 'Not scheduled')).toBe('Not scheduled')
    expect(formatDay(local(10), 'x')).toBe('2025-03-10')
  })
})

describe('error texts (spec 001 s8)', () => {
  it('uses the server msg, the catalogue text, or the text plus the network error', () => {
    expect(failureText('Failed to fetch statistics', new ApiError(400, 'start_date is required'))).toBe('start_date is required')
    expect(failureText('Failed to fetch statistics', new ApiError(500, undefined))).toBe('Failed to fetch statistics')
    expect(failureText('Failed to fetch statistics', new ApiError(0, undefined))).toBe('Failed to fetch statistics: Network error: the server could not be reached')
    expect(failureText('Failed to fetch decks', new ApiError(500, 'Internal'), 'append')).toBe('Failed to fetch decks: Internal')
  })
})

describe('the selected deck', () => {
  const decks = [{ id: 4 }, { id: 7 }]
  it('is the route deck, else the remembered one if it still exists, else the first', () => {
    expect(pickDeckId(decks, 9, 7)).toBe(9)
    expect(pickDeckId(decks, undefined, 7)).toBe(7)
    expect(pickDeckId(decks, undefined, 5)).toBe(4)
    expect(pickDeckId([], undefined, 5)).toBeUndefined()
  })
})

describe('cloze card sentence', () => {
  it('blanks the first whole-word occurrence of the front, in any case', () => {
    expect(clozeParts('An unsettled man settled, then Settled again.', 'settled')).toEqual([
      ['An unsettled man ', false],
      ['settled', true],
      [', then Settled again.', false],
    ])
    expect(clozeParts('Settled.', 'settled')).toEqual([['Settled', true], ['.', false]])
  })

  it('blanks the whole sentence when the front is not in it, so the answer is never shown', () => {
    expect(clozeParts('He was not unkind.', 'cold')).toEqual([['He was not unkind.', true]])
    expect(clozeParts('He was not unkind.', '  ')).toEqual([['He was not unkind.', true]])
  })
})
