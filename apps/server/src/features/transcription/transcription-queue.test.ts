import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TranscriptionStatus } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { makeEpisode, type SyntheticEpisode } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createJobsRepo, type JobsRepo } from '../jobs/jobs.repo'
import { createLibraryRepo } from '../library/library.repo'
import { createTranscriptsRepo, type TranscriptsRepo } from '../media/transcripts.repo'
import { createUploadRepo } from '../upload/upload.repo'
import { estimateWaitSeconds, FOCUS_PRIORITY, transcribeKey, YIELD_WITHIN_MS } from './transcription.service'
import { createTranscriptionSpeed, DEFAULT_SPEED } from './transcription-speed'

/**
 * A transcript's status says what the queue does with it — waiting, with how many
 * transcripts go first and about how long that takes, or running with its progress — and the one a
 * learner opens goes ahead of the background.
 */

const get = (t: TestApp, user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth })
const statusOf = async (t: TestApp, user: TestUser, address: string): Promise<TranscriptionStatus> => {
  const res = await get(t, user, `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().transcription
}
const parseMedia = async (t: TestApp, user: TestUser, address: string): Promise<TranscriptionStatus> => {
  const res = await t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', headers: user.auth, payload: { audio_url: address } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().transcription
}

describe('estimateWaitSeconds', () => {
  const speeds = { ...DEFAULT_SPEED, align: 20, pocketsphinx: 2 }
  const work = (over: Partial<Parameters<typeof estimateWaitSeconds>[0][number]>) => ({ running: false, priority: 0, progress: 0, aligned: true, durationMs: 60_000, ...over })

  it('adds the audio left ahead over the speed of its kind, shared by the slots at work', () => {
    expect(estimateWaitSeconds([], 0, speeds, 'pocketsphinx')).toBe(0)
    // 600 s aligned at 20x, a quarter done: 22.5 s; 5 s recognised at 2x: 2.5 s.
    expect(estimateWaitSeconds([work({ running: true, durationMs: 600_000, progress: 0.25 }), work({ aligned: false, durationMs: 5_000 })], 0, speeds, 'pocketsphinx')).toBe(25)
    // Two transcriptions running: two slots share the work.
    expect(estimateWaitSeconds([work({ running: true, durationMs: 400_000 }), work({ running: true, durationMs: 400_000 })], 0, speeds, 'pocketsphinx')).toBe(20)
    // A length unknown: no estimate.
    expect(estimateWaitSeconds([work({ durationMs: null })], 0, speeds, 'pocketsphinx')).toBeUndefined()
    // A running one this transcript outranks hands its slot over soon, whatever its length.
    expect(estimateWaitSeconds([work({ running: true, durationMs: null })], FOCUS_PRIORITY, speeds, 'pocketsphinx')).toBe(YIELD_WITHIN_MS / 1000)
  })
})

describe('the status of a queued transcript (the queue driven by hand: a web process runs no jobs)', () => {
  let t: TestApp
  let me: TestUser
  let jobs: JobsRepo
  let transcripts: TranscriptsRepo
  const LONG = '/uploads/queue-long.wav'
  const SHORT = '/uploads/queue-short.wav'
  const UNKNOWN = 'https://media.example/no-length.mp3'
  const FOURTH = '/uploads/queue-fourth.wav'

  beforeAll(async () => {
    t = await buildTestApp({ processRole: 'web' })
    me = await createTestUser(t.db.database, 'queue@example.com')
    jobs = createJobsRepo(t.db.database.db)
    transcripts = createTranscriptsRepo(t.db.database.db)
    const uploads = createUploadRepo(t.db.database.db)
    const library = createLibraryRepo(t.db.database.db)
    for (const [address, seconds] of [[LONG, 600], [SHORT, 5], [FOURTH, 30]] as const) {
      await uploads.insert({ userId: me.id, path: address, originalName: 'x.wav', kind: 'audio', title: address, format: 'wav', durationSeconds: seconds, width: null, height: null, sizeBytes: 1, subtitleCues: null })
    }
    for (const address of [LONG, SHORT, UNKNOWN, FOURTH]) await library.insert(me.id, { title: address, audio: address })
    // Recent alignments in this database ran at 20x real time (two runs of one kind: total audio over total time).
    const speed = createTranscriptionSpeed(t.db.database.db)
    await speed.record('align', { audioMs: 100_000, wallMs: 4_000 })
    await speed.record('align', { audioMs: 100_000, wallMs: 6_000 })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('says how many transcripts go first and about how long they take, from their audio and the measured speed', async () => {
    // An upload with its subtitle, saved a while ago: its job is running on a worker, a quarter done.
    await t.app.transcription.request(LONG, { cues: [{ start: 0, end: 600_000, text: 'a long talk' }], source: 'upload' })
    const running = await jobs.claim('worker-a', 60_000, ['transcribe'])
    const long = (await transcripts.state(LONG))!
    await transcripts.setStatus(long.id, 'running')
    await transcripts.storeChunk(long.id, 0, [], 0.25, { confidence: 'aligned' })
    expect(running).toMatchObject({ payload: { address: LONG } })

    // Saved next, in the background: one ahead, 450 s of audio left at 20x.
    expect(await t.app.transcription.request(SHORT)).toEqual({ status: 'pending', progress: 0, confidence: 'aligned', waiting: { ahead: 1, wait_seconds: 23 } })
    // Behind both: the short one's 5 s are recognised (pocketsphinx, 2x before any is measured).
    expect((await t.app.transcription.request(UNKNOWN)).waiting).toEqual({ ahead: 2, wait_seconds: 25 })
    // Behind a transcript of unknown length: its place, no estimate.
    expect((await t.app.transcription.request(FOURTH)).waiting).toEqual({ ahead: 3 })
    // The running one is running, with its progress (asked by the service: a player's read would raise it).
    expect(await t.app.transcription.status(LONG)).toEqual({ status: 'running', progress: 0.25, confidence: 'aligned' })
  })

  it('puts the transcript a player asks for ahead of the background: its job is claimed first', async () => {
    expect((await jobs.byDedupeKey(transcribeKey(SHORT)))?.priority).toBe(0)
    // The player opens the short episode: get_speech_segments raises it. The running background job
    // will hand its slot over, so the wait is that hand-over, not its hour.
    expect((await statusOf(t, me, SHORT)).waiting).toEqual({ ahead: 1, wait_seconds: YIELD_WITHIN_MS / 1000 })
    expect((await jobs.byDedupeKey(transcribeKey(SHORT)))?.priority).toBe(FOCUS_PRIORITY)
    // The others keep their place behind it (read by the service: a player's read would raise them too).
    expect((await t.app.transcription.status(UNKNOWN)).waiting).toEqual({ ahead: 2, wait_seconds: 25 })
    // A play position asks for it too (transcript?play_pos=), and parse_media when it is opened again.
    const window = await get(t, me, `/media-proxy/transcript?audio_url=${encodeURIComponent(FOURTH)}&play_pos=12000`)
    expect(window.json().transcription.waiting.ahead).toBe(2)
    expect((await jobs.byDedupeKey(transcribeKey(FOURTH)))?.priority).toBe(FOCUS_PRIORITY)
    expect((await parseMedia(t, me, SHORT)).status).toBe('pending')

    // A free slot takes the opened ones first, oldest first, then the background.
    expect((await jobs.claim('worker-b', 60_000, ['transcribe']))?.payload).toEqual({ address: SHORT })
    const short = (await transcripts.state(SHORT))!
    await transcripts.storeChunk(short.id, 0, [], 0.5, { confidence: 'recognised' })
    expect(await statusOf(t, me, SHORT)).toEqual({ status: 'running', progress: 0.5, confidence: 'recognised' })
  })

  it('says a part-done transcript whose job was handed back waits, with the progress it has', async () => {
    const long = await jobs.byDedupeKey(transcribeKey(LONG))
    await jobs.release(long!.id, 'worker-a')
    // Its transcript says running; its job waits behind the short one (running: half of 5 s left at 2x)
    // and the opened fourth (30 s to recognise at 2x), though it was queued before them.
    expect((await transcripts.state(LONG))?.status).toBe('running')
    expect(await t.app.transcription.status(LONG)).toEqual({ status: 'pending', progress: 0.25, confidence: 'aligned', waiting: { ahead: 2, wait_seconds: 17 } })
    // Opened now, it goes ahead of the background, behind the opened ones queued before it.
    expect((await statusOf(t, me, LONG)).waiting).toEqual({ ahead: 1, wait_seconds: 2 })
  })

  it('leaves transcripts with no job alone: done, none, and the demo', async () => {
    expect(await t.app.transcription.status('/demo/sense-and-sensibility.mp3')).toEqual({ status: 'done', progress: 1, confidence: 'aligned' })
    expect(await t.app.transcription.status('/uploads/never-asked.wav')).toEqual({ status: 'none', progress: 0, confidence: 'aligned' })
  })
})

describe('a short episode opened while a long one is transcribed (one slot)', () => {
  let t: TestApp
  let me: TestUser
  let work: string
  let long: SyntheticEpisode
  const LONG = '/uploads/a-minute-and-a-half.wav'
  const SHORT = '/uploads/a-few-seconds.wav'

  beforeAll(async () => {
    t = await buildTestApp({ processRole: 'both', jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 100, retryBaseMs: 200 } })
    me = await createTestUser(t.db.database, 'opener@example.com')
    work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-queue-'))
    long = await makeEpisode(work, 1.5)
    const short = await makeEpisode(mkdtempSync(path.join(work, 'short-')), 0.1)
    mkdirSync(path.join(t.config.storageDir, 'uploads'), { recursive: true })
    cpSync(long.file, path.join(t.config.storageDir, LONG))
    cpSync(short.file, path.join(t.config.storageDir, SHORT))
    const library = createLibraryRepo(t.db.database.db)
    await library.insert(me.id, { title: 'A minute and a half', audio: LONG })
    await library.insert(me.id, { title: 'A few seconds', audio: SHORT })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('starts the opened one within 5 s, then finishes the long one with every chunk stored once', async () => {
    // The long one was saved without a subtitle: it is recognised in the background, chunk by chunk
    // (about 25 s of audio each, seconds of work each: longer than the 5 s the opened one may wait).
    await t.app.transcription.request(LONG)
    await expect.poll(async () => (await t.app.transcription.status(LONG)).progress, { timeout: 60_000, interval: 50 }).toBeGreaterThan(0)
    expect((await t.app.transcription.status(LONG)).status).toBe('running')

    const openedAt = Date.now()
    await parseMedia(t, me, SHORT)
    await expect.poll(async () => (await statusOf(t, me, SHORT)).status, { timeout: 5_000, interval: 50 }).toMatch(/running|done/)
    expect(Date.now() - openedAt).toBeLessThan(5_000)
    await expect.poll(async () => (await statusOf(t, me, SHORT)).status, { timeout: 60_000, interval: 100 }).toBe('done')

    // The long one resumes after the chunks it stored and ends whole.
    await expect.poll(async () => (await statusOf(t, me, LONG)).status, { timeout: 120_000, interval: 200 }).toBe('done')
    const state = (await createTranscriptsRepo(t.db.database.db).state(LONG))!
    expect(new Set(state.chunksDone).size).toBe(state.chunksDone.length)
    const { rows } = await t.db.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select start_ms from transcript_segments where transcript_id = ${state.id} group by start_ms having count(*) > 1) d`)
    expect(rows[0]!.n).toBe(0)
    // Each finished run's speed is kept for the next estimates: the short one's, and the long one's
    // resumed run (credited with the audio of that run only).
    // The speed is written after the transcript is marked done, not awaited by the job (it failed once on PostgreSQL).
    const keptRuns = async () => {
      const { rows: kept } = await t.db.database.db.execute<{ value: string }>(sql`select value from app_settings where key = 'transcription_speed:pocketsphinx'`)
      return JSON.parse(kept[0]?.value ?? '[]') as Array<{ audioMs: number; wallMs: number }>
    }
    await expect.poll(keptRuns, { timeout: 5_000, interval: 50 }).toHaveLength(2)
    const runs = await keptRuns()
    expect(runs[1]!.audioMs).toBeLessThan(long.durationMs)
    expect(runs.every((r) => r.audioMs > 0 && r.wallMs > 0)).toBe(true)
  }, 240_000)
})
