import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { openDatabase, type Database } from '../../apps/server/src/db/client'
import { createAuthRepo } from '../../apps/server/src/features/auth/auth.repo'
import { generateToken, hashToken } from '../../apps/server/src/features/auth/secrets'

/**
 * The real app on a fresh database (embedded in a temp dir, or the PostgreSQL
 * server in BENCH_DATABASE_URL) with one signed-in user, listening on a free
 * port. `env` adds settings as the environment would; `prepare` runs before listening.
 */
export async function startBenchApp(env: Record<string, string | undefined> = {}, prepare?: (database: Database, userId: number, dataDir: string) => Promise<Record<string, unknown>>) {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-'))
  const database = await openDatabase({ databaseUrl, dataDir })
  const repo = createAuthRepo(database.db)
  const user = await repo.upsertUserByEmail(`bench-${Date.now()}@example.com`, 'bench')
  const token = generateToken()
  await repo.insertToken({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) })
  const extra = prepare ? await prepare(database, user.id, dataDir) : {}
  const app = await buildApp({ ...loadConfig({ DATA_DIR: dataDir, FEED_CATALOGUE_FETCH: '0', ...env }), logLevel: 'silent' }, { database, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  // The harness reads this one line: where to send load, and as whom.
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, token, ...extra })}\n`)
}
