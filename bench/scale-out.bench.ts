import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { openDatabase } from '../apps/server/src/db/client'
import { startServerProcess, startWorkerProcess } from '../test/server-process'
import { createTestUser } from '../test/users'
import { median, postgresReachable, printTable, startTarget } from './harness'

/**
 * 50 learners across 2 web processes: one PostgreSQL, one bucket
 * (s3rver on loopback), a worker beside them. Each learner has their own
 * session and goes round what a study session asks of the server: the library,
 * the transcript window at a play position, the decks, the library's figures. Baseline,
 * in the same run: a bare Fastify route under the same 50 connections.
 */

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 2)
const LEARNERS = 50

if (!(await postgresReachable(BASE_URL))) {
  console.log('RESULT skipped=no_postgres')
  process.exit(0)
}

const dbName = `lingocast_bench_scale_${process.pid}`
const admin = new pg.Client({ connectionString: BASE_URL })
await admin.connect()
await admin.query(`create database ${dbName}`)
const databaseUrl = Object.assign(new URL(BASE_URL), { pathname: `/${dbName}` }).toString()

const dirs: string[] = []
const servers: Array<{ url?: string; stop(): Promise<unknown> }> = []
const s3 = await startTarget('s3-server.ts')
const hello = await startTarget('hello.ts')
try {
  const common = { DATABASE_URL: databaseUrl, ...(s3.env as Record<string, string>), FEED_CATALOGUE_FETCH: '0' }
  const dataDir = (role: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `lingocast-bench-${role}-`))
    dirs.push(dir)
    return dir
  }
  // One at a time: each runs the migrations under an advisory lock at start.
  for (let i = 0; i < 2; i++) servers.push(await startServerProcess({ ...common, DATA_DIR: dataDir('web'), PROCESS_ROLE: 'web' }, 120_000))
  servers.push(await startWorkerProcess({ ...common, DATA_DIR: dataDir('worker') }, 120_000))
  const webs = servers.slice(0, 2)

  const database = await openDatabase({ databaseUrl, dataDir: dirs[0]! })
  const tokens: string[] = []
  for (let i = 0; i < LEARNERS; i++) tokens.push((await createTestUser(database, `learner${i}@bench.test`)).token)
  await database.close()
  // Each learner's first library call seeds the demo article; done before the clock starts.
  for (const token of tokens) await fetch(`${webs[0]!.url}/english_vocab/api/word_collections`, { headers: { authorization: `Bearer ${token}` } })
  const demoAudio = encodeURIComponent('/demo/sense-and-sensibility.mp3')
  const session = [
    { method: 'GET' as const, path: '/english_vocab/api/word_collections' },
    { method: 'GET' as const, path: `/media-proxy/transcript?audio_url=${demoAudio}&play_pos=12000` },
    { method: 'GET' as const, path: '/english_vocab/memories/decks' },
    { method: 'GET' as const, path: '/english_vocab/api/words/comprehension' },
  ]

  /** Half the learners on each web process, every connection signed in as its own learner. */
  async function learners() {
    const results = await Promise.all(
      webs.map((web, w) => {
        let next = w * (LEARNERS / 2)
        return autocannon({
          url: web.url!,
          connections: LEARNERS / 2,
          duration: SECONDS,
          requests: session,
          // Per request, not per client: a request without headers of its own would go out signed out.
          setupClient: (client) => {
            const authorization = `Bearer ${tokens[next++ % LEARNERS]}`
            client.setRequests(session.map((r) => ({ ...r, headers: { authorization } })))
          },
        })
      }),
    )
    const fivexx = results.reduce((n, r) => n + Object.entries(r.statusCodeStats ?? {}).filter(([code]) => code.startsWith('5')).reduce((m, [, s]) => m + (s.count ?? 0), 0), 0)
    return {
      reqPerSec: results.reduce((n, r) => n + r.requests.average, 0),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
      errors: results.reduce((n, r) => n + r.errors, 0),
      fivexx,
    }
  }
  const baseline = () =>
    autocannon({ url: `http://127.0.0.1:${hello.port}/hello`, method: 'POST', connections: LEARNERS, duration: SECONDS }).then((r) => ({ reqPerSec: r.requests.average, p99: r.latency.p99 }))

  const runs: Array<{ learners: Awaited<ReturnType<typeof learners>>; base: Awaited<ReturnType<typeof baseline>> }> = []
  for (let i = 0; i < RUNS; i++) runs.push({ base: await baseline(), learners: await learners() })

  const reqs = median(runs.map((r) => r.learners.reqPerSec))
  const baseReqs = median(runs.map((r) => r.base.reqPerSec))
  const p99 = median(runs.map((r) => r.learners.p99))
  const fivexx = runs.reduce((n, r) => n + r.learners.fivexx, 0)
  const non2xx = runs.reduce((n, r) => n + r.learners.non2xx + r.learners.errors, 0)
  printTable([
    { target: 'bare Fastify route, 50 connections', 'req/s': Math.round(baseReqs), 'p99 ms': median(runs.map((r) => r.base.p99)), '5xx': 0, 'non-2xx or errors': 0 },
    { target: '50 learners over 2 web processes (PostgreSQL + S3)', 'req/s': Math.round(reqs), 'p99 ms': p99, '5xx': fivexx, 'non-2xx or errors': non2xx },
  ])
  console.log(`RESULT learners_rps=${Math.round(reqs)} learners_p99_ms=${p99} ratio_to_bare=${(reqs / baseReqs).toFixed(3)} fivexx=${fivexx} non2xx=${non2xx}`)
} finally {
  for (const s of servers) await s.stop()
  s3.stop()
  hello.stop()
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined)
  await admin.end()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
}
