// The job-queue trial behind docs/decisions/0008-job-queue.md: our queue (features/jobs) against
// pg-boss and graphile-worker, on the local PostgreSQL and on PGlite behind its socket server (as
// apps/server/src/db runs it). Not a `*.bench.ts`: the two libraries are not dependencies of the
// project, so they are installed in a scratch directory outside the repository:
//
//   mkdir -p /tmp/queue-trial && cd /tmp/queue-trial && npm init -y \
//     && npm install pg-boss@10 graphile-worker@0.17 @electric-sql/pglite@0.5.14 @electric-sql/pglite-socket@0.2.17 pg
//   cd /work/main && QUEUE_TRIAL_DIR=/tmp/queue-trial node --import tsx bench/queue-trial/trial.mjs
//
// Env: TRIAL_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a database of its own is
// made and dropped), TRIAL_JOBS (2000), TRIAL_ONLY=ours,pgboss,pgboss-batch,graphile, TRIAL_PGLITE=0 to skip PGlite.
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import pg from 'pg'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { createJobRunner } from '../../apps/server/src/features/jobs/job-runner.ts'
import { createJobsRepo } from '../../apps/server/src/features/jobs/jobs.repo.ts'

const trialDir = process.env.QUEUE_TRIAL_DIR ?? '/tmp/queue-trial'
const need = createRequire(path.join(trialDir, 'package.json'))
const { PgBoss } = normalisePgBoss(need('pg-boss'))
const graphile = need('graphile-worker')
const { PGlite } = await import(need.resolve('@electric-sql/pglite'))
const { PGLiteSocketServer } = await import(need.resolve('@electric-sql/pglite-socket'))

const serverUrl = process.env.TRIAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const JOBS = Number(process.env.TRIAL_JOBS ?? 2000)
const LATENCY_JOBS = 20
const only = process.env.TRIAL_ONLY?.split(',')
const log = Fastify({ logger: false }).log

function normalisePgBoss(mod) {
  return { PgBoss: mod.PgBoss ?? mod.default ?? mod }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

/**
 * One queue under trial: `setup` makes its schema and returns
 * enqueue(n) (bulk, from a client that is not a worker), addOne(tag) (one job, from that client)
 * and startWorkers(onJob) -> stop().
 */
const queues = {
  ours: {
    label: 'ours (features/jobs)',
    async setup(target) {
      const database = await openDatabase(target.openOptions)
      const repo = createJobsRepo(database.db)
      // A second connection set for the workers, as another process would have.
      const workerDb = await openDatabase({ ...target.openOptions, migrate: false, lock: false })
      return {
        async enqueue(n) {
          // One statement per job: what the app does (enqueue is called per transcript / channel).
          for (let i = 0; i < n; i++) await repo.enqueue('transcribe', { address: `/t/${i}` })
        },
        async addOne(tag) {
          await repo.enqueue('transcribe', { address: `/lat/${tag}` })
        },
        async startWorkers(onJob) {
          const runners = [0, 1].map(() => {
            const r = createJobRunner({ repo: createJobsRepo(workerDb.db), log, concurrency: 1, leaseMs: 60_000, pollMs: 1000, retryBaseMs: 30_000, names: ['transcribe'] })
            r.register('transcribe', async (p) => onJob(p.address))
            r.start()
            return r
          })
          return () => Promise.all(runners.map((r) => r.stop()))
        },
        async close() {
          await workerDb.close()
          await database.close()
        },
      }
    },
  },
  pgboss: bossQueue('pg-boss 10, defaults (batchSize 1, poll 2 s)', {}),
  'pgboss-batch': bossQueue('pg-boss 10, batchSize 20, poll 0.5 s', { batchSize: 20, pollingIntervalSeconds: 0.5 }),
  graphile: {
    label: 'graphile-worker 0.17 (LISTEN/NOTIFY, concurrency 1 each)',
    async setup(target) {
      const pool = new pg.Pool({ ...target.pgOptions, max: target.maxConnections }).on('error', () => undefined)
      const utils = await graphile.makeWorkerUtils({ pgPool: pool, noPreparedStatements: target.name !== 'PostgreSQL' })
      await utils.migrate()
      return {
        async enqueue(n) {
          for (let i = 0; i < n; i++) await utils.addJob('tiny', { address: `/t/${i}` })
        },
        async addOne(tag) {
          await utils.addJob('tiny', { address: `/lat/${tag}` })
        },
        async startWorkers(onJob) {
          // Each runner holds one connection for LISTEN: with the single connection the app gives PGlite, none is left to fetch jobs.
          const pools = [0, 1].map(() => new pg.Pool({ ...target.pgOptions, max: Math.max(4, target.maxConnections) }).on('error', () => undefined))
          const runners = await Promise.all(
            pools.map((workerPool) =>
              graphile.run({
                pgPool: workerPool,
                concurrency: 1,
                noHandleSignals: true,
                // PGlite is one session: a named statement prepared on one connection exists on all ("already exists").
                noPreparedStatements: target.name !== 'PostgreSQL',
                pollInterval: 2000,
                ...(process.env.TRIAL_VERBOSE ? {} : { logger: new graphile.Logger(() => () => undefined) }),
                taskList: { tiny: async (payload) => onJob(payload.address) },
              }),
            ),
          )
          return async () => {
            for (const r of runners) await r.stop()
            for (const p of pools) await p.end()
          }
        },
        async close() {
          await utils.release()
          await pool.end()
        },
      }
    },
  },
}

function bossQueue(label, workOptions) {
  return {
    label,
    async setup(target) {
      const options = { ...target.pgOptions, max: target.maxConnections, schedule: false, supervise: false }
      const client = new PgBoss(options)
      client.on('error', (e) => console.error('pg-boss:', e.message))
      await client.start()
      await client.createQueue('tiny')
      const workers = []
      return {
        async enqueue(n) {
          for (let i = 0; i < n; i++) await client.send('tiny', { address: `/t/${i}` })
        },
        async addOne(tag) {
          await client.send('tiny', { address: `/lat/${tag}` })
        },
        async startWorkers(onJob) {
          for (let w = 0; w < 2; w++) {
            const boss = new PgBoss(options)
            boss.on('error', (e) => console.error('pg-boss worker:', e.message))
            await boss.start()
            await boss.work('tiny', workOptions, async (jobs) => {
              for (const job of jobs) await onJob(job.data.address)
            })
            workers.push(boss)
          }
          return async () => {
            for (const b of workers.splice(0)) await b.stop({ graceful: false, wait: true, close: true })
          }
        },
        async close() {
          await client.stop({ graceful: false, wait: true, close: true })
        },
      }
    },
  }
}

/** Throughput: n jobs queued first, then 2 idle workers drain them. Latency: one job at a time into idle workers. */
async function trial(queue, target, n) {
  const q = await queue.setup(target)
  try {
    const t0 = performance.now()
    await q.enqueue(n)
    const enqueueMs = performance.now() - t0
    const seen = new Map()
    let started
    let done = 0
    const allDone = new Promise((resolve) => (started = resolve))
    const onJob = async (address) => {
      seen.set(address, (seen.get(address) ?? 0) + 1)
      if (address.startsWith('/t/') && ++done === n) started()
      const waiting = latencyWaiters.get(address)
      if (waiting) waiting(performance.now())
    }
    const latencyWaiters = new Map()
    const t1 = performance.now()
    const stop = await q.startWorkers(onJob)
    const drained = await Promise.race([allDone.then(() => true), sleep(Number(process.env.TRIAL_CAP_MS ?? 120_000)).then(() => false)])
    const drainMs = performance.now() - t1
    const finished = [...seen.keys()].filter((k) => k.startsWith('/t/')).length
    const twice = [...seen.values()].filter((c) => c > 1).length

    // Pick-up latency: the job is queued by a client that is not the worker (another process),
    // so nothing in the worker's process knows of it but what the database tells it.
    const latencies = []
    if (drained) {
      for (let i = 0; i < LATENCY_JOBS; i++) {
        // Arrivals at random times, so no queue's poll happens to line up with them.
        await sleep(50 + Math.random() * 2000)
        const tag = `/lat/${i}`
        const picked = new Promise((resolve) => latencyWaiters.set(tag, resolve))
        const at = performance.now()
        await q.addOne(String(i))
        const timeout = sleep(15_000).then(() => undefined)
        const when = await Promise.race([picked, timeout])
        if (when !== undefined) latencies.push(when - at)
      }
    }
    await stop()
    return {
      queue: queue.label,
      db: target.name,
      jobs: n,
      'enqueue/s': Math.round(n / (enqueueMs / 1000)),
      'drained': drained ? 'yes' : `no (${finished} in ${Math.round(drainMs / 1000)} s)`,
      'jobs/s (2 workers)': Math.round((drained ? n : finished) / (drainMs / 1000)),
      'pick-up p50 ms': latencies.length ? Math.round(pct(latencies, 50)) : '-',
      'pick-up p95 ms': latencies.length ? Math.round(pct(latencies, 95)) : '-',
      'ran twice': twice,
    }
  } finally {
    await q.close()
  }
}

async function postgresTarget() {
  const name = `queue_trial_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const url = new URL(serverUrl)
  return {
    name: 'PostgreSQL',
    maxConnections: 10,
    async fresh() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.query(`CREATE DATABASE ${name}`)
      url.pathname = `/${name}`
      this.pgOptions = { connectionString: url.toString() }
      this.openOptions = { databaseUrl: url.toString(), dataDir: '' }
    },
    async dispose() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

/** PGlite in this process behind the socket server, the way db/pglite-worker.mjs serves it. */
async function pgliteTarget() {
  let db
  let server
  let dir
  let socketDir
  return {
    name: 'PGlite (socket)',
    maxConnections: 1,
    async fresh() {
      await this.dispose()
      dir = mkdtempSync(path.join(os.tmpdir(), 'queue-trial-pglite-'))
      socketDir = mkdtempSync(path.join(os.tmpdir(), 'qt-sock-'))
      db = await PGlite.create(dir)
      server = new PGLiteSocketServer({ db, path: path.join(socketDir, '.s.PGSQL.5432'), maxConnections: 16 })
      await server.start()
      this.pgOptions = { host: socketDir, user: 'postgres', database: 'postgres' }
      // Our queue opens through openDatabase's PostgreSQL branch on this socket (pool of 10: the app's PGlite pool has 1).
      this.openOptions = { databaseUrl: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`, dataDir: '' }
    },
    async dispose() {
      await server?.stop().catch(() => undefined)
      await db?.close().catch(() => undefined)
      if (dir) rmSync(dir, { recursive: true, force: true })
      if (socketDir) rmSync(socketDir, { recursive: true, force: true })
      server = db = dir = socketDir = undefined
    },
  }
}

const targets = [await postgresTarget()]
if (process.env.TRIAL_PGLITE !== '0') targets.push(await pgliteTarget())
const rows = []
for (const target of targets) {
  for (const [key, queue] of Object.entries(queues)) {
    if (only && !only.includes(key)) continue
    const n = target.name === 'PostgreSQL' ? JOBS : Math.min(JOBS, Number(process.env.TRIAL_PGLITE_JOBS ?? 500))
    await target.fresh()
    try {
      const row = await trial(queue, target, n)
      console.log(JSON.stringify(row))
      rows.push(row)
    } catch (error) {
      const row = { queue: queue.label, db: target.name, jobs: n, error: String(error?.message ?? error).slice(0, 160) }
      console.log(JSON.stringify(row))
      rows.push(row)
    }
  }
  await target.dispose()
}
console.table(rows)
process.exit(0)
