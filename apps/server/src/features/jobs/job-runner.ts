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
  log: FastifyBaseLogger
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], ctx: JobContext) => Promise<void>

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
  const running = new Set<Promise<void>>()
  const controllers = new Set<AbortController>()
  let stopped = true
  let wake: (() => void) | undefined

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.name)
    const jobLog = log.child({ job: job.id, jobName: job.name, attempt: job.attempts })
    if (!handler) {
      await repo.fail(job.id, workerId, `No handler for job ${job.name}`, undefined)
      return
    }
    if (job.attempts > job.maxAttempts) {
      await repo.fail(job.id, workerId, 'Interrupted too many times', undefined)
      return
    }
    const controller = new AbortController()
    controllers.add(controller)
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
        log: jobLog,
      })
      if (controller.signal.aborted) await repo.release(job.id, workerId)
      else await repo.complete(job.id, workerId)
    } catch (error) {
      if (controller.signal.aborted) {
        await repo.release(job.id, workerId)
        jobLog.info('job handed back')
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      const retry = !(error instanceof PermanentJobError) && job.attempts < job.maxAttempts
      await repo.fail(job.id, workerId, message, retry ? retryDelayMs(job.attempts, options.retryBaseMs) : undefined)
      jobLog.warn({ err: error }, retry ? 'job failed; it will be retried' : 'job failed for good')
    } finally {
      clearInterval(renew)
      controllers.delete(controller)
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      if (running.size >= options.concurrency) {
        await Promise.race(running)
        continue
      }
      let job: ClaimedJob | undefined
      try {
        job = await repo.claim(workerId, options.leaseMs, options.names)
      } catch (error) {
        if (stopped) return
        log.error({ err: error }, 'could not claim a job')
      }
      if (job) {
        const task = run(job).catch((error: unknown) => log.error({ err: error }, 'job bookkeeping failed'))
        running.add(task)
        void task.finally(() => running.delete(task))
        continue
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
    }
  }

  let looping: Promise<void> | undefined
  return {
    workerId,
    register<N extends JobName>(name: N, handler: JobHandler<N>) {
      handlers.set(name, handler as unknown as JobHandler<JobName>)
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
