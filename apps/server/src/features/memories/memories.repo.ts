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
     * log row together or not at all. `next` computes the schedule from the
     * card as read. The fast path reads the card, then writes both rows in one
     * statement that only applies if nobody reviewed the card in between
     * (`reps` unchanged): 2 round trips, no lock held across them. If someone
     * did, the review is redone under a row lock (SELECT ... FOR UPDATE), so
     * concurrent reviews of one card queue up and each starts from the state
     * the one before it saved; nothing is lost and nobody retries forever.
     */
    async review(
      userId: number,
      id: number,
      rating: ReviewRating,
      next: (row: FlashcardRow, deck: { scheduler: SchedulerName; answerButtons: AnswerButtons }) => { schedule: CardSchedule; reviewedAt: Date },
      timeMs: number | null = null,
    ): Promise<FlashcardRow | undefined> {
      const read = async (q: Db, lock: boolean) => {
        const query = q
          .select({ card: flashcards, scheduler: decks.scheduler, answerButtons: decks.answerButtons })
          .from(flashcards)
          .innerJoin(decks, eq(decks.id, flashcards.deckId))
          .where(cardOf(userId, id))
        const [row] = lock ? await query.for('update', { of: flashcards }) : await query
        return row
      }
      const write = async (q: Db, card: FlashcardRow, scheduler: SchedulerName, answerButtons: AnswerButtons) => {
        const { schedule, reviewedAt } = next(card, { scheduler, answerButtons })
        const result = await q.execute<Record<string, unknown>>(sql`
          WITH updated AS (
            UPDATE ${flashcards} SET
              ef = ${schedule.ef}, repetition = ${schedule.repetition},
              next_review = ${schedule.nextReview?.toISOString() ?? null}, last_reviewed = ${schedule.lastReviewed?.toISOString() ?? null},
              fsrs_state = ${schedule.fsrsState}, stability = ${schedule.stability}, difficulty = ${schedule.difficulty},
              scheduled_days = ${schedule.scheduledDays}, learning_steps = ${schedule.learningSteps},
              reps = ${schedule.reps}, lapses = ${schedule.lapses}, updated_at = now()
            WHERE id = ${id} AND user_id = ${userId} AND reps = ${card.reps}
            RETURNING *
          ), logged AS (
            INSERT INTO ${reviewLogs} (user_id, flashcard_id, rating, scheduler, reviewed_at, time_ms, previous, next)
            SELECT ${userId}, id, ${rating}, ${scheduler}, ${reviewedAt.toISOString()}, ${timeMs}::integer, ${JSON.stringify(logState(scheduleOf(card)))}::jsonb, ${JSON.stringify(logState(schedule))}::jsonb
            FROM updated
          )
          SELECT * FROM updated`)
        const [row] = result.rows
        return row ? fromSqlRow(row) : undefined
      }

      const seen = await read(db, false)
      if (!seen) return undefined
      const fast = await write(db, seen.card, seen.scheduler as SchedulerName, seen.answerButtons as AnswerButtons)
      if (fast) return fast
      return db.transaction(async (tx) => {
        const locked = await read(tx as unknown as Db, true)
        return locked ? write(tx as unknown as Db, locked.card, locked.scheduler as SchedulerName, locked.answerButtons as AnswerButtons) : undefined
      })
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
