import { doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * A user's deck; `scheduler` is 'fsrs' (FSRS-6) or 'sm2'. `answer_buttons`:
 * 2 reviews with the spec's Unfamiliar / Familiar, 4 with Anki's Again, Hard,
 * Good, Easy (each showing its next interval) and Anki's learning steps.
 */
export const decks = pgTable(
  'decks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scheduler: text('scheduler').notNull().default('fsrs'),
    answerButtons: smallint('answer_buttons').notNull().default(2),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decks_user_id_idx').on(t.userId, t.id)],
)

/**
 * A flashcard: the spec's fields (ef, repetition, next_review, last_reviewed)
 * and beside them the FSRS memory state they are derived from. `user_id` is
 * kept on the card so every query is scoped by its owner in one index.
 */
export const flashcards = pgTable(
  'flashcards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deckId: integer('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    front: text('front').notNull(),
    back: text('back').notNull(),
    ef: doublePrecision('ef').notNull().default(2.5),
    repetition: integer('repetition').notNull().default(0),
    nextReview: timestamp('next_review', { withTimezone: true }),
    lastReviewed: timestamp('last_reviewed', { withTimezone: true }),
    // FSRS state (ts-fsrs Card): 0 New, 1 Learning, 2 Review, 3 Relearning.
    fsrsState: smallint('fsrs_state').notNull().default(0),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** 'standard' (text front) or 'listening' (the front is the sentence's audio: cards that speak). */
    kind: text('kind').notNull().default('standard'),
    /** The stored clip of the card's sentence (a storage address), once cut; cards made by hand have none. */
    audio: text('audio'),
    /**
     * Where the clip is cut from while it is pending or if cutting failed:
     * { media, start_ms, end_ms }. Cleared when the clip is stored.
     */
    audioSource: jsonb('audio_source'),
    /** pending | ready | failed; null for a card without sentence audio. */
    audioStatus: text('audio_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flashcards_deck_id_idx').on(t.deckId, t.id), index('flashcards_user_created_idx').on(t.userId, t.createdAt)],
)

/**
 * Every review, with the card's state before and after it: what FSRS
 * parameters are trained on and what the statistics count. A deleted card
 * keeps its history (card_id becomes null) so past activity stays counted.
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flashcardId: integer('flashcard_id').references(() => flashcards.id, { onDelete: 'set null' }),
    rating: text('rating').notNull(),
    scheduler: text('scheduler').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** How long the learner took to answer (card shown to answer), in ms; null when the client did not say. */
    timeMs: integer('time_ms'),
    /**
     * The client's id of the answer (decision 0015: reviews made offline are sent,
     * and may be sent again, later); null for answers sent without one. One
     * per user: the same answer is applied once.
     */
    reviewId: uuid('review_id'),
    // Before/after: the card's schedule (JSON) (ef, repetition, dates and the FSRS state).
    previous: jsonb('previous').notNull(),
    next: jsonb('next').notNull(),
  },
  (t) => [
    index('review_logs_user_time_idx').on(t.userId, t.reviewedAt),
    index('review_logs_flashcard_idx').on(t.flashcardId),
    uniqueIndex('review_logs_user_review_id_idx').on(t.userId, t.reviewId),
  ],
)
