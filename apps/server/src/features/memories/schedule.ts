import { DEFAULT_ANSWER_BUTTONS, DEFAULT_EF, type AnswerButtons, type ReviewRating, type SchedulerName } from '@lingocast/contract'
import { BasicLearningStepsStrategy, fsrs, Rating, StrategyMode, type Card as FsrsCard, type FSRS, type Grade, type State, type Steps, type TLearningStepsStrategy } from 'ts-fsrs'

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
const MINUTE_MS = 60_000

/**
 * The short steps a card answered Again goes through the same day, in
 * ts-fsrs's notation. Two buttons (the spec's screen): one 10-minute step,
 * for a new card answered Unfamiliar and for a forgotten one; Familiar moves
 * any card on to whole days. Four buttons: Anki's defaults, 1 and 10
 * minutes for a new card, 10 for a forgotten one; Hard repeats a step and
 * Good moves to the next, as in Anki.
 */
export const LEARNING_STEPS: Record<AnswerButtons, { learning_steps: Steps; relearning_steps: Steps }> = {
  2: { learning_steps: ['10m'], relearning_steps: ['10m'] },
  4: { learning_steps: ['1m', '10m'], relearning_steps: ['10m'] },
}

/**
 * Pass or fail, for the two-button screen: only Again keeps a card in (or
 * sends it to) a step; every passing answer graduates it. With ts-fsrs's own
 * strategy, Hard repeats the step, and the spec's rule sends Hard for every
 * card whose ef is 1.9 or less (any card just answered Again): Familiar
 * would then never let a card leave its step. The memory state (stability,
 * difficulty) is still ts-fsrs's for the grade given.
 */
export const passFailSteps: TLearningStepsStrategy = (params, state) => {
  const again = BasicLearningStepsStrategy(params, state, 0)[Rating.Again]
  return again ? { [Rating.Again]: again } : {}
}

/**
 * FSRS-6 with its published default weights, with short-term (same-day)
 * learning steps, no fuzz (so an interval is exactly FSRS's own and can be
 * checked). A card in a step is due again minutes later: the review screen
 * shows it again in the same session, after the cards still waiting.
 */
export const schedulers: Record<AnswerButtons, FSRS> = {
  2: fsrs({ enable_fuzz: false, enable_short_term: true, ...LEARNING_STEPS[2] }).useStrategy(StrategyMode.LEARNING_STEPS, passFailSteps),
  4: fsrs({ enable_fuzz: false, enable_short_term: true, ...LEARNING_STEPS[4] }),
}

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
const D_GOOD = schedulers[2].init_difficulty(Rating.Good)

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

function scheduleFsrs(s: CardSchedule, rating: ReviewRating, now: Date, buttons: AnswerButtons): CardSchedule {
  const { card } = schedulers[buttons].next(toFsrsCard(s, now), now, GRADES[rating])
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
/** A failed SM-2 card is asked again this much later, the same day (as Anki's SM-2 relearning step). */
const SM2_STEP_MINUTES = 10

/**
 * SuperMemo 2 as published (1987): fail restarts the repetitions and keeps
 * ef; intervals 1, 6, then x ef. A failed card is asked again after a
 * 10-minute step, as the algorithm asks ("repeat all items that scored below
 * four the same day") and as Anki does; its next pass starts again at 1 day.
 */
function scheduleSm2(s: CardSchedule, rating: ReviewRating, now: Date): CardSchedule {
  const q = SM2_QUALITY[rating]
  const failed = q < 3
  const ef = failed ? s.ef : Math.max(SM2_MIN_EF, s.ef + 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02))
  const repetition = failed ? 0 : s.repetition + 1
  const interval = failed ? 0 : repetition <= 1 ? 1 : repetition === 2 ? 6 : Math.max(1, Math.round(s.scheduledDays * ef))
  return {
    ...s,
    ef: Math.round(ef * 1000) / 1000,
    repetition,
    nextReview: new Date(now.getTime() + (failed ? SM2_STEP_MINUTES * MINUTE_MS : interval * DAY_MS)),
    lastReviewed: now,
    scheduledDays: interval,
    reps: s.reps + 1,
    lapses: s.lapses + (failed ? 1 : 0),
  }
}

/**
 * The card's schedule after one review at `now`, for a deck reviewed with
 * `buttons` answer buttons (which chooses FSRS's learning steps). Pure: the
 * caller stores it.
 */
export function scheduleReview(s: CardSchedule, rating: ReviewRating, now: Date, name: SchedulerName, buttons: AnswerButtons = DEFAULT_ANSWER_BUTTONS): CardSchedule {
  return name === 'sm2' ? scheduleSm2(s, rating, now) : scheduleFsrs(s, rating, now, buttons)
}

/** How long after `now` the card would be due after each answer (ms): what the four buttons show. */
export function nextIntervals(s: CardSchedule, now: Date, name: SchedulerName, buttons: AnswerButtons): Record<ReviewRating, number> {
  const after = (rating: ReviewRating) => scheduleReview(s, rating, now, name, buttons).nextReview!.getTime() - now.getTime()
  return { Again: after('Again'), Hard: after('Hard'), Good: after('Good'), Easy: after('Easy') }
}

/** One answer of a card's history: its rating and when it was given. */
export interface TimedAnswer {
  rating: ReviewRating
  at: Date
}

/**
 * A card's history replayed: the answers in the order they were
 * given (`at`; answers of one instant keep the order they came in), each
 * scheduled on top of the one before, from `start` (the card before its
 * first answer). What two devices that reviewed one card offline need: the
 * later answer is applied on top of the earlier one, whichever arrived
 * first. An answer never counts as given before the one it follows (a
 * schedule cannot go back in time); each keeps its own `at` as given.
 * Returns every answer with the schedule before and after it, in that order.
 */
export function replayAnswers<A extends TimedAnswer>(
  start: CardSchedule,
  answers: readonly A[],
  name: SchedulerName,
  buttons: AnswerButtons = DEFAULT_ANSWER_BUTTONS,
): Array<{ answer: A; previous: CardSchedule; next: CardSchedule }> {
  const ordered = answers.map((answer, i) => ({ answer, i })).sort((a, b) => a.answer.at.getTime() - b.answer.at.getTime() || a.i - b.i)
  const out: Array<{ answer: A; previous: CardSchedule; next: CardSchedule }> = []
  let state = start
  for (const { answer } of ordered) {
    const last = state.lastReviewed?.getTime() ?? -Infinity
    const at = answer.at.getTime() < last ? state.lastReviewed! : answer.at
    const next = scheduleReview(state, answer.rating, at, name, buttons)
    out.push({ answer, previous: state, next })
    state = next
  }
  return out
}
