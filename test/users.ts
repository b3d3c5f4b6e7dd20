import type { Database } from '../apps/server/src/db/client'
import { createAuthRepo } from '../apps/server/src/features/auth/auth.repo'
import { generateToken, hashToken } from '../apps/server/src/features/auth/secrets'

export interface TestUser {
  id: number
  token: string
  /** Bearer header for app.inject. */
  auth: { authorization: string }
}

/** A user with a valid session, made straight in the database (sign-in itself is tested elsewhere). */
export async function createTestUser(database: Database, email: string): Promise<TestUser> {
  const repo = createAuthRepo(database.db)
  const user = await repo.upsertUserByEmail(email, email.split('@')[0]!)
  const token = generateToken()
  await repo.insertToken({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })
  return { id: user.id, token, auth: { authorization: `Bearer ${token}` } }
}
