import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { appSettings, authTokens, emailCodes, oauthStates, oauthTickets, userIdentities, users } from '../../db/schema'
import { firstFreeUsername } from './usernames'

/** Tries of a new user's name: each lost one means another sign-in took that name at the same moment. */
const NAME_ATTEMPTS = 20

/** Either the top-level db or the `tx` of a transaction callback (never mix them: hazard 1). */
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

export type UserRow = typeof users.$inferSelect
export type CodeRow = typeof emailCodes.$inferSelect

export function createAuthRepo(db: Db) {
  const userByToken = db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(eq(authTokens.tokenHash, sql.placeholder('tokenHash')), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, sql`now()`)),
    )
    .prepare('user_by_token')

  /**
   * The unique indexes on email and lower(username) decide, not a read before the write: an insert
   * that meets either does nothing. An address already there answers its user; a name taken
   * (also by a concurrent sign-in that committed first, on another process too) is followed by
   * the first free one among the names now taken, tried again. Each try is one statement of the
   * caller's transaction, so nothing it did is rolled back.
   */
  async function insertWithFreeName(values: { email: string | null; username: string }, tx: Executor): Promise<UserRow> {
    let username = values.username
    for (let attempt = 1; ; attempt++) {
      const [row] = await tx.insert(users).values({ email: values.email, username }).onConflictDoNothing().returning()
      if (row) return row
      if (values.email !== null) {
        const [existing] = await tx.select().from(users).where(eq(users.email, values.email))
        if (existing) return existing
      }
      if (attempt >= NAME_ATTEMPTS) throw new Error(`No free username like "${values.username}" after ${NAME_ATTEMPTS} tries`)
      const base = values.username.toLowerCase()
      const taken = await tx
        .select({ username: users.username })
        .from(users)
        .where(or(sql`lower(${users.username}) = ${base}`, sql`starts_with(lower(${users.username}), ${base + '-'})`))
      username = firstFreeUsername(values.username, taken.map((r) => r.username))
    }
  }

  return {
    transaction: db.transaction.bind(db),

    /** Generated once per instance; the first writer wins, concurrent boots read the same value. */
    async getOrCreateSetting(key: string, make: () => string): Promise<string> {
      await db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing()
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key))
      if (!row) throw new Error(`setting ${key} missing after insert`)
      return row.value
    },

    /** Serialises code issuing per address inside a transaction so the hourly cap holds under races. */
    async lockAddress(email: string, tx: Executor = db) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'email-code:' + email}))`)
    },

    /** Codes sent to an address since `since`: all of them, and those a given client asked for. */
    async countCodesSince(email: string, client: string, since: Date, tx: Executor = db): Promise<{ all: number; client: number }> {
      const [row] = await tx
        .select({ all: sql<number>`count(*)::int`, client: sql<number>`(count(*) FILTER (WHERE ${emailCodes.client} = ${client}))::int` })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, since)))
      return { all: row?.all ?? 0, client: row?.client ?? 0 }
    },

    /**
     * Whether `client` signed in to the address with one of its codes since `since`: someone there
     * read the address's mail. Rows are kept a day (purgeExpired), so `since` reaches back at most that.
     */
    async signedInFromSince(email: string, client: string, since: Date, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: emailCodes.id })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.client, client), gt(emailCodes.usedAt, since)))
        .limit(1)
      return row !== undefined
    },

    async insertCode(values: { email: string; client: string; codeHash: string; expiresAt: Date }, tx: Executor = db): Promise<number> {
      const [row] = await tx.insert(emailCodes).values(values).returning({ id: emailCodes.id })
      return row!.id
    },

    async deleteCode(id: number) {
      await db.delete(emailCodes).where(eq(emailCodes.id, id))
    },

    /**
     * Only the newest code a client asked for counts; a new one retires its older ones. Another
     * client's codes are neither retired nor guessable from here (decision 0002).
     */
    async latestCodeForUpdate(email: string, client: string, tx: Executor = db): Promise<CodeRow | undefined> {
      const [row] = await tx
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.client, client)))
        .orderBy(desc(emailCodes.id))
        .limit(1)
        .for('update')
      return row
    },

    async addWrongTry(id: number, tx: Executor = db) {
      await tx
        .update(emailCodes)
        .set({ wrongTries: sql`${emailCodes.wrongTries} + 1` })
        .where(eq(emailCodes.id, id))
    },

    /** Single use even under a race: only one caller sees a row come back. */
    async consumeCode(id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(emailCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
        .returning({ id: emailCodes.id })
      return rows.length === 1
    },

    async findUserByEmail(email: string, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.email, email))
      return row
    },

    async findUserById(id: number, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id))
      return row
    },

    /**
     * Insert-or-fetch by email, safe against a concurrent insert: an existing address costs the
     * same two statements as before. A new address gets `username`, or the first free
     * `username-2`, `-3`, ... when another account has that name (firstFreeUsername).
     */
    async upsertUserByEmail(email: string, username: string, tx: Executor = db): Promise<UserRow> {
      return insertWithFreeName({ email, username }, tx)
    },

    /** A new user under the first free name like `username` (or the user of `email`, made meanwhile by a concurrent sign-in). */
    async createUser(values: { email: string | null; username: string }, tx: Executor = db): Promise<UserRow> {
      return insertWithFreeName(values, tx)
    },

    async findIdentity(provider: string, subject: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      return row
    },

    async linkIdentity(provider: string, subject: string, userId: number, tx: Executor = db) {
      await tx.insert(userIdentities).values({ provider, subject, userId }).onConflictDoNothing()
    },

    async insertToken(values: { tokenHash: string; userId: number; expiresAt: Date }, tx: Executor = db) {
      await tx.insert(authTokens).values(values)
    },

    /** Runs on every authenticated request: prepared once, so neither drizzle nor the server re-plans it. */
    async findUserByToken(tokenHash: string): Promise<UserRow | undefined> {
      const [row] = await userByToken.execute({ tokenHash })
      return row?.user
    },

    async revokeToken(tokenHash: string): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)))
        .returning({ userId: authTokens.userId })
      return rows.length > 0
    },

    async insertOAuthState(values: typeof oauthStates.$inferInsert) {
      await db.insert(oauthStates).values(values)
    },

    /** Delete-and-return makes the state single use. */
    async takeOAuthState(stateHash: string, provider: string) {
      const [row] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.stateHash, stateHash), eq(oauthStates.provider, provider)))
        .returning()
      if (!row || row.expiresAt.getTime() < Date.now()) return undefined
      return row
    },

    async insertTicket(values: typeof oauthTickets.$inferInsert, tx: Executor = db) {
      await tx.insert(oauthTickets).values(values)
    },

    /**
     * Delete-and-return makes a ticket single use. Only the browser it was made for can take it:
     * anyone else's try leaves it in place for its owner.
     */
    async takeTicket(ticketHash: string, browserHash: string) {
      const [row] = await db
        .delete(oauthTickets)
        .where(and(eq(oauthTickets.ticketHash, ticketHash), eq(oauthTickets.browserHash, browserHash)))
        .returning()
      return row
    },

    async purgeExpired() {
      await db.delete(oauthTickets).where(sql`${oauthTickets.expiresAt} < now()`)
      await db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < now()`)
      // A day: sendCode looks back that far for a client's sign-ins (SIGNED_IN_CLIENT_WINDOW_MS).
      await db.delete(emailCodes).where(sql`${emailCodes.createdAt} < now() - interval '1 day'`)
    },
  }
}

export type AuthRepo = ReturnType<typeof createAuthRepo>
