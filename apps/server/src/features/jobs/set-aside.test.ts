import Fastify from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { until, useQueueDatabase } from '../../../../../test/job-queue'
import { createJobRunner, type JobHandler } from './job-runner'
import type { JobPayloads } from './job-types'
import { SET_ASIDE_ERROR, type JobsRepo } from './jobs.repo'

/**
 * A job whose input stops the server (a media host that killed the process while the episode was
 * downloaded) must not stop it again at every restart: a run that ended with its process is counted
 * when its lease runs out and another claim takes it over; the second such end sets the job aside.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const queue = useQueueDatabase()
let repo: JobsRepo
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(() => {
  repo = queue.repo
})

/** A worker that claims a job and then dies with its process: nothing renews or releases its lease. */
async function claimAndDie(id: number): Promise<void> {
  const claimed = await repo.claim(`dying-${id}-${Math.random()}`, 100)
  expect(claimed?.id).toBe(id)
  await sleep(250)
}

/** Takes every job a claim still gives, so that the next test starts from an empty queue. */
async function drain(): Promise<void> {
  for (let job = await repo.claim('drain', 60_000); job; job = await repo.claim('drain', 60_000)) if (!job.setAside) await repo.complete(job.id, 'drain')
}

function runner(handler: JobHandler<'transcribe'>, onSetAside?: (payload: JobPayloads['transcribe']) => Promise<void>, logLines?: string[]) {
  const log = Fastify({ logger: logLines ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } : false }).log
  const r = createJobRunner({ repo, log, concurrency: 1, leaseMs: 5_000, pollMs: 20, retryBaseMs: 10 })
  r.register('transcribe', handler, onSetAside && ((payload) => onSetAside(payload)))
  queue.runners.push(r)
  return r
}

describe('the claim counts runs that ended with their process', () => {
  it('takes a job over once, then sets it aside with its reason and claims the next job instead', async () => {
    const poisoned = await repo.enqueue('transcribe', { address: '/stops-the-server.mp3' }, { priority: 5 })
    const next = await repo.enqueue('transcribe', { address: '/next-in-line.mp3' })

    await claimAndDie(poisoned)
    // The first end is retried: taken over, counted, a try spent.
    const retried = await repo.claim('w-retry', 100)
    expect(retried).toMatchObject({ id: poisoned, crashes: 1, attempts: 2, setAside: false })
    expect(await repo.get(poisoned)).toMatchObject({ status: 'running', crashes: 1 })
    await sleep(250)

    // The second end: this claim sets it aside instead of starting a third run.
    const setAside = await repo.claim('w-next', 60_000)
    expect(setAside).toMatchObject({ id: poisoned, crashes: 2, setAside: true, payload: { address: '/stops-the-server.mp3' } })
    expect(await repo.get(poisoned)).toMatchObject({ status: 'failed', crashes: 2, attempts: 2, error: SET_ASIDE_ERROR })
    expect(SET_ASIDE_ERROR).toMatch(/^Set aside: the process ended 2 times while it ran this job/)

    // The queue goes on with the next job, and never gives the set-aside one again.
    expect(await repo.claim('w-next', 60_000)).toMatchObject({ id: next, crashes: 0, setAside: false })
    await repo.complete(next, 'w-next')
    expect(await repo.claim('w-next', 60_000)).toBeUndefined()
    // A late word from the worker that held it last changes nothing.
    await repo.fail(poisoned, 'w-retry', 'late', 10)
    expect(await repo.get(poisoned)).toMatchObject({ status: 'failed', error: SET_ASIDE_ERROR })
  })

  it('does not count a job handed back (a graceful stop, a more urgent job), however often', async () => {
    const id = await repo.enqueue('transcribe', { address: '/handed-back.mp3' })
    for (let i = 0; i < 4; i++) {
      const claimed = await repo.claim(`stopping-${i}`, 100)
      expect(claimed).toMatchObject({ id, crashes: 0, setAside: false })
      await repo.release(id, `stopping-${i}`)
    }
    await sleep(250)
    expect(await repo.claim('w', 60_000)).toMatchObject({ id, crashes: 0, attempts: 1, setAside: false })
    await repo.complete(id, 'w')
    expect(await repo.get(id)).toMatchObject({ status: 'done', crashes: 0 })
  })

  it('does not count failures that are retried: a failing job still gets its tries', async () => {
    const id = await repo.enqueue('transcribe', { address: '/flaky.mp3' }, { maxAttempts: 4 })
    for (let i = 1; i <= 3; i++) {
      expect(await repo.claim('w', 60_000)).toMatchObject({ id, attempts: i, setAside: false })
      await repo.fail(id, 'w', `broken ${i}`, 0)
    }
    expect(await repo.claim('w', 60_000)).toMatchObject({ id, attempts: 4, crashes: 0, setAside: false })
    await repo.complete(id, 'w')
  })
})

describe('the runner', () => {
  it('runs a job that ended with its process once, and sets one that did twice aside: its kind is told, one log line names it, the rest of the queue runs', async () => {
    await drain()
    const lines: string[] = []
    const ran: string[] = []
    const told: string[] = []
    const once = await repo.enqueue('transcribe', { address: '/ended-once.mp3' }, { priority: 9 })
    const twice = await repo.enqueue('transcribe', { address: '/ended-twice.mp3' }, { priority: 10 })
    // The highest priority first: the twice-ended job, then the once-ended one (claimed in that order).
    await claimAndDie(twice)
    await repo.claim('w-died-again', 100)
    await claimAndDie(once)
    const rest = [await repo.enqueue('transcribe', { address: '/rest-1.mp3' }), await repo.enqueue('transcribe', { address: '/rest-2.mp3' })]

    const r = runner(
      async ({ address }) => void ran.push(address),
      async ({ address }) => void told.push(address),
      lines,
    )
    r.start()
    for (const id of [once, ...rest]) await until(() => repo.get(id), (j) => j?.status === 'done')
    expect(await repo.get(twice)).toMatchObject({ status: 'failed', crashes: 2, error: SET_ASIDE_ERROR })
    expect(await repo.get(once)).toMatchObject({ status: 'done', crashes: 1, attempts: 2 })
    expect(ran).toEqual(['/ended-once.mp3', '/rest-1.mp3', '/rest-2.mp3'])
    expect(told).toEqual(['/ended-twice.mp3'])
    const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string; job?: number; payload?: unknown }).filter((l) => l.msg.startsWith('job set aside'))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ level: 50, job: twice, payload: { address: '/ended-twice.mp3' } })
    await r.stop()
  })

  it('does not count a graceful stop: a job stopped with its runner three times still runs, uncounted', async () => {
    await drain()
    const id = await repo.enqueue('transcribe', { address: '/stopped-thrice.mp3' })
    for (let i = 0; i < 3; i++) {
      let started!: () => void
      const running = new Promise<void>((resolve) => (started = resolve))
      const r = runner(async (_p, ctx) => {
        started()
        await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))
        throw ctx.signal.reason
      })
      r.start()
      await running
      await r.stop()
    }
    const told: string[] = []
    const last = runner(async () => undefined, async ({ address }) => void told.push(address))
    last.start()
    expect(await until(() => repo.get(id), (j) => j?.status === 'done')).toMatchObject({ crashes: 0, attempts: 1 })
    expect(told).toEqual([])
    await last.stop()
  })

  it('keeps running when telling the kind fails: the job stays set aside', async () => {
    await drain()
    const id = await repo.enqueue('transcribe', { address: '/tell-fails.mp3' })
    await claimAndDie(id)
    await claimAndDie(id)
    const after = await repo.enqueue('transcribe', { address: '/after-tell-fails.mp3' })
    const r = runner(
      async () => undefined,
      async () => {
        throw new Error('the database is away')
      },
    )
    r.start()
    await until(() => repo.get(after), (j) => j?.status === 'done')
    expect(await repo.get(id)).toMatchObject({ status: 'failed', error: SET_ASIDE_ERROR })
    await r.stop()
  })
})

describe('several workers taking over at once (PostgreSQL: real concurrent connections)', () => {
  it('counts every end exactly once and sets each job aside exactly once', async () => {
    await drain()
    const ids: number[] = []
    for (let i = 0; i < 12; i++) ids.push(await repo.enqueue('transcribe', { address: `/shared-${i}.mp3` }))
    // A lease long enough that no first claim runs out while the others are made (a loaded machine takes
    // a while for twelve), short enough to have run out when the takeovers begin.
    for (const id of ids) expect((await repo.claim(`first-${id}`, 1_500))?.id).toBe(id)
    await sleep(1_700)

    // Six workers claim at once until nothing is left; each takes over with a lease that runs out.
    // The lease outlasts the round (so no job is taken over twice within it) and runs out before the next.
    const claimAll = async (worker: string) => {
      const got: Array<{ id: number; crashes: number; setAside: boolean }> = []
      for (let job = await repo.claim(worker, 4_000); job; job = await repo.claim(worker, 4_000)) got.push(job)
      return got
    }
    const takeovers = (await Promise.all(Array.from({ length: 6 }, (_, w) => claimAll(`second-${w}`)))).flat()
    expect(takeovers.map((j) => j.id).sort((a, b) => a - b)).toEqual(ids)
    expect(takeovers.every((j) => j.crashes === 1 && !j.setAside)).toBe(true)
    await sleep(4_300)

    const setAside = (await Promise.all(Array.from({ length: 6 }, (_, w) => claimAll(`third-${w}`)))).flat()
    expect(setAside.map((j) => j.id).sort((a, b) => a - b)).toEqual(ids)
    expect(setAside.every((j) => j.crashes === 2 && j.setAside)).toBe(true)
    for (const id of ids) expect(await repo.get(id)).toMatchObject({ status: 'failed', crashes: 2, attempts: 2, error: SET_ASIDE_ERROR })
  })
})
