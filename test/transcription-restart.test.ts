import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { createJobsRepo } from '../apps/server/src/features/jobs/jobs.repo'
import { createLibraryRepo } from '../apps/server/src/features/library/library.repo'
import { createTranscriptsRepo } from '../apps/server/src/features/media/transcripts.repo'
import { transcribeKey } from '../apps/server/src/features/transcription/transcription.service'
import { createTestDatabase, type TestDatabase } from './db'
import { startServerAfterKill as start, type ServerProcess } from './server-process'
import { makeEpisode } from './speech'
import { createTestUser } from './users'

const ADDRESS = '/uploads/restart.wav'
let db: TestDatabase
let server: ServerProcess | undefined
let work: string

afterAll(async () => {
  server?.proc.kill('SIGKILL')
  await db?.drop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a worker killed in the middle of a transcript', () => {
  it('resumes the job after a restart and completes it once, every sentence stored exactly once', async () => {
    db = await createTestDatabase()
    work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-restart-'))
    const episode = await makeEpisode(work, 3)
    const storage = path.join(db.env.DATA_DIR, 'storage')
    mkdirSync(path.join(storage, 'uploads'), { recursive: true })
    cpSync(episode.file, path.join(storage, ADDRESS))
    const user = await createTestUser(db.database, 'restart@example.com')
    await createLibraryRepo(db.database.db).insert(user.id, { title: 'Restart', audio: ADDRESS })
    await createTranscriptsRepo(db.database.db).ensurePending(ADDRESS, episode.cues, 'publisher')
    const jobs = createJobsRepo(db.database.db)
    const jobId = await jobs.enqueue('transcribe', { address: ADDRESS }, { dedupeKey: transcribeKey(ADDRESS) })
    await db.database.close()

    const env = { ...db.env, JOB_LEASE_SECONDS: '2' }
    const status = async () => {
      const res = await fetch(`${server!.url}/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(ADDRESS)}`, { headers: user.auth })
      return (await res.json()) as { segments: Segment[]; transcription: TranscriptionStatus }
    }

    server = await start(env)
    await expect.poll(async () => (await status()).transcription.progress, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(0.25)
    server.proc.kill('SIGKILL')
    await new Promise((r) => server!.proc.once('exit', r))

    server = await start(env)
    await expect.poll(async () => (await status()).transcription.status, { timeout: 90_000, interval: 250 }).toBe('done')
    const { segments } = await status()
    expect(await server.stop()).toBe(0)
    server = undefined

    // Every sentence once, in order: nothing lost at the kill, nothing stored twice after it.
    expect(segments.map((s) => s.text).join(' ')).toBe(episode.cues.map((c) => c.text).join(' '))
    expect(segments.every((s, i) => i === 0 || s.start >= segments[i - 1]!.end)).toBe(true)
    const reopened = await db.reopen()
    db.database = reopened
    // Resumed once (the second try), and done. A stop that comes between the transcript's last chunk and
    // the job's own bookkeeping hands the job back (the runner's rule for a job aborted by a stop): a
    // next start finds the transcript done and ends it at once, so that state is the same outcome.
    const job = await createJobsRepo(reopened.db).get(jobId)
    expect([{ status: 'done', attempts: 2 }, { status: 'queued', attempts: 1 }]).toContainEqual({ status: job?.status, attempts: job?.attempts })
  }, 240_000)
})
