import Fastify from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { until, useQueueDatabase } from '../../../../../test/job-queue'
import { createJobRunner, JobHandedBack, PermanentJobError, retryDelayMs, type JobHandler } from './job-runner'
import type { JobsRepo } from './jobs.repo'

const log = Fastify({ logger: false }).log
const queue = useQueueDatabase()
let repo: JobsRepo

function runner(handler: JobHandler<'transcribe'>, options: Partial<{ concurrency: number; leaseMs: number; retryBaseMs: number; preemptAfterMs: number }> = {}) {
  const r = createJobRunner({ repo, log, concurrency: 1, leaseMs: 5_000, pollMs: 20, retryBaseMs: 10, ...options })
  r.register('transcribe', handler)
  queue.runners.push(r)
  return r
}

beforeAll(() => {
  repo = queue.repo
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

describe('a more urgent job waiting for a busy lane', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

  it('asks the running job to make way between its steps; it hands back without spending a try and resumes after', async () => {
    const events: string[] = []
    let steps = 0
    const r = runner(
      async ({ address }, ctx) => {
        events.push(`start ${address}`)
        if (address === '/urgent.mp3') return void events.push('urgent done')
        // A long job of 100 steps of 20 ms, its work stored after each (like the transcribe job's chunks).
        for (; steps < 100; steps++) {
          await sleep(20)
          if (ctx.shouldYield()) {
            events.push(`yield at ${steps}`)
            ctx.handBack()
          }
        }
        events.push('long done')
      },
      { preemptAfterMs: 5_000 },
    )
    r.start()
    const long = await repo.enqueue('transcribe', { address: '/long.mp3' })
    await until(async () => steps, (n) => n >= 5)
    const queuedAt = Date.now()
    const urgent = await repo.enqueue('transcribe', { address: '/urgent.mp3' }, { priority: 10 })
    r.nudge()
    await until(() => repo.get(urgent), (j) => j?.status === 'done')
    // Handed back at the first step after the ask, well before the 5 s after which it would be stopped.
    expect(Date.now() - queuedAt).toBeLessThan(2_000)
    await until(() => repo.get(long), (j) => j?.status === 'done')
    expect(events.filter((e) => !e.startsWith('yield'))).toEqual(['start /long.mp3', 'start /urgent.mp3', 'urgent done', 'start /long.mp3', 'long done'])
    expect(events.filter((e) => e.startsWith('yield'))).toHaveLength(1)
    // The hand-back cost no try.
    expect(await repo.get(long)).toMatchObject({ status: 'done', attempts: 1 })
    await r.stop()
  })

  it('stops a running job that does not hand back within preemptAfterMs, and runs it again afterwards', async () => {
    const starts: string[] = []
    const reasons: unknown[] = []
    const r = runner(
      async ({ address }, ctx) => {
        starts.push(address)
        if (address !== '/deaf.mp3' || starts.filter((a) => a === address).length > 1) return
        // Never checks shouldYield: only the abort stops it.
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()))
        reasons.push(ctx.signal.reason)
        throw ctx.signal.reason
      },
      { preemptAfterMs: 300 },
    )
    r.start()
    const deaf = await repo.enqueue('transcribe', { address: '/deaf.mp3' })
    await until(async () => starts.length, (n) => n === 1)
    const queuedAt = Date.now()
    const urgent = await repo.enqueue('transcribe', { address: '/opened.mp3' }, { priority: 10 })
    r.nudge()
    await until(() => repo.get(urgent), (j) => j?.status === 'done')
    const waited = Date.now() - queuedAt
    expect(waited).toBeGreaterThanOrEqual(300)
    expect(waited).toBeLessThan(3_000)
    expect(reasons[0]).toBeInstanceOf(JobHandedBack)
    await until(() => repo.get(deaf), (j) => j?.status === 'done')
    expect(starts).toEqual(['/deaf.mp3', '/opened.mp3', '/deaf.mp3'])
    expect(await repo.get(deaf)).toMatchObject({ attempts: 1 })
    await r.stop()
  })

  it('asks nothing of a job as urgent as the waiting one, nor while a slot is free', async () => {
    let asked = 0
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const r = runner(
      async ({ address }, ctx) => {
        if (address === '/free-slot.mp3') return
        const end = Date.now() + 800
        while (Date.now() < end && !ctx.signal.aborted) {
          if (ctx.shouldYield()) asked++
          await sleep(20)
        }
        await gate
      },
      { concurrency: 2, preemptAfterMs: 100 },
    )
    r.start()
    // A focused job (10) runs; another focused one is queued: equals wait their turn.
    const first = await repo.enqueue('transcribe', { address: '/first-open.mp3' }, { priority: 10 })
    await until(() => repo.get(first), (j) => j?.status === 'running')
    // The second slot is free: the urgent job takes it, nobody is asked.
    const free = await repo.enqueue('transcribe', { address: '/free-slot.mp3' }, { priority: 20 })
    r.nudge()
    await until(() => repo.get(free), (j) => j?.status === 'done')
    const second = await repo.enqueue('transcribe', { address: '/second-open.mp3' }, { priority: 10 })
    await until(() => repo.get(second), (j) => j?.status === 'running')
    const same = await repo.enqueue('transcribe', { address: '/third-open.mp3' }, { priority: 10 })
    await sleep(500)
    expect(asked).toBe(0)
    expect((await repo.get(same))?.status).toBe('queued')
    expect((await repo.get(first))?.status).toBe('running')
    release()
    await until(() => repo.get(same), (j) => j?.status === 'done')
    await r.stop()
  })
})
