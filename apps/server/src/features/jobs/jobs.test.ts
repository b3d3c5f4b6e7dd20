import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../test/db'
import { createJobRunner, PermanentJobError, retryDelayMs, type JobHandler, type JobRunner } from './job-runner'
import { createJobsRepo, type JobsRepo } from './jobs.repo'

const log = Fastify({ logger: false }).log
let db: TestDatabase
let repo: JobsRepo
const runners: JobRunner[] = []

function runner(handler: JobHandler<'transcribe'>, options: Partial<{ concurrency: number; leaseMs: number; retryBaseMs: number }> = {}) {
  const r = createJobRunner({ repo, log, concurrency: 1, leaseMs: 5_000, pollMs: 20, retryBaseMs: 10, ...options })
  r.register('transcribe', handler)
  runners.push(r)
  return r
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

beforeAll(async () => {
  db = await createTestDatabase()
  repo = createJobsRepo(db.database.db)
})

afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()))
  await db.drop()
})

describe('job queue', () => {
  it('keeps one unfinished job per key and raises its priority', async () => {
    const a = await repo.enqueue('transcribe', { address: '/a.mp3' }, { dedupeKey: 'k:a' })
    const b = await repo.enqueue('transcribe', { address: '/a.mp3' }, { dedupeKey: 'k:a', priority: 7 })
    expect(b).toBe(a)
    expect((await repo.get(a))?.priority).toBe(7)
    const claimed = await repo.claim('w', 1000)
    expect(claimed?.id).toBe(a)
    await repo.complete(a, 'w')
    // Finished: the same key may be queued again.
    expect(await repo.enqueue('transcribe', { address: '/a.mp3' }, { dedupeKey: 'k:a' })).not.toBe(a)
    await repo.complete((await repo.claim('w', 1000))!.id, 'w')
  })

  it('runs a job once, with its progress and payload, and marks it done', async () => {
    const seen: string[] = []
    const r = runner(async (payload, ctx) => {
      seen.push(payload.address)
      await ctx.progress(0.5)
    })
    r.start()
    const id = await repo.enqueue('transcribe', { address: '/run.mp3' })
    r.nudge()
    const job = await until(() => repo.get(id), (j) => j?.status === 'done')
    expect(job).toMatchObject({ status: 'done', progress: 1, attempts: 1, error: null })
    expect(seen).toEqual(['/run.mp3'])
    await r.stop()
  })

  it('retries a failing job with backoff and stops after the last try, keeping the error', async () => {
    let tries = 0
    const r = runner(async () => {
      tries++
      throw new Error(`broken ${tries}`)
    })
    r.start()
    const id = await repo.enqueue('transcribe', { address: '/fail.mp3' }, { maxAttempts: 3 })
    const job = await until(() => repo.get(id), (j) => j?.status === 'failed')
    expect(job).toMatchObject({ status: 'failed', attempts: 3, error: 'broken 3' })
    expect(tries).toBe(3)
    expect([1, 2, 3, 20].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 3_600_000])
    await r.stop()
  })

  it('does not retry a permanent failure', async () => {
    const r = runner(async () => {
      throw new PermanentJobError('not audio')
    })
    r.start()
    const id = await repo.enqueue('transcribe', { address: '/text.mp3' })
    expect(await until(() => repo.get(id), (j) => j?.status === 'failed')).toMatchObject({ attempts: 1, error: 'not audio' })
    await r.stop()
  })

  it('takes over a job whose worker stopped renewing its lease, and ignores the old worker afterwards', async () => {
    const id = await repo.enqueue('transcribe', { address: '/lease.mp3' })
    const dead = await repo.claim('dead-worker', 200)
    expect(dead?.id).toBe(id)
    const done: number[] = []
    const r = runner(async (_p, ctx) => void done.push(ctx.attempt))
    r.start()
    await until(() => repo.get(id), (j) => j?.status === 'done')
    expect(done).toEqual([2])
    // The dead worker wakes up late: its word no longer counts.
    await repo.fail(id, 'dead-worker', 'late', 1000)
    expect((await repo.get(id))?.status).toBe('done')
    await r.stop()
  })

  it('hands a running job back when the process stops, without spending a try', async () => {
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const r = runner(async (_p, ctx) => {
      started()
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))
    })
    r.start()
    const id = await repo.enqueue('transcribe', { address: '/stop.mp3' })
    await running
    await r.stop()
    expect(await repo.get(id)).toMatchObject({ status: 'queued', attempts: 0 })
    const again = runner(async () => undefined)
    again.start()
    expect(await until(() => repo.get(id), (j) => j?.status === 'done')).toMatchObject({ attempts: 1 })
    await again.stop()
  })

  it('lets several workers share the queue: each of 30 jobs runs exactly once', async () => {
    const runs = new Map<string, number>()
    const handler: JobHandler<'transcribe'> = async ({ address }) => {
      runs.set(address, (runs.get(address) ?? 0) + 1)
      await new Promise((r) => setTimeout(r, 5))
    }
    const ids = []
    for (let i = 0; i < 30; i++) ids.push(await repo.enqueue('transcribe', { address: `/many-${i}.mp3` }))
    const workers = [runner(handler, { concurrency: 2 }), runner(handler, { concurrency: 2 }), runner(handler, { concurrency: 1 })]
    for (const w of workers) w.start()
    for (const id of ids) await until(() => repo.get(id), (j) => j?.status === 'done')
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
    expect(runs.size).toBe(30)
    await Promise.all(workers.map((w) => w.stop()))
  })
})
