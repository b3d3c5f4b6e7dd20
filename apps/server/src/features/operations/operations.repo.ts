import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

export interface QueueStat {
  name: string
  /** Jobs due now and waiting for a worker (retries scheduled for later are not backlog yet). */
  queued: number
  running: number
  /** How long the longest-waiting due job has waited, from when it became due. */
  oldestQueuedSeconds: number
}

/** The SQL of readiness and the queue gauges: read at check or scrape time, nothing kept in memory. */
export function createOperationsRepo(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`)
    },

    async queueStats(): Promise<QueueStat[]> {
      const { rows } = await db.execute<{ name: string; queued: string | number; running: string | number; oldest: string | number | null }>(sql`
        select name,
          count(*) filter (where status = 'queued' and run_at <= now()) as queued,
          count(*) filter (where status = 'running') as running,
          extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now())) as oldest
        from jobs
        where status in ('queued', 'running')
        group by name`)
      return rows.map((r) => ({ name: r.name, queued: Number(r.queued), running: Number(r.running), oldestQueuedSeconds: Math.max(0, Number(r.oldest ?? 0)) }))
    },
  }
}

export type OperationsRepo = ReturnType<typeof createOperationsRepo>
