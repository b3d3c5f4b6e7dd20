import { and, asc, eq, sql } from 'drizzle-orm'
import type { AnswerButtons, ReviewRating, SchedulerName } from '@lingocast/contract'
import type { Db } from '../../db/client'
import { pgCode } from '../../db/query-error'
import { decks, flashcards, reviewLogs } from '../../db/schema'
import { fromSqlRow, scheduleOf, type FlashcardRow } from './flashcard-row'
import type { CardSchedule } from './schedule'

/** The schedule as the review log stores it (dates as ISO text); only the numbers are read back. */
export interface LoggedSchedule {
  ef: number
  scheduledDays: number
  nextReview?: string | null
  lastReviewed?: string | null
  /** FSRS's state (1 learning, 3 relearning: in a step); absent in logs older than the field. */
  fsrsState?: number
}

/** One review of a card: the rating and the schedule before and after it. */
export interface DeckReview {
  flashcardId: number
  rating: ReviewRating
  reviewedAt: Date
  /** How long the answer took (ms); null when the client did not say. */
  timeMs: number | null
  previous: LoggedSchedule
  next: LoggedSchedule
}

/** A schedule as stored in the review log: dates as ISO text. */
function logState(s: CardSchedule) {
  return { ...s, nextReview: s.nextReview?.toISOString() ?? null, lastReviewed: s.lastReviewed?.toISOString() ?? null }
}

/** A logged schedule read back whole; a field older rows lack is taken from `fallback`. */
function fromLogState(logged: LoggedSchedule, fallback: CardSchedule): CardSchedule {
  const date = (v: string | null | undefined, or: Date | null) => (v === undefined ? or : v === null ? null : new Date(v))
  const full = logged as Partial<Record<keyof CardSchedule, unknown>>
  const num = (key: Exclude<keyof CardSchedule, 'nextReview' | 'lastReviewed'>) => (typeof full[key] === 'number' ? (full[key] as number) : fallback[key])
  return {
    ef: num('ef'),
    repetition: num('repetition'),
    nextReview: date(logged.nextReview, fallback.nextReview),
    lastReviewed: date(logged.lastReviewed, fallback.lastReviewed),
    fsrsState: num('fsrsState'),
    stability: num('stability'),
    difficulty: num('difficulty'),
    scheduledDays: num('scheduledDays'),
    learningSteps: num('learningSteps'),
    reps: num('reps'),
    lapses: num('lapses'),
  }
}

/** The SET list that stores a schedule on a card row. */
function scheduleSet(s: CardSchedule) {
  return sql`ef = ${s.ef}, repetition = ${s.repetition},
    next_review = ${s.nextReview?.toISOString() ?? null}, last_reviewed = ${s.lastReviewed?.toISOString() ?? null},
    fsrs_state = ${s.fsrsState}, stability = ${s.stability}, difficulty = ${s.difficulty},
    scheduled_days = ${s.scheduledDays}, learning_steps = ${s.learningSteps},
    reps = ${s.reps}, lapses = ${s.lapses}, updated_at = now()`
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505'

/** One answer as the review call gives it. `at`: the time a review made offline carries; without it, the answer is given when it is written. */
export interface ReviewAnswer {
  rating: ReviewRating
  at?: Date
  timeMs: number | null
  reviewId: string | null
}

/** How a deck reviews: the scheduler and the answer buttons. */
export interface DeckRules {
  scheduler: SchedulerName
  answerButtons: AnswerButtons
}

/** The scheduling the repository applies, given by the service (pure functions of schedule.ts). */
export interface ReviewRules {
  now(): Date
  next(card: CardSchedule, at: Date, deck: DeckRules): CardSchedule
  replay<A extends { rating: ReviewRating; at: Date }>(start: CardSchedule, answers: readonly A[], deck: DeckRules): Array<{ answer: A; previous: CardSchedule; next: CardSchedule }>
}

/** What a review call did: `applied` false when its review_id was already in the log (`sameCard` false: for another card). */
export interface ReviewOutcome {
  row: FlashcardRow
  applied: boolean
  sameCard: boolean
}

/** Reviews of the user's cards and their log; every query is scoped by the user. */
export function createReviewsRepo(db: Db) {
  const cardOf = (userId: number, id: number) => and(eq(flashcards.id, id), eq(flashcards.userId, userId))

  return {
    /**
     * One review, written as one transaction: the card's new schedule and its
     * log row together or not at all. `rules.next` computes the schedule from
     * the card as read. The fast path reads the card, then writes both rows in
     * one statement that only applies if nobody reviewed the card in between
     * (`reps` unchanged): 2 round trips, no lock held across them. If someone
     * did, the review is redone under a row lock (SELECT ... FOR UPDATE), so
     * concurrent reviews of one card queue up and each starts from the state
     * the one before it saved; nothing is lost and nobody retries forever.
     *
     * An answer given before the card's last applied one (made offline, sent
     * late, decision 0015) is not put on top of it: under the lock, the card's log
     * is replayed with it in its place (`rules.replay`), and every log row
     * from there on gets the schedule before and after it rewritten.
     *
     * An answer with a `reviewId` already in the user's log changes nothing:
     * `applied` is false and the card is returned as it is (`sameCard` false
     * when that id was another card's). A unique index makes this hold for
     * two copies sent at once too: the second one's insert fails and its
     * whole write is rolled back.
     */
    async review(userId: number, id: number, answer: ReviewAnswer, rules: ReviewRules): Promise<ReviewOutcome | undefined> {
      // With the card, in the same statement (one snapshot: a copy applied already is in the card read), the card an id was applied to
      // ('' for a card since deleted), null when the id is new or absent.
      const appliedTo = answer.reviewId
        ? sql<string | null>`(SELECT coalesce(flashcard_id::text, '') FROM ${reviewLogs} WHERE user_id = ${userId} AND review_id = ${answer.reviewId}::uuid)`
        : sql<string | null>`NULL::text`
      const read = async (q: Db, lock: boolean) => {
        const query = q
          .select({ card: flashcards, scheduler: decks.scheduler, answerButtons: decks.answerButtons, appliedTo })
          .from(flashcards)
          .innerJoin(decks, eq(decks.id, flashcards.deckId))
          .where(cardOf(userId, id))
        const [row] = lock ? await query.for('update', { of: flashcards }) : await query
        return (
          row && {
            card: row.card,
            deck: { scheduler: row.scheduler as SchedulerName, answerButtons: row.answerButtons as AnswerButtons },
            appliedTo: row.appliedTo,
          }
        )
      }
      type Seen = NonNullable<Awaited<ReturnType<typeof read>>>
      const unchanged = ({ card, appliedTo }: Seen): ReviewOutcome | undefined =>
        appliedTo === null ? undefined : { row: card, applied: false, sameCard: appliedTo === String(id) }
      // Only an answer that carries its own time can be before the card's last one: one without is given now.
      const before = (card: FlashcardRow) => answer.at !== undefined && card.lastReviewed !== null && answer.at.getTime() < card.lastReviewed.getTime()
      const onTop = async (q: Db, { card, deck }: Seen) => {
        const at = answer.at ?? rules.now()
        const schedule = rules.next(scheduleOf(card), at, deck)
        const result = await q.execute<Record<string, unknown>>(sql`
          WITH updated AS (
            UPDATE ${flashcards} SET ${scheduleSet(schedule)}
            WHERE id = ${id} AND user_id = ${userId} AND reps = ${card.reps}
            RETURNING *
          ), logged AS (
            INSERT INTO ${reviewLogs} (user_id, flashcard_id, rating, scheduler, reviewed_at, time_ms, review_id, previous, next)
            SELECT ${userId}, id, ${answer.rating}, ${deck.scheduler}, ${at.toISOString()}, ${answer.timeMs}::integer, ${answer.reviewId}::uuid,
              ${JSON.stringify(logState(scheduleOf(card)))}::jsonb, ${JSON.stringify(logState(schedule))}::jsonb
            FROM updated
          )
          SELECT * FROM updated`)
        const [row] = result.rows
        return row ? fromSqlRow(row) : undefined
      }
      const replayed = async (tx: Db, { card, deck }: Seen, at: Date): Promise<FlashcardRow> => {
        const history = await tx
          .select({ logId: reviewLogs.id, rating: reviewLogs.rating, at: reviewLogs.reviewedAt, previous: reviewLogs.previous })
          .from(reviewLogs)
          .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.flashcardId, id)))
          .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id))
        // The card before its first logged answer; a card reviewed before the log existed starts where it stands.
        const start = history[0] ? fromLogState(history[0].previous as LoggedSchedule, scheduleOf(card)) : scheduleOf(card)
        const answers = [...history.map((h) => ({ ...h, rating: h.rating as ReviewRating })), { logId: undefined, rating: answer.rating, at }]
        const steps = rules.replay(start, answers, deck)
        const from = steps.findIndex((s) => s.answer.logId === undefined)
        for (const step of steps.slice(from)) {
          const [previous, next] = [JSON.stringify(logState(step.previous)), JSON.stringify(logState(step.next))]
          if (step.answer.logId === undefined) {
            await tx.insert(reviewLogs).values({
              userId, flashcardId: id, rating: answer.rating, scheduler: deck.scheduler, reviewedAt: at, timeMs: answer.timeMs, reviewId: answer.reviewId,
              previous: sql`${previous}::jsonb`, next: sql`${next}::jsonb`,
            })
          } else {
            await tx.update(reviewLogs).set({ previous: sql`${previous}::jsonb`, next: sql`${next}::jsonb` }).where(eq(reviewLogs.id, step.answer.logId))
          }
        }
        const result = await tx.execute<Record<string, unknown>>(sql`
          UPDATE ${flashcards} SET ${scheduleSet(steps.at(-1)!.next)} WHERE id = ${id} AND user_id = ${userId} RETURNING *`)
        return fromSqlRow(result.rows[0]!)
      }

      try {
        const seen = await read(db, false)
        if (!seen) return undefined
        const known = unchanged(seen)
        if (known) return known
        if (!before(seen.card)) {
          const fast = await onTop(db, seen)
          if (fast) return { row: fast, applied: true, sameCard: true }
        }
        return await db.transaction(async (t) => {
          const tx = t as unknown as Db
          const locked = await read(tx, true)
          if (!locked) return undefined
          // A copy committed while this one waited for the lock may be missed here: its insert then fails on the index (below).
          const known = unchanged(locked)
          if (known) return known
          const row = before(locked.card) ? await replayed(tx, locked, answer.at!) : await onTop(tx, locked)
          return { row: row!, applied: true, sameCard: true }
        })
      } catch (error) {
        // The same id sent twice at once: the other copy was applied first, this one changed nothing.
        if (!answer.reviewId || pgCode(error) !== UNIQUE_VIOLATION) throw error
        const seen = await read(db, false)
        if (!seen) return undefined
        return unchanged(seen) ?? { row: seen.card, applied: false, sameCard: true }
      }
    },

    /** The review log of one card, oldest first (tests and future parameter training). */
    reviewLog: (userId: number, id: number) =>
      db.select().from(reviewLogs).where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.flashcardId, id))).orderBy(asc(reviewLogs.id)),

    /** Every review of the deck's cards, oldest first: the history an Anki export carries in `revlog`. */
    deckReviewLog: (userId: number, deckId: number): Promise<DeckReview[]> =>
      db
        .select({ flashcardId: flashcards.id, rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt, timeMs: reviewLogs.timeMs, previous: reviewLogs.previous, next: reviewLogs.next })
        .from(reviewLogs)
        .innerJoin(flashcards, eq(flashcards.id, reviewLogs.flashcardId))
        .where(and(eq(reviewLogs.userId, userId), eq(flashcards.deckId, deckId), eq(flashcards.userId, userId)))
        .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id)) as Promise<DeckReview[]>,

    /**
     * Cards added and reviews made per calendar day of `timeZone`, every day
     * from `start` to `end` inclusive (days without activity as zeros).
     */
    async dailyActivity(userId: number, start: string, end: string, timeZone: string): Promise<Array<{ date: string; cards_added: number; cards_reviewed: number }>> {
      const from = sql`(${start}::date::timestamp AT TIME ZONE ${timeZone})`
      const to = sql`((${end}::date + 1)::timestamp AT TIME ZONE ${timeZone})`
      const result = await db.execute<{ date: string; cards_added: number; cards_reviewed: number }>(sql`
        WITH days AS (
          SELECT d::date AS day FROM generate_series(${start}::date, ${end}::date, interval '1 day') AS d
        ), added AS (
          SELECT (created_at AT TIME ZONE ${timeZone})::date AS day, count(*)::int AS n
          FROM ${flashcards} WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to} GROUP BY 1
        ), reviewed AS (
          SELECT (reviewed_at AT TIME ZONE ${timeZone})::date AS day, count(*)::int AS n
          FROM ${reviewLogs} WHERE user_id = ${userId} AND reviewed_at >= ${from} AND reviewed_at < ${to} GROUP BY 1
        )
        SELECT to_char(days.day, 'YYYY-MM-DD') AS date, coalesce(added.n, 0) AS cards_added, coalesce(reviewed.n, 0) AS cards_reviewed
        FROM days LEFT JOIN added USING (day) LEFT JOIN reviewed USING (day)
        ORDER BY days.day`)
      return result.rows
    },
  }
}
