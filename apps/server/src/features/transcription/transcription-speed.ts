import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { appSettings } from '../../db/schema'
import type { JobHandler } from '../jobs/job-runner'
import type { Recogniser } from './recogniser'

/** How a transcript is made, as far as its speed goes: known text aligned, or recognised by the configured engine. */
export type SpeedKind = 'align' | Recogniser['source']

/**
 * Seconds of audio a transcription gets through per second of wall time, before this database has
 * measured any. Alignment: the bench's 0.03 real-time factor, plus decoding the media and finding its
 * pauses, on a loaded machine. pocketsphinx recognition: 21 s of LibriVox speech took 12.6 s of wall
 * time (5 s of CPU) on the 2-core test machine under load. Whisper (base.en, 2 threads, CPU) and a
 * remote API are rough guesses; the first finished transcription of each kind replaces them.
 */
export const DEFAULT_SPEED: Record<SpeedKind, number> = { align: 10, pocketsphinx: 2, whisper: 2, openai: 5 }

/** Runs kept per kind: the speed is their total audio over their total wall time. */
const RUNS_KEPT = 20
/** A web process reads the speeds again after this long. */
const CACHE_MS = 30_000

const keyOf = (kind: SpeedKind) => `transcription_speed:${kind}`

type Run = { audioMs: number; wallMs: number }

/**
 * The measured speed of recent transcriptions, kept in the database (`app_settings`, the last 20 runs
 * of each kind) so that every process, web or worker, estimates a wait from what the workers really
 * did. A run is recorded when a transcribe job finishes its transcript (`onFinished`): the audio that
 * run covered and its wall time, download and decode included.
 */
export function createTranscriptionSpeed(db: Db, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const current = new AsyncLocalStorage<SpeedKind>()
  let cached: { at: number; speeds: Promise<Record<SpeedKind, number>> } | undefined

  async function read(): Promise<Record<SpeedKind, number>> {
    const { rows } = await db.execute<{ key: string; value: string }>(sql`select key, value from ${appSettings} where key like 'transcription_speed:%'`)
    const speeds = { ...DEFAULT_SPEED }
    for (const row of rows) {
      const kind = row.key.slice('transcription_speed:'.length) as SpeedKind
      if (!(kind in speeds)) continue
      const runs = JSON.parse(row.value) as Run[]
      const audio = runs.reduce((sum, r) => sum + r.audioMs, 0)
      const wall = runs.reduce((sum, r) => sum + r.wallMs, 0)
      if (audio > 0 && wall > 0) speeds[kind] = audio / wall
    }
    return speeds
  }

  /** Adds one run: appended to its kind's list, the oldest beyond 20 dropped, in one statement. */
  async function record(kind: SpeedKind, run: Run): Promise<void> {
    if (!(run.audioMs > 0) || !(run.wallMs > 0)) return
    const one = JSON.stringify([{ audioMs: Math.round(run.audioMs), wallMs: Math.round(run.wallMs) }])
    await db.execute(sql`
      insert into app_settings (key, value) values (${keyOf(kind)}, ${one})
      on conflict (key) do update set value = (
        select coalesce(jsonb_agg(r order by n), '[]'::jsonb)::text from (
          select r, n from jsonb_array_elements(app_settings.value::jsonb || excluded.value::jsonb) with ordinality as e(r, n)
          order by n desc limit ${RUNS_KEPT}) kept)`)
    cached = undefined
  }

  return {
    record,

    /** Audio seconds per wall second, by kind (measured, else the default). */
    speeds(): Promise<Record<SpeedKind, number>> {
      if (!cached || now() - cached.at > CACHE_MS) {
        const speeds = read()
        cached = { at: now(), speeds }
        speeds.catch(() => (cached = undefined))
      }
      return cached.speeds
    },

    /**
     * The transcribe handler, run so that `finished` (its `onFinished`) knows which kind of run it
     * measured: `kindOf` is read before the run (known text or not).
     */
    measured(handler: JobHandler<'transcribe'>, kindOf: (address: string) => Promise<SpeedKind>): JobHandler<'transcribe'> {
      return async (payload, ctx) => current.run(await kindOf(payload.address), () => handler(payload, ctx))
    },

    /** The job's `onFinished`: records the run under the kind `measured` set. Never throws. */
    finished(run: Run, onError: (error: unknown) => void): void {
      const kind = current.getStore()
      if (kind) record(kind, run).catch(onError)
    },
  }
}

export type TranscriptionSpeed = ReturnType<typeof createTranscriptionSpeed>
