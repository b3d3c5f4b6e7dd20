import { DEFAULT_EF, EASY_EF_MIN, HARD_EF_MAX, ratingFor, FAMILIAR, UNFAMILIAR, type AnswerButtons, type ReviewRating } from '@lingocast/contract'
import { BasicLearningStepsStrategy, createEmptyCard, fsrs, Rating, State, StrategyMode, type Grade } from 'ts-fsrs'
import { describe, expect, it } from 'vitest'
import { efFromDifficulty, newCardSchedule, nextIntervals, scheduleReview, type CardSchedule } from './schedule'

const DAY = 86_400_000
const MINUTE = 60_000
const GRADE: Record<ReviewRating, Grade> = { Again: Rating.Again, Hard: Rating.Hard, Good: Rating.Good, Easy: Rating.Easy }

/** Replays ratings, each when the card came due, and returns the interval after each (in minutes). */
function replay(ratings: ReviewRating[], start: Date, buttons: AnswerButtons) {
  let s: CardSchedule = newCardSchedule(start)
  let at = start
  const ours: number[] = []
  for (const r of ratings) {
    s = scheduleReview(s, r, at, 'fsrs', buttons)
    ours.push(Math.round((s.nextReview!.getTime() - at.getTime()) / MINUTE))
    at = s.nextReview!
  }
  return { ours, last: s }
}

/**
 * ts-fsrs itself, configured here from its documentation rather than from
 * schedule.ts: four buttons are Anki's default steps with ts-fsrs's own
 * step strategy; two buttons one 10-minute step where only Again stays in it.
 */
function reference(buttons: AnswerButtons) {
  if (buttons === 4) return fsrs({ enable_fuzz: false, enable_short_term: true, learning_steps: ['1m', '10m'], relearning_steps: ['10m'] })
  return fsrs({ enable_fuzz: false, enable_short_term: true, learning_steps: ['10m'], relearning_steps: ['10m'] }).useStrategy(StrategyMode.LEARNING_STEPS, (params, state, step) => {
    const all = BasicLearningStepsStrategy(params, state, step)
    return all[Rating.Again] ? { [Rating.Again]: all[Rating.Again] } : {}
  })
}

describe('FSRS scheduling', () => {
  const sequences: ReviewRating[][] = [
    ['Good', 'Good', 'Good', 'Good', 'Good'],
    ['Again', 'Good', 'Good', 'Again', 'Hard', 'Good', 'Easy'],
    ['Easy', 'Easy', 'Hard', 'Again', 'Again', 'Good'],
    ['Hard', 'Hard', 'Hard', 'Good', 'Easy', 'Good', 'Good', 'Good'],
  ]

  for (const buttons of [2, 4] as const) {
    it.each(sequences.map((s) => [s.join(' '), s] as const))(`gives the intervals ts-fsrs gives for %s (${buttons} buttons)`, (_name, ratings) => {
      const start = new Date('2025-03-01T09:30:00Z')
      // ts-fsrs itself, with the same settings, on the same history.
      const f = reference(buttons)
      let card = createEmptyCard(start)
      let at = start
      const theirs: number[] = []
      for (const r of ratings) {
        card = f.next(card, at, GRADE[r]).card
        theirs.push(Math.round((card.due.getTime() - at.getTime()) / MINUTE))
        at = card.due
      }
      const { ours, last } = replay(ratings, start, buttons)
      expect(ours).toEqual(theirs)
      expect(last.stability).toBeCloseTo(card.stability, 6)
      expect(last.difficulty).toBeCloseTo(card.difficulty, 6)
      expect(last.fsrsState).toBe(card.state)
      expect(last.learningSteps).toBe(card.learning_steps)
      expect(last.nextReview!.toISOString()).toBe(card.due.toISOString())
    })
  }

  it('grows the interval with each Good and resets the repetition count on Again', () => {
    const { ours, last } = replay(['Good', 'Good', 'Good', 'Again'], new Date('2025-01-01T08:00:00Z'), 2)
    expect(ours[1]!).toBeGreaterThan(ours[0]!)
    expect(ours[2]!).toBeGreaterThan(ours[1]!)
    expect(ours[3]!).toBe(10)
    expect(last.repetition).toBe(0)
    expect(last.lapses).toBe(1)
    expect(last.reps).toBe(4)
  })

  it('two buttons: Unfamiliar is a 10-minute step, and Familiar (Hard for a card just failed) graduates it to whole days', () => {
    const now = new Date('2025-06-01T09:00:00Z')
    const failed = scheduleReview(newCardSchedule(now), ratingFor(UNFAMILIAR, DEFAULT_EF), now, 'fsrs', 2)
    expect(failed.nextReview!.getTime() - now.getTime()).toBe(10 * MINUTE)
    expect(failed.fsrsState).toBe(State.Learning)
    const later = new Date(now.getTime() + 10 * MINUTE)
    expect(ratingFor(FAMILIAR, failed.ef)).toBe('Hard')
    const passed = scheduleReview(failed, ratingFor(FAMILIAR, failed.ef), later, 'fsrs', 2)
    expect(passed.fsrsState).toBe(State.Review)
    expect(passed.nextReview!.getTime() - later.getTime()).toBeGreaterThanOrEqual(DAY)
    // Every passing answer on a new card goes straight to days, as before there were steps.
    for (const r of ['Hard', 'Good', 'Easy'] as const) {
      const s = scheduleReview(newCardSchedule(now), r, now, 'fsrs', 2)
      expect(s.nextReview!.getTime() - now.getTime()).toBeGreaterThanOrEqual(DAY)
      expect(s.lastReviewed).toEqual(now)
    }
  })

  it("four buttons: Anki's steps, 1 then 10 minutes; Hard repeats a step, Good moves on, Easy graduates", () => {
    const now = new Date('2025-06-01T09:00:00Z')
    const fresh = newCardSchedule(now)
    const minutes = (s: CardSchedule, at: Date) => (s.nextReview!.getTime() - at.getTime()) / MINUTE
    expect(minutes(scheduleReview(fresh, 'Again', now, 'fsrs', 4), now)).toBe(1)
    expect(minutes(scheduleReview(fresh, 'Hard', now, 'fsrs', 4), now)).toBe(6)
    const step2 = scheduleReview(fresh, 'Good', now, 'fsrs', 4)
    expect([minutes(step2, now), step2.learningSteps, step2.fsrsState]).toEqual([10, 1, State.Learning])
    expect(minutes(scheduleReview(fresh, 'Easy', now, 'fsrs', 4), now)).toBeGreaterThanOrEqual(DAY / MINUTE)
    const graduated = scheduleReview(step2, 'Good', step2.nextReview!, 'fsrs', 4)
    expect(graduated.fsrsState).toBe(State.Review)
    // The four labels are these same schedules.
    const shown = nextIntervals(fresh, now, 'fsrs', 4)
    expect(shown).toEqual({ Again: MINUTE, Hard: 6 * MINUTE, Good: 10 * MINUTE, Easy: scheduleReview(fresh, 'Easy', now, 'fsrs', 4).nextReview!.getTime() - now.getTime() })
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
      if (r === 'Again') expect(s.nextReview!.getTime() - at.getTime()).toBe(10 * MINUTE)
      intervals.push(Math.round((s.nextReview!.getTime() - at.getTime()) / DAY))
      at = s.nextReview!
    }
    // Good keeps ef 2.5: 1, 6, 15; Easy raises ef to 2.6: 39; Again: a 10-minute step and repetition 0; then 1 day again.
    expect(intervals).toEqual([1, 6, 15, 39, 0, 1])
    expect(s.ef).toBe(2.6)
    expect(s.repetition).toBe(1)
  })

  it('lowers ef on Hard down to its floor of 1.3', () => {
    let s = newCardSchedule(new Date())
    for (let i = 0; i < 20; i++) s = scheduleReview(s, 'Hard', new Date(), 'sm2')
    expect(s.ef).toBe(1.3)
  })
})
