import { bigint, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased; null for accounts known only through an OAuth provider without a verified email. */
    email: text('email'),
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Moved on by a database trigger (migration 0017) whenever a statement
     * writes the user's articles / word marks: a cache of the library list or
     * of the comprehension figures checks its freshness with one read of this row.
     */
    libraryVersion: bigint('library_version', { mode: 'number' }).notNull().default(0),
    marksVersion: bigint('marks_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
)

/** Links an OAuth/OIDC account (provider + its stable subject id) to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
)
