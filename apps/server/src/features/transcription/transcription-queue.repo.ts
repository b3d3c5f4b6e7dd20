import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** The unfinished transcribe job of one address: running on a live worker, or waiting for a slot. */
export type TranscribeJob = {
  id: number
  priority: number
  /** Claimed by a worker whose lease holds (a job whose worker died waits to be taken over). */
  running: boolean
}

/** A transcript that goes before another: running now, or claimed before it. */
export interface WorkAhead {
  running: boolean
  priority: number
  /** 0..1 of its chunks stored. */
  progress: number
  /** Known text to align (else recognised). */
  aligned: boolean
  /** The media's length where known: the upload's probe, the feed's itunes:duration, or the end of its last timed cue. */
  durationMs: number | null
}

type AheadRow = { running: boolean; priority: number; progress: number | null; aligned: boolean | null; duration_ms: number | null }

/** What the queue holds for transcripts: a job's place in the transcribe lane, read for the transcript's status. */
export function createTranscriptionQueueRepo(db: Db) {
  return {
    async job(dedupeKey: string): Promise<TranscribeJob | undefined> {
      const { rows } = await db.execute<TranscribeJob>(sql`
        select id, priority, (status = 'running' and locked_until >= now()) as running from jobs
        where dedupe_key = ${dedupeKey} and status in ('queued', 'running')
        order by id desc limit 1`)
      return rows[0]
    },

    /**
     * The transcribe jobs ahead of a waiting one: every one running on a live worker, and every one a
     * claim takes first (the claim's order: priority, then run_at, then id), with what is known of
     * their audio. One statement, on the claim index; the durations by their unique or indexed address.
     */
    async ahead(jobId: number): Promise<WorkAhead[]> {
      const { rows } = await db.execute<AheadRow>(sql`
        with me as (select id, priority, run_at from jobs where id = ${jobId}),
        ahead as (
          select j.payload->>'address' as address, j.priority, (j.status = 'running' and j.locked_until >= now()) as running
          from jobs j, me
          where j.name = 'transcribe' and j.id <> me.id and (
            (j.status = 'running' and j.locked_until >= now())
            or (((j.status = 'queued' and j.run_at <= now()) or (j.status = 'running' and j.locked_until < now()))
              and (j.priority > me.priority or (j.priority = me.priority and (j.run_at, j.id) < (me.run_at, me.id))))))
        select a.running, a.priority, mt.progress, mt.cues is not null as aligned,
          coalesce(
            (select u.duration_seconds * 1000 from uploads u where u.path = a.address),
            (select max(i.duration_seconds) * 1000 from feed_items i where i.audio = a.address or i.video = a.address),
            (mt.cues->-1->>'end')::float8) as duration_ms
        from ahead a left join media_transcripts mt on mt.media_address = a.address`)
      return rows.map((r) => ({
        running: r.running,
        priority: r.priority,
        progress: r.progress ?? 0,
        aligned: r.aligned ?? false,
        durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
      }))
    },
  }
}

export type TranscriptionQueueRepo = ReturnType<typeof createTranscriptionQueueRepo>
