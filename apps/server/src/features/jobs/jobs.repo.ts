import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { ClaimedJob, JobName, JobPayloads } from './job-types'

export type JobRow = {
  id: number
  name: string
  status: string
  priority: number
  attempts: number
  progress: number
  error: string | null
  crashes: number
}

type ClaimRow = {
  id: number
  name: JobName
  payload: unknown
  attempts: number
  max_attempts: number
  priority: number
  crashes: number
  set_aside: boolean
}

/** Runs that may end with their process before the next claim sets the job aside: one is retried, the second is not. */
export const SET_ASIDE_AFTER_CRASHES = 2

/** The error of a job set aside (for the operator: the learner's words are the feature's own). */
export const SET_ASIDE_ERROR = `Set aside: the process ended ${SET_ASIDE_AFTER_CRASHES} times while it ran this job (a crash, a kill, or a lease lost); it is not started again`

/** The SQL of the queue. Every statement is one round trip, so no transaction is held open while a job runs. */
export function createJobsRepo(db: Db) {
  return {
    /**
     * Queues a job. With a dedupe key, an unfinished job with the same key is
     * reused (its priority raised if this one is higher): repeated calls are cheap.
     */
    async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: { dedupeKey?: string; priority?: number; maxAttempts?: number } = {}): Promise<number> {
      const { rows } = await db.execute<{ id: number }>(sql`
        insert into jobs (name, payload, dedupe_key, priority, max_attempts)
        values (${name}, ${JSON.stringify(payload)}::jsonb, ${options.dedupeKey ?? null}, ${options.priority ?? 0}, ${options.maxAttempts ?? 5})
        on conflict (dedupe_key) where status in ('queued', 'running')
        do update set priority = greatest(jobs.priority, excluded.priority), updated_at = now()
        returning id`)
      return rows[0]!.id
    },

    /**
     * Claims the most urgent job that is due, or one whose worker's lease ran
     * out (that worker died). SKIP LOCKED lets many workers claim at once
     * without waiting on each other. `names` limits the claim to some kinds
     * of job, so short ones (feed refreshes) have a lane of their own and never
     * wait behind an hour of transcription.
     *
     * A job taken over from a dead worker is counted in `crashes`; when that
     * count reaches SET_ASIDE_AFTER_CRASHES the same statement sets it aside
     * (failed, with SET_ASIDE_ERROR) instead of starting it, and returns it with
     * `setAside`: its input stopped the process that many times, and starting
     * it again would stop this one too. Count and decision are made on the
     * locked row in one statement, so two workers never both count one end.
     */
    async claim(workerId: string, leaseMs: number, names?: readonly JobName[]): Promise<ClaimedJob | undefined> {
      const only = names ? sql`and name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})` : sql``
      // On the row as locked (SET reads it before the update): a running job here is one whose lease ran out.
      const setAside = sql`(status = 'running' and crashes + 1 >= ${SET_ASIDE_AFTER_CRASHES})`
      const { rows } = await db.execute<ClaimRow>(sql`
        update jobs set
          status = case when ${setAside} then 'failed' else 'running' end,
          error = case when ${setAside} then ${SET_ASIDE_ERROR} else error end,
          locked_by = case when ${setAside} then null else ${workerId} end,
          locked_until = case when ${setAside} then null else now() + make_interval(secs => ${leaseMs / 1000}) end,
          attempts = attempts + case when ${setAside} then 0 else 1 end,
          crashes = crashes + case when status = 'running' then 1 else 0 end,
          updated_at = now()
        where id = (
          select id from jobs
          where ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())) ${only}
          order by priority desc, run_at, id
          for update skip locked
          limit 1)
        returning id, name, payload, attempts, max_attempts, priority, crashes, status = 'failed' as set_aside`)
      const row = rows[0]
      return (
        row && {
          id: row.id,
          name: row.name,
          payload: row.payload as ClaimedJob['payload'],
          attempts: row.attempts,
          maxAttempts: row.max_attempts,
          priority: row.priority,
          crashes: row.crashes,
          setAside: row.set_aside,
        }
      )
    },

    /**
     * The priorities of the `limit` most urgent jobs that a claim would take now (queued and due, or
     * left by a dead worker), highest first: what a busy runner compares its running jobs with.
     */
    async waitingPriorities(limit: number, names?: readonly JobName[]): Promise<number[]> {
      const only = names ? sql`and name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})` : sql``
      const { rows } = await db.execute<{ priority: number }>(sql`
        select priority from jobs
        where ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())) ${only}
        order by priority desc limit ${limit}`)
      return rows.map((r) => r.priority)
    },

    /** The current priorities of some jobs (raised while they run when a learner opens their transcript). */
    async priorities(ids: readonly number[]): Promise<Array<{ id: number; priority: number }>> {
      if (ids.length === 0) return []
      const { rows } = await db.execute<{ id: number; priority: number }>(sql`select id, priority from jobs where id = any(${sql.param([...ids])}::int[])`)
      return rows
    },

    /** Extends the lease; false when the job is no longer this worker's (it was reclaimed). */
    async renew(id: number, workerId: string, leaseMs: number): Promise<boolean> {
      const { rows } = await db.execute(sql`
        update jobs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id = ${id} and locked_by = ${workerId} and status = 'running' returning id`)
      return rows.length > 0
    },

    async setProgress(id: number, workerId: string, progress: number): Promise<void> {
      await db.execute(sql`update jobs set progress = ${progress}, updated_at = now() where id = ${id} and locked_by = ${workerId}`)
    },

    async complete(id: number, workerId: string): Promise<void> {
      await db.execute(sql`
        update jobs set status = 'done', progress = 1, error = null, locked_by = null, locked_until = null, updated_at = now()
        where id = ${id} and locked_by = ${workerId}`)
    },

    /** A failed try: queued again after `retryInMs`, or failed for good when no try is left. */
    async fail(id: number, workerId: string, error: string, retryInMs: number | undefined): Promise<void> {
      await db.execute(sql`
        update jobs set
          status = ${retryInMs === undefined ? 'failed' : 'queued'},
          run_at = now() + make_interval(secs => ${(retryInMs ?? 0) / 1000}),
          error = ${error.slice(0, 2000)}, locked_by = null, locked_until = null, updated_at = now()
        where id = ${id} and locked_by = ${workerId}`)
    },

    /** Hands a job back untouched (the process is stopping, or a more urgent job takes its slot), so another worker takes it at once; not counted as a crash. */
    async release(id: number, workerId: string): Promise<void> {
      await db.execute(sql`
        update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), locked_by = null, locked_until = null, updated_at = now()
        where id = ${id} and locked_by = ${workerId} and status = 'running'`)
    },

    async byDedupeKey(key: string): Promise<JobRow | undefined> {
      const { rows } = await db.execute<JobRow>(sql`
        select id, name, status, priority, attempts, progress, error, crashes from jobs where dedupe_key = ${key} order by id desc limit 1`)
      return rows[0]
    },

    async get(id: number): Promise<JobRow | undefined> {
      const { rows } = await db.execute<JobRow>(sql`select id, name, status, priority, attempts, progress, error, crashes from jobs where id = ${id}`)
      return rows[0]
    },
  }
}

export type JobsRepo = ReturnType<typeof createJobsRepo>
