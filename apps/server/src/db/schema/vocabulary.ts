import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { feedItems } from './feeds'
import { mediaTranscripts } from './transcripts'
import { users } from './users'

/**
 * A learner's term: a lemma, or a phrase of up to 6 words as its lemmas
 * joined by single spaces ("look forward to"), with 'learning', 'known' or
 * 'ignored'. A term without a row is new. Learning has a level,
 * 1 to 4 as in LingQ and Lute (null reads as 1); any term may carry the
 * learner's own hint, whatever its status. Scoped by user like
 * everything else.
 */
export const userWords = pgTable(
  'user_words',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lemma: text('lemma').notNull(),
    status: text('status').notNull(),
    level: smallint('level'),
    hint: text('hint'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lemma] }),
    index('user_words_status_idx').on(t.userId, t.status, t.updatedAt),
    // The learner's phrases are read on every call of the library's figures: without it, a pass over all their marks.
    index('user_words_phrases_idx')
      .on(t.userId)
      .where(sql`${t.lemma} like '% %'`),
  ],
)

/**
 * When each of a learner's terms last had its status (and level) set: a
 * change made offline carries the time it was made and is applied only
 * if no later change of the same term is known (last write wins per term).
 * Kept apart from user_words because a term set back to new has no row there,
 * yet its time must still outrank an older change that arrives later.
 */
export const userWordChanges = pgTable(
  'user_word_changes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lemma: text('lemma').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lemma] })],
)

/**
 * How often each lemma occurs in a transcript (names, numbers and symbols
 * left out), computed once when the transcript is done: comprehension is then
 * a join of these rows with the learner's marks, never a pass over the text.
 */
export const transcriptLemmas = pgTable(
  'transcript_lemmas',
  {
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => mediaTranscripts.id, { onDelete: 'cascade' }),
    lemma: text('lemma').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.lemma] }), index('transcript_lemmas_lemma_idx').on(t.lemma)],
)

/**
 * A done transcript read as its words' lemmas, a segment a line:
 * phrases are found in it by string search ("look forward to" in "looked
 * forward to"). Made when the transcript's lemmas are counted, so a new
 * phrase never runs the tagger over the library.
 */
export const transcriptLemmaSequences = pgTable('transcript_lemma_sequences', {
  transcriptId: integer('transcript_id')
    .primaryKey()
    .references(() => mediaTranscripts.id, { onDelete: 'cascade' }),
  sequence: text('sequence').notNull(),
})

/** Each day's count of known lemmas, per user: the statistics screen's known-words line. */
export const knownWordsDaily = pgTable(
  'known_words_daily',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    known: integer('known').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

/**
 * The publisher transcript of a feed episode that has no transcript of its
 * own yet (nobody collected it), read once so the episode shows how much of
 * it the learner understands. `transcript_url` is the address that was read:
 * when the feed names another one, it is read again. `status` is 'counted'
 * or 'failed' (a failure is tried again a day later).
 */
export const feedItemWords = pgTable('feed_item_words', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => feedItems.id, { onDelete: 'cascade' }),
  transcriptUrl: text('transcript_url').notNull(),
  status: text('status').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
})

/** How often each lemma occurs in such a publisher transcript: transcript_lemmas for an episode not yet transcribed. */
export const feedItemLemmas = pgTable(
  'feed_item_lemmas',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    lemma: text('lemma').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.lemma] })],
)

/**
 * A learner's word settings: the language meanings are shown in
 * (ISO 639-1 code) and a web dictionary to offer when no source knows a word
 * (a URL template with {word}, as Lute has). A user without a row has neither.
 */
export const userWordSettings = pgTable('user_word_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nativeLanguage: text('native_language'),
  dictionaryUrl: text('dictionary_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
