import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * The job queue (ARCHITECTURE.md s4): claimed with FOR UPDATE SKIP LOCKED so
 * any number of worker processes, on any number of machines, can share one
 * PostgreSQL. A running job holds a lease (`locked_until`) that its worker
 * renews; a job whose lease ran out (its worker died) is claimed again, and
 * counted in `crashes`: the claim that would start its third run sets it
 * aside instead (failed), so one bad input cannot stop the server over and
 * over (a crash loop).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** At most one unfinished job per key (e.g. one transcription per media address). */
    dedupeKey: text('dedupe_key'),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Runs that ended with their process (crash, kill, lost lease), as opposed to a failure or a hand-back. */
    crashes: integer('crashes').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey).where(sql`status in ('queued', 'running')`),
    index('jobs_claim_idx').on(t.status, t.priority, t.runAt),
  ],
)
