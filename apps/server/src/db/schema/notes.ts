import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { articles } from './library'
import { users } from './users'

/**
 * A user's notes on one article (spec 000: the notes document). An article
 * belongs to one user, so the article is the key; user_id keeps every query
 * scoped by the signed-in user. editor/revision order the saves of one open
 * editor so that an older save arriving late cannot overwrite a newer one.
 */
export const articleNotes = pgTable('article_notes', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  editor: text('editor'),
  revision: integer('revision'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
