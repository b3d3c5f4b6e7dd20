import { boolean, index, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users'

/** A user's study item. `id` is the spec's CollectionID; `hash_id` its public HashID. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    hashId: text('hash_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    video: text('video'),
    audio: text('audio'),
    outline: text('outline').notNull().default(''),
    plainText: text('plain_text').notNull().default(''),
    isFinished: boolean('is_finished').notNull().default(false),
    thumbnail: text('thumbnail'),
    durationSeconds: real('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_hash_id_key').on(t.hashId),
    index('articles_user_id_idx').on(t.userId, t.id),
    // Whose library plays a transcript that became done (migration 0017's trigger). Hash: an address may be longer than a btree entry.
    index('articles_audio_idx').using('hash', t.audio),
    index('articles_video_idx').using('hash', t.video),
  ],
)

/** Users whose demo articles were seeded once; deleting a demo article keeps it deleted. */
export const librarySeeds = pgTable('library_seeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
})
