import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { articles } from './library'
import { users } from './users'

/**
 * A learner's recorded repetition of one segment of an article (shadowing):
 * the take's audio in storage and, once the scoring job ran, the
 * score. Only the last few takes per user and segment are kept.
 */
export const shadowTakes = pgTable(
  'shadow_takes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** The segment, by its times in the article's media (ms). */
    segmentStartMs: integer('segment_start_ms').notNull(),
    segmentEndMs: integer('segment_end_ms').notNull(),
    /** The segment's words as they were when the take was made. */
    text: text('text').notNull(),
    /** The take's audio (a storage address). */
    audio: text('audio').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    /** scoring | scored | failed */
    status: text('status').notNull().default('scoring'),
    /** Overall score 0-100, once scored. */
    score: real('score'),
    /** Per-word result and rates, once scored. */
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shadow_takes_user_segment_idx').on(t.userId, t.articleId, t.segmentStartMs, t.createdAt)],
)
