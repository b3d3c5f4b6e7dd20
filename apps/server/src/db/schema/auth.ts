import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users'

/** Sign-in codes, stored only as an HMAC of (email, code). */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The client that asked for it (IP, IPv6 by /64): codes are counted and checked per address and client. */
    client: text('client'),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_email_created_idx').on(t.email, t.createdAt)],
)

/** Session tokens, stored as SHA-256 of the 32 random bytes handed to the client. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
)

/** One row per OAuth redirect in flight: state (hashed) and its PKCE verifier, single use. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  jump: text('jump').notNull(),
  /** Hash of the browser cookie set at start: the callback must come back to the browser that started. */
  browserHash: text('browser_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/**
 * One-time sign-in tickets of the OAuth return (`/console/login?token=<ticket>`):
 * hashed, valid for a minute, bound to the browser that started the flow, and
 * exchanged once for a session token by the console's verification call.
 */
export const oauthTickets = pgTable('oauth_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  browserHash: text('browser_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
