import { createAuthRepo } from '../../apps/server/src/features/auth/auth.repo'
import { generateToken, hashToken } from '../../apps/server/src/features/auth/secrets'
import { startBenchApp } from './bench-app'

/**
 * The real app serving the console's build (`npm run build` first), with
 * BENCH_LEARNERS learners (default 50) who each have a session; it prints
 * their tokens and its pid. The bench gives each one the demo article and a deck over HTTP.
 */
const learners = Number(process.env.BENCH_LEARNERS ?? 50)

await startBenchApp({}, async (database) => {
  const repo = createAuthRepo(database.db)
  const tokens: string[] = []
  for (let i = 0; i < learners; i++) {
    const user = await repo.upsertUserByEmail(`learner-${i}@example.com`, `learner${i}`)
    const token = generateToken()
    await repo.insertToken({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) })
    tokens.push(token)
  }
  // The bench reads this process's threads' CPU time (/proc/<pid>/task).
  return { tokens, pid: process.pid }
})
