import { sql } from 'drizzle-orm'
import { bigint, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased; null for accounts known only through an OAuth provider without a verified email. */
    email: text('email'),
    /** Unique whatever its case: two addresses with the same local part get alice and alice-2 (migration 0021). */
    username: text('username').notNull(),
    /**
     * The account's id as the console sees it (the `user_id` of the sign-in answers): random, so it
     * says nothing of how many accounts there are or which came first, and cannot be guessed from
     * another's; the console keys this account's offline data in the browser by it.
     */
    publicId: uuid('public_id').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Moved on by a database trigger (migration 0017) whenever a statement
     * writes the user's articles / word marks: a cache of the library list or
     * of the comprehension figures checks its freshness with one read of this row.
     */
    libraryVersion: bigint('library_version', { mode: 'number' }).notNull().default(0),
    marksVersion: bigint('marks_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_public_id_key').on(t.publicId),
  ],
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
