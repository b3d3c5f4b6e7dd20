import { DEFAULT_EF, EASY_EF_MIN, HARD_EF_MAX, ratingFor, FAMILIAR, type ReviewRating } from '@lingocast/contract'
import { createEmptyCard, fsrs, Rating, type Grade } from 'ts-fsrs'
import { describe, expect, it } from 'vitest'
import { efFromDifficulty, newCardSchedule, scheduleReview, type CardSchedule } from './schedule'

const DAY = 86_400_000
const GRADE: Record<ReviewRating, Grade> = { Again: Rating.Again, Hard: Rating.Hard, Good: Rating.Good, Easy: Rating.Easy }

/** Replays ratings, each on the day the card came due, and returns the interval after each (in days). */
function replay(ratings: ReviewRating[], start: Date) {
  let s: CardSchedule = newCardSchedule(start)
  let at = start
  const ours: number[] = []
  for (const r of ratings) {
    s = scheduleReview(s, r, at, 'fsrs')
    ours.push(Math.round((s.nextReview!.getTime() - at.getTime()) / DAY))
    at = s.nextReview!
  }
  return { ours, last: s }
}

describe('FSRS scheduling', () => {
  const sequences: ReviewRating[][] = [
    ['Good', 'Good', 'Good', 'Good', 'Good'],
    ['Again', 'Good', 'Good', 'Again', 'Hard', 'Good', 'Easy'],
    ['Easy', 'Easy', 'Hard', 'Again', 'Again', 'Good'],
    ['Hard', 'Hard', 'Hard', 'Good', 'Easy', 'Good', 'Good', 'Good'],
  ]

  it.each(sequences.map((s) => [s.join(' '), s] as const))('gives the intervals ts-fsrs gives for %s', (_name, ratings) => {
    const start = new Date('2025-03-01T09:30:00Z')
    // ts-fsrs itself, with the same settings, on the same history.
    const reference = fsrs({ enable_fuzz: false, enable_short_term: false })
    let card = createEmptyCard(start)
    let at = start
    const theirs: number[] = []
    for (const r of ratings) {
      card = reference.next(card, at, GRADE[r]).card
      theirs.push(Math.round((card.due.getTime() - at.getTime()) / DAY))
      at = card.due
    }
    const { ours, last } = replay(ratings, start)
    expect(ours).toEqual(theirs)
    expect(last.stability).toBeCloseTo(card.stability, 6)
    expect(last.difficulty).toBeCloseTo(card.difficulty, 6)
    expect(last.nextReview!.toISOString()).toBe(card.due.toISOString())
  })

  it('grows the interval with each Good and resets the repetition count on Again', () => {
    const { ours, last } = replay(['Good', 'Good', 'Good', 'Again'], new Date('2025-01-01T08:00:00Z'))
    expect(ours[1]!).toBeGreaterThan(ours[0]!)
    expect(ours[2]!).toBeGreaterThan(ours[1]!)
    expect(ours[3]!).toBeLessThan(ours[2]! / 3)
    expect(last.repetition).toBe(0)
    expect(last.lapses).toBe(1)
    expect(last.reps).toBe(4)
  })

  it('never schedules within the same day, so a rated card leaves today\'s queue', () => {
    for (const r of ['Again', 'Hard', 'Good', 'Easy'] as const) {
      const now = new Date('2025-06-01T23:30:00Z')
      const s = scheduleReview(newCardSchedule(now), r, now, 'fsrs')
      expect(s.nextReview!.getTime() - now.getTime()).toBeGreaterThanOrEqual(DAY)
      expect(s.lastReviewed).toEqual(now)
    }
  })
})

describe('ef derived from FSRS difficulty', () => {
  it('keeps the spec default for a new card and for a card answered Good', () => {
    expect(newCardSchedule(new Date()).ef).toBe(DEFAULT_EF)
    const now = new Date('2025-01-01T00:00:00Z')
    expect(scheduleReview(newCardSchedule(now), 'Good', now, 'fsrs').ef).toBe(DEFAULT_EF)
  })

  it('falls monotonically from 3.3 at difficulty 1 to 1.3 at difficulty 10', () => {
    expect(efFromDifficulty(1)).toBe(3.3)
    expect(efFromDifficulty(10)).toBe(1.3)
    let previous = Infinity
    for (let d = 1; d <= 10; d += 0.25) {
      const ef = efFromDifficulty(d)
      expect(ef).toBeLessThanOrEqual(previous)
      previous = ef
    }
  })

  it('makes a lapsed card hard (Familiar sends Hard) and a card rated Easy easy', () => {
    const now = new Date('2025-01-01T00:00:00Z')
    const lapsed = scheduleReview(newCardSchedule(now), 'Again', now, 'fsrs')
    expect(lapsed.ef).toBeLessThanOrEqual(HARD_EF_MAX)
    expect(ratingFor(FAMILIAR, lapsed.ef)).toBe('Hard')
    const easy = scheduleReview(newCardSchedule(now), 'Easy', now, 'fsrs')
    expect(easy.ef).toBeGreaterThanOrEqual(EASY_EF_MIN)
    expect(ratingFor(FAMILIAR, easy.ef)).toBe('Easy')
    const good = scheduleReview(newCardSchedule(now), 'Good', now, 'fsrs')
    expect(ratingFor(FAMILIAR, good.ef)).toBe('Good')
  })
})

describe('SM-2', () => {
  it('follows the published intervals 1, 6, then interval x ef, and restarts on a fail', () => {
    let at = new Date('2025-01-01T00:00:00Z')
    let s = newCardSchedule(at)
    const intervals: number[] = []
    for (const r of ['Good', 'Good', 'Good', 'Easy', 'Again', 'Good'] as const) {
      s = scheduleReview(s, r, at, 'sm2')
      intervals.push(Math.round((s.nextReview!.getTime() - at.getTime()) / DAY))
      at = s.nextReview!
    }
    // Good keeps ef 2.5: 1, 6, 15; Easy raises ef to 2.6: 39; Again: 1 and repetition 0; then 1 again.
    expect(intervals).toEqual([1, 6, 15, 39, 1, 1])
    expect(s.ef).toBe(2.6)
    expect(s.repetition).toBe(1)
  })

  it('lowers ef on Hard down to its floor of 1.3', () => {
    let s = newCardSchedule(new Date())
    for (let i = 0; i < 20; i++) s = scheduleReview(s, 'Hard', new Date(), 'sm2')
    expect(s.ef).toBe(1.3)
  })
})
