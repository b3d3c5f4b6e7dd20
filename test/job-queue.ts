import { afterAll, beforeAll } from 'vitest'
import type { JobRunner } from '../apps/server/src/features/jobs/job-runner'
import { createJobsRepo, type JobsRepo } from '../apps/server/src/features/jobs/jobs.repo'
import { createTestDatabase, type TestDatabase } from './db'

export interface QueueTestDatabase {
  /** Set before the file's first test. */
  repo: JobsRepo
  /** The runners a test started: stopped after the file's last test, before the database goes. */
  runners: JobRunner[]
}

/** A fresh database for one file of queue tests (its hooks are registered here), with its jobs repo. */
export function useQueueDatabase(): QueueTestDatabase {
  let db: TestDatabase | undefined
  const queue = { runners: [] as JobRunner[] } as QueueTestDatabase
  beforeAll(async () => {
    db = await createTestDatabase()
    queue.repo = createJobsRepo(db.database.db)
  })
  afterAll(async () => {
    await Promise.all(queue.runners.map((r) => r.stop()))
    await db?.drop()
  })
  return queue
}

/** Reads until `ok` holds, every 20 ms; throws with the last value read after `timeoutMs`. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
