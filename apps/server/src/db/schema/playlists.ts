import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { articles } from './library'
import { users } from './users'

/** A user's playlist (collection). `hash_id` is its public id; `public` lets others open and keep it. */
export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    hashId: text('hash_id').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isPublic: boolean('public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('playlists_hash_id_key').on(t.hashId), index('playlists_owner_id_idx').on(t.ownerId, t.id)],
)

/**
 * The articles of a playlist in play order. Deleting the article (from its
 * owner's library) or the playlist removes the item: ON DELETE CASCADE.
 */
export const playlistItems = pgTable(
  'playlist_items',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.articleId] }), index('playlist_items_article_id_idx').on(t.articleId), index('playlist_items_order_idx').on(t.playlistId, t.position)],
)

/** Another user's public playlist kept in a user's library (listed with is_mine false). */
export const playlistKeeps = pgTable(
  'playlist_keeps',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    keptAt: timestamp('kept_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.playlistId] }), index('playlist_keeps_playlist_id_idx').on(t.playlistId)],
)
