import os from 'node:os'
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { ClaimedJob, JobName, JobPayloads } from './job-types'
import type { JobsRepo } from './jobs.repo'

export interface JobContext {
  jobId: number
  attempt: number
  /** No retry follows if this try fails. */
  lastAttempt: boolean
  /** Aborted when the process stops or the lease was lost: stop soon, the job is handed back. */
  signal: AbortSignal
  /** 0..1, stored on the job. */
  progress(value: number): Promise<void>
  /**
   * True once the runner wants this job's slot for a more urgent job of its lane (a learner opened
   * another transcript). A job that stores its work step by step checks it between steps and, when
   * true, calls `handBack()`; one that does not is stopped (`signal` aborted) `preemptAfterMs` later.
   */
  shouldYield(): boolean
  /** Stops here and hands the job back to the queue (no try spent); it runs again after the more urgent one. */
  handBack(): never
  log: FastifyBaseLogger
}

/** The reason of a job handed back to make way for a more urgent one (`ctx.signal.reason`). */
export class JobHandedBack extends Error {
  constructor(message = 'handed back to a more urgent job') {
    super(message)
    this.name = 'JobHandedBack'
  }
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], ctx: JobContext) => Promise<void>

/**
 * Told when a job of this kind is set aside (it stopped the process twice: SET_ASIDE_AFTER_CRASHES):
 * the job is failed already, and its handler never runs again; this marks what the learner sees of
 * it (the transcript, the channel) with the reason, so that nothing asks for it again by itself.
 */
export type SetAsideHandler<N extends JobName> = (payload: JobPayloads[N], log: FastifyBaseLogger) => Promise<void>

/** A failure that no retry can fix (a media address that is gone, a file that is not audio). */
export class PermanentJobError extends Error {}

export interface JobRunnerOptions {
  repo: JobsRepo
  log: FastifyBaseLogger
  concurrency: number
  leaseMs: number
  pollMs: number
  /** Delay before try n+1: base * 2^(n-1), capped at an hour. */
  retryBaseMs: number
  /** Only these kinds of job are claimed (a lane); all kinds when absent. */
  names?: readonly JobName[]
  /**
   * While every slot is taken, look (each `pollMs`, and at once on `nudge()`) for a queued job of this
   * lane more urgent than one running here: that one is asked to yield (`ctx.shouldYield()`) and, if it
   * has not handed back after this long, stopped and handed back. Absent: a running job keeps its slot.
   */
  preemptAfterMs?: number
}

/** Backoff of a failed try, capped so a job waits at most an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000)
}

/**
 * Claims and runs jobs in this process. Polls, and wakes at once when this
 * process queued something. Stopping aborts running jobs and hands them back.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { repo, log } = options
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  const handlers = new Map<JobName, JobHandler<JobName>>()
  const setAsideHandlers = new Map<JobName, SetAsideHandler<JobName>>()
  const running = new Set<Promise<void>>()
  const controllers = new Set<AbortController>()
  /** The jobs running here, and when each was asked to make way (undefined: not asked). */
  const active = new Map<number, { controller: AbortController; askedAt: number | undefined; claimedPriority: number }>()
  /** Jobs handed back here for a more urgent one whose slot has not been taken again yet. */
  let makingWay = 0
  let stopped = true
  let wake: (() => void) | undefined

  /**
   * Every slot is taken: asks the least urgent running jobs to make way, one per more urgent job
   * waiting in this lane, and stops those asked `preemptAfterMs` ago that still run.
   */
  async function makeWay(preemptAfterMs: number): Promise<void> {
    const waiting = await repo.waitingPriorities(options.concurrency, options.names)
    // Jobs already stopping are leaving anyway.
    const candidates = [...active].filter(([, job]) => !job.controller.signal.aborted)
    // Priorities only rise while a job runs: nothing waiting above the lowest claimed one, nothing to ask (one query a poll).
    const lowest = Math.min(...candidates.map(([, job]) => job.claimedPriority))
    const mine = (waiting[0] ?? -Infinity) > lowest ? (await repo.priorities(candidates.map(([id]) => id))).sort((a, b) => a.priority - b.priority) : []
    const chosen = new Set<number>()
    // Handed back already and not yet replaced: those waiting jobs have a slot coming.
    for (const priority of waiting.slice(makingWay)) {
      const job = mine.find((j) => j.priority < priority && !chosen.has(j.id))
      if (job) chosen.add(job.id)
    }
    const now = Date.now()
    for (const [id, job] of active) {
      if (!chosen.has(id)) {
        job.askedAt = undefined
        continue
      }
      job.askedAt ??= now
      if (now - job.askedAt >= preemptAfterMs && !job.controller.signal.aborted) {
        log.info({ job: id }, 'a more urgent job waits: stopping this one, it is handed back')
        makingWay++
        job.controller.abort(new JobHandedBack('stopped for a more urgent job'))
      }
    }
  }

  /** A job the claim set aside: one line for the operator (with what it was given), and the learner's side told. */
  async function setAside(job: ClaimedJob): Promise<void> {
    const jobLog = log.child({ job: job.id, jobName: job.name })
    jobLog.error({ payload: job.payload, crashes: job.crashes }, 'job set aside: the process ended each time it ran this job; it is not started again')
    await setAsideHandlers.get(job.name)?.(job.payload, jobLog)
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.name)
    const jobLog = log.child({ job: job.id, jobName: job.name, attempt: job.attempts })
    if (!handler) {
      await repo.fail(job.id, workerId, `No handler for job ${job.name}`, undefined)
      return
    }
    const controller = new AbortController()
    controllers.add(controller)
    const record = { controller, askedAt: undefined as number | undefined, claimedPriority: job.priority }
    active.set(job.id, record)
    const renew = setInterval(() => {
      repo.renew(job.id, workerId, options.leaseMs).then(
        (mine) => mine || controller.abort(new Error('lease lost')),
        (error: unknown) => jobLog.warn({ err: error }, 'could not renew the job lease'),
      )
    }, Math.max(50, options.leaseMs / 3))
    try {
      await handler(job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        lastAttempt: job.attempts >= job.maxAttempts,
        signal: controller.signal,
        progress: (value) => repo.setProgress(job.id, workerId, Math.max(0, Math.min(1, value))),
        shouldYield: () => record.askedAt !== undefined && !stopped,
        handBack: () => {
          if (!controller.signal.aborted) {
            makingWay++
            controller.abort(new JobHandedBack())
          }
          throw controller.signal.reason
        },
        log: jobLog,
      })
      if (controller.signal.aborted) await repo.release(job.id, workerId)
      else await repo.complete(job.id, workerId)
    } catch (error) {
      if (controller.signal.aborted) {
        await repo.release(job.id, workerId)
        jobLog.info(controller.signal.reason instanceof JobHandedBack ? 'job handed back for a more urgent one' : 'job handed back')
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      const retry = !(error instanceof PermanentJobError) && job.attempts < job.maxAttempts
      await repo.fail(job.id, workerId, message, retry ? retryDelayMs(job.attempts, options.retryBaseMs) : undefined)
      jobLog.warn({ err: error }, retry ? 'job failed; it will be retried' : 'job failed for good')
    } finally {
      clearInterval(renew)
      controllers.delete(controller)
      active.delete(job.id)
    }
  }

  /** Until `ms` pass or `nudge()` is called. */
  function sleep(ms: number): Promise<void> {
    let woken: (() => void) | undefined
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      woken = wake = () => {
        clearTimeout(timer)
        resolve()
      }
    }).finally(() => {
      if (wake === woken) wake = undefined
    })
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      if (running.size >= options.concurrency) {
        if (options.preemptAfterMs === undefined) {
          await Promise.race(running)
          continue
        }
        try {
          await makeWay(options.preemptAfterMs)
        } catch (error) {
          if (stopped) return
          log.warn({ err: error }, 'could not look for more urgent jobs')
        }
        await Promise.race([...running, sleep(options.pollMs)])
        continue
      }
      let job: ClaimedJob | undefined
      try {
        job = await repo.claim(workerId, options.leaseMs, options.names)
      } catch (error) {
        if (stopped) return
        log.error({ err: error }, 'could not claim a job')
      }
      // Set aside, not started: the slot is still free for the next claim.
      if (job?.setAside) {
        await setAside(job).catch((error: unknown) => log.error({ err: error, job: job.id }, 'could not mark what a job set aside was for'))
        continue
      }
      // The slot a job handed back freed is taken (or nothing waits any more).
      makingWay = Math.max(0, makingWay - 1)
      if (!job) makingWay = 0
      if (job) {
        const task = run(job).catch((error: unknown) => log.error({ err: error }, 'job bookkeeping failed'))
        running.add(task)
        void task.finally(() => running.delete(task))
        continue
      }
      await sleep(options.pollMs)
    }
  }

  let looping: Promise<void> | undefined
  return {
    workerId,
    /** `onSetAside`: how what the learner sees of a job of this kind learns that it was set aside. */
    register<N extends JobName>(name: N, handler: JobHandler<N>, onSetAside?: SetAsideHandler<N>) {
      handlers.set(name, handler as unknown as JobHandler<JobName>)
      if (onSetAside) setAsideHandlers.set(name, onSetAside as unknown as SetAsideHandler<JobName>)
    },
    start() {
      if (!stopped) return
      stopped = false
      looping = loop()
    },
    /** Something was queued in this process: look now instead of at the next poll. */
    nudge() {
      wake?.()
    },
    async stop() {
      stopped = true
      wake?.()
      for (const c of controllers) c.abort(new Error('stopping'))
      await looping
      await Promise.allSettled([...running])
    },
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>
