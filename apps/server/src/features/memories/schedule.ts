import { DEFAULT_EF, type ReviewRating, type SchedulerName } from '@lingocast/contract'
import { fsrs, Rating, type Card as FsrsCard, type Grade, type State } from 'ts-fsrs'

/** What a card carries about its schedule: the spec's fields and the FSRS memory state beside them. */
export interface CardSchedule {
  ef: number
  repetition: number
  nextReview: Date | null
  lastReviewed: Date | null
  fsrsState: number
  stability: number
  difficulty: number
  scheduledDays: number
  learningSteps: number
  reps: number
  lapses: number
}

const DAY_MS = 86_400_000

/**
 * FSRS-6 with its published default weights. No same-day learning steps:
 * the console asks for cards by calendar day (due = today or earlier), so a
 * 10-minute step would leave a just-rated card due again and never leave the
 * queue; FSRS then schedules every answer in whole days. No fuzz, so an
 * interval is exactly FSRS's own and can be checked.
 */
export const scheduler = fsrs({ enable_fuzz: false, enable_short_term: false })

const GRADES: Record<ReviewRating, Grade> = { Again: Rating.Again, Hard: Rating.Hard, Good: Rating.Good, Easy: Rating.Easy }

/** A new card: due at once, ef at the spec's default. */
export function newCardSchedule(now: Date): CardSchedule {
  return { ef: DEFAULT_EF, repetition: 0, nextReview: now, lastReviewed: null, fsrsState: 0, stability: 0, difficulty: 0, scheduledDays: 0, learningSteps: 0, reps: 0, lapses: 0 }
}

/** FSRS difficulty runs from 1 (easiest) to 10 (hardest); these anchor the ef scale. */
const D_MIN = 1
const D_MAX = 10
const EF_AT_D_MIN = 3.3
const EF_AT_D_MAX = 1.3
/** The difficulty FSRS gives a card first answered Good: the spec's default ef 2.5 sits here. */
const D_GOOD = scheduler.init_difficulty(Rating.Good)

/**
 * ef derived from FSRS difficulty, so that the review screen's choice keeps
 * its meaning: a card that FSRS finds hard (one lapse is enough, D >= ~6)
 * has ef <= 1.9 and Familiar sends Hard; a card answered Good keeps 2.5; only
 * cards FSRS finds clearly easier than that (D <= ~1.7) reach ef >= 2.8 and
 * send Easy. Piecewise linear through (1, 3.3), (D_GOOD, 2.5), (10, 1.3),
 * the last being SM-2's floor.
 */
export function efFromDifficulty(difficulty: number): number {
  if (!(difficulty > 0)) return DEFAULT_EF
  const d = Math.min(D_MAX, Math.max(D_MIN, difficulty))
  const ef =
    d <= D_GOOD
      ? DEFAULT_EF + ((D_GOOD - d) / (D_GOOD - D_MIN)) * (EF_AT_D_MIN - DEFAULT_EF)
      : DEFAULT_EF - ((d - D_GOOD) / (D_MAX - D_GOOD)) * (DEFAULT_EF - EF_AT_D_MAX)
  return Math.round(ef * 1000) / 1000
}

export function toFsrsCard(s: CardSchedule, now: Date): FsrsCard {
  return {
    due: s.nextReview ?? now,
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: 0,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    state: s.fsrsState as State,
    ...(s.lastReviewed ? { last_review: s.lastReviewed } : {}),
  }
}

function scheduleFsrs(s: CardSchedule, rating: ReviewRating, now: Date): CardSchedule {
  const { card } = scheduler.next(toFsrsCard(s, now), now, GRADES[rating])
  return {
    ef: efFromDifficulty(card.difficulty),
    repetition: rating === 'Again' ? 0 : s.repetition + 1,
    nextReview: card.due,
    lastReviewed: now,
    fsrsState: card.state,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
  }
}

/** SM-2 quality of each rating: Again fails (q < 3); Hard, Good, Easy pass with 3, 4, 5. */
const SM2_QUALITY: Record<ReviewRating, number> = { Again: 2, Hard: 3, Good: 4, Easy: 5 }
const SM2_MIN_EF = 1.3

/** SuperMemo 2 as published (1987): fail restarts the repetitions and keeps ef; intervals 1, 6, then x ef. */
function scheduleSm2(s: CardSchedule, rating: ReviewRating, now: Date): CardSchedule {
  const q = SM2_QUALITY[rating]
  const failed = q < 3
  const ef = failed ? s.ef : Math.max(SM2_MIN_EF, s.ef + 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02))
  const repetition = failed ? 0 : s.repetition + 1
  const interval = repetition <= 1 ? 1 : repetition === 2 ? 6 : Math.max(1, Math.round(s.scheduledDays * ef))
  return {
    ...s,
    ef: Math.round(ef * 1000) / 1000,
    repetition,
    nextReview: new Date(now.getTime() + interval * DAY_MS),
    lastReviewed: now,
    scheduledDays: interval,
    reps: s.reps + 1,
    lapses: s.lapses + (failed ? 1 : 0),
  }
}

/** The card's schedule after one review at `now`. Pure: the caller stores it. */
export function scheduleReview(s: CardSchedule, rating: ReviewRating, now: Date, name: SchedulerName): CardSchedule {
  return name === 'sm2' ? scheduleSm2(s, rating, now) : scheduleFsrs(s, rating, now)
}
