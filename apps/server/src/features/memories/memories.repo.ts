import { and, asc, eq, sql } from 'drizzle-orm'
import type { AnswerButtons, ReviewRating, SchedulerName } from '@lingocast/contract'
import type { Db } from '../../db/client'
import { decks, flashcards, reviewLogs } from '../../db/schema'
import type { CardSchedule } from './schedule'

export type DeckRow = typeof decks.$inferSelect
export type FlashcardRow = typeof flashcards.$inferSelect

/** The schedule columns of a card row, as the pure scheduler sees them. */
export function scheduleOf(row: FlashcardRow): CardSchedule {
  const { ef, repetition, nextReview, lastReviewed, fsrsState, stability, difficulty, scheduledDays, learningSteps, reps, lapses } = row
  return { ef, repetition, nextReview, lastReviewed, fsrsState, stability, difficulty, scheduledDays, learningSteps, reps, lapses }
}

/** A card row as raw SQL returns it (snake_case, timestamps as Date) in drizzle's shape. */
function fromSqlRow(r: Record<string, unknown>): FlashcardRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)))
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    deckId: Number(r.deck_id),
    front: String(r.front),
    back: String(r.back),
    ef: Number(r.ef),
    repetition: Number(r.repetition),
    nextReview: date(r.next_review),
    lastReviewed: date(r.last_reviewed),
    fsrsState: Number(r.fsrs_state),
    stability: Number(r.stability),
    difficulty: Number(r.difficulty),
    scheduledDays: Number(r.scheduled_days),
    learningSteps: Number(r.learning_steps),
    reps: Number(r.reps),
    lapses: Number(r.lapses),
    kind: String(r.kind),
    audio: r.audio === null || r.audio === undefined ? null : String(r.audio),
    audioSource: r.audio_source ?? null,
    audioStatus: r.audio_status === null || r.audio_status === undefined ? null : String(r.audio_status),
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  }
}

/** Where a card's clip is cut from: a media address and the stretch of it. */
export interface ClipSource {
  media: string
  startMs: number
  endMs: number
}

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
/** The SQLSTATE of a failed query (drizzle wraps the driver's error in `cause`). */
function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code
  }
  return undefined
}

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

/** Every query is scoped by the user: another user's deck or card is simply not found. */
export function createMemoriesRepo(db: Db) {
  const cardOf = (userId: number, id: number) => and(eq(flashcards.id, id), eq(flashcards.userId, userId))

  return {
    listDecks: (userId: number): Promise<DeckRow[]> => db.select().from(decks).where(eq(decks.userId, userId)).orderBy(asc(decks.id)),

    async findDeck(userId: number, deckId: number): Promise<DeckRow | undefined> {
      const [row] = await db.select().from(decks).where(and(eq(decks.id, deckId), eq(decks.userId, userId)))
      return row
    },

    async insertDeck(userId: number, name: string, scheduler: SchedulerName, answerButtons?: AnswerButtons): Promise<DeckRow> {
      const [row] = await db
        .insert(decks)
        .values({ userId, name, scheduler, ...(answerButtons ? { answerButtons } : {}) })
        .returning()
      return row!
    },

    /** Sets how one of the user's decks is reviewed; undefined when it is not theirs. */
    async updateDeckSettings(userId: number, deckId: number, settings: { answerButtons: AnswerButtons }): Promise<DeckRow | undefined> {
      const [row] = await db.update(decks).set(settings).where(and(eq(decks.id, deckId), eq(decks.userId, userId))).returning()
      return row
    },

    /** One of the user's cards with how its deck is reviewed. */
    async cardWithDeck(userId: number, id: number): Promise<{ card: FlashcardRow; scheduler: string; answerButtons: number } | undefined> {
      const [row] = await db
        .select({ card: flashcards, scheduler: decks.scheduler, answerButtons: decks.answerButtons })
        .from(flashcards)
        .innerJoin(decks, eq(decks.id, flashcards.deckId))
        .where(cardOf(userId, id))
      return row
    },

    listCards: (userId: number, deckId: number): Promise<FlashcardRow[]> =>
      db.select().from(flashcards).where(and(eq(flashcards.deckId, deckId), eq(flashcards.userId, userId))).orderBy(asc(flashcards.id)),

    async insertCard(
      userId: number,
      deckId: number,
      values: { front: string; back: string; schedule: CardSchedule; createdAt?: Date; kind?: string; clip?: ClipSource },
    ): Promise<FlashcardRow> {
      const [row] = await db
        .insert(flashcards)
        .values({
          userId,
          deckId,
          front: values.front,
          back: values.back,
          ...values.schedule,
          ...(values.createdAt ? { createdAt: values.createdAt } : {}),
          ...(values.kind ? { kind: values.kind } : {}),
          ...(values.clip ? { audioSource: values.clip, audioStatus: 'pending' } : {}),
        })
        .returning()
      return row!
    },

    /** A card whose clip is to be cut (the job reads it unscoped: it acts for the card's owner). */
    async pendingClip(id: number): Promise<{ userId: number; source: ClipSource } | undefined> {
      const [row] = await db
        .select({ userId: flashcards.userId, source: flashcards.audioSource })
        .from(flashcards)
        .where(and(eq(flashcards.id, id), eq(flashcards.audioStatus, 'pending')))
      return row?.source ? { userId: row.userId, source: row.source as ClipSource } : undefined
    },

    /** Stores the cut clip; false when the card was deleted (or cut) meanwhile, and the file is the caller's to remove. */
    async setClip(id: number, address: string): Promise<boolean> {
      const rows = await db
        .update(flashcards)
        .set({ audio: address, audioStatus: 'ready', audioSource: null })
        .where(and(eq(flashcards.id, id), eq(flashcards.audioStatus, 'pending')))
        .returning({ id: flashcards.id })
      return rows.length > 0
    },

    async failClip(id: number): Promise<void> {
      await db.update(flashcards).set({ audioStatus: 'failed' }).where(and(eq(flashcards.id, id), eq(flashcards.audioStatus, 'pending')))
    },

    /** The stored clip of one of the user's cards. */
    async clipOf(userId: number, id: number): Promise<string | undefined> {
      const [row] = await db.select({ audio: flashcards.audio }).from(flashcards).where(cardOf(userId, id))
      return row?.audio ?? undefined
    },

    /** Many cards in one statement: all are added or none. */
    async insertCards(userId: number, deckId: number, cards: ReadonlyArray<{ front: string; back: string }>, schedule: CardSchedule): Promise<number> {
      if (cards.length === 0) return 0
      const rows = await db
        .insert(flashcards)
        .values(cards.map((c) => ({ userId, deckId, front: c.front, back: c.back, ...schedule })))
        .returning({ id: flashcards.id })
      return rows.length
    },

    async updateCard(userId: number, id: number, values: { front: string; back: string }): Promise<FlashcardRow | undefined> {
      const [row] = await db
        .update(flashcards)
        .set({ ...values, updatedAt: sql`now()` })
        .where(cardOf(userId, id))
        .returning()
      return row
    },

    /** False when there was no such card; else the address of its clip (null without one), now the caller's to remove. */
    async deleteCard(userId: number, id: number): Promise<{ audio: string | null } | false> {
      const [row] = await db.delete(flashcards).where(cardOf(userId, id)).returning({ audio: flashcards.audio })
      return row ?? false
    },

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
     * late: issue 26) is not put on top of it: under the lock, the card's log
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

export type MemoriesRepo = ReturnType<typeof createMemoriesRepo>
