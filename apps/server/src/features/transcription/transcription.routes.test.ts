import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { LIBRARY_MSG, type Segment, type TranscriptionStatus } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { makeEpisode, type SyntheticEpisode } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createJobsRepo } from '../jobs/jobs.repo'
import { createLibraryRepo } from '../library/library.repo'
import { createTranscriptsRepo } from '../media/transcripts.repo'
import { transcribeKey } from './transcription.service'

const LONG = '/uploads/episode.wav'
const SHORT = '/uploads/short.wav'
const DEMO = '/demo/sense-and-sensibility.mp3'

let t: TestApp
let me: TestUser
let other: TestUser
let work: string
let episode: SyntheticEpisode
let shortMs: number

interface SegmentsBody {
  success: boolean
  segments: Segment[]
  transcription: TranscriptionStatus
  msg?: string
}

const segments = async (user: TestUser, address: string) =>
  (await t.app.inject({ url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`, headers: user.auth })).json<SegmentsBody>()
const windowAt = async (user: TestUser, address: string, ms: number) =>
  (await t.app.inject({ url: `/media-proxy/transcript?audio_url=${encodeURIComponent(address)}&play_pos=${ms}`, headers: user.auth })).json<SegmentsBody>()
const parseMedia = (user: TestUser, address: string) => t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', headers: user.auth, payload: { audio_url: address } })

beforeAll(async () => {
  t = await buildTestApp({ processRole: 'both', jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 200 } })
  me = await createTestUser(t.db.database, 'listener@example.com')
  other = await createTestUser(t.db.database, 'other@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-transcription-'))
  episode = await makeEpisode(work, 15)
  const short = await makeEpisode(mkdtempSync(path.join(work, 'short-')), 0.25)
  shortMs = short.durationMs
  mkdirSync(path.join(t.config.storageDir, 'uploads'), { recursive: true })
  cpSync(episode.file, path.join(t.config.storageDir, LONG))
  cpSync(short.file, path.join(t.config.storageDir, SHORT))
  const library = createLibraryRepo(t.db.database.db)
  await library.insert(me.id, { title: 'Fifteen minutes', audio: LONG })
  await library.insert(me.id, { title: 'Short', audio: SHORT })
  // Speaking a fifteen-minute episode with espeak-ng takes over a minute on a loaded machine.
}, 180_000)

afterAll(async () => {
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('parse_media and transcripts', () => {
  it("answers not-found for another user's media and queues nothing", async () => {
    const res = await parseMedia(other, SHORT)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.mediaNotFound })
    expect(await createJobsRepo(t.db.database.db).byDedupeKey(transcribeKey(SHORT))).toBeUndefined()
    expect((await windowAt(other, SHORT, 0)).msg).toBe(LIBRARY_MSG.transcriptNotFound)
  })

  it('refuses a missing or blank audio_url in the contract\'s words, and a request with no token', async () => {
    for (const payload of [{}, { audio_url: '   ' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', headers: me.auth, payload })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: 'audio_url is required' })
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', payload: { audio_url: SHORT } })
    expect(anonymous.statusCode).toBe(401)
  })

  it('leaves a transcript that exists alone: the demo is done and queues no job', async () => {
    const demo = createLibraryRepo(t.db.database.db)
    await demo.insert(me.id, { title: 'Demo', audio: DEMO })
    const res = await parseMedia(me, DEMO)
    expect(res.json()).toEqual({ success: true, transcription: { status: 'done', progress: 1, confidence: 'aligned' } })
    expect(await createJobsRepo(t.db.database.db).byDedupeKey(transcribeKey(DEMO))).toBeUndefined()
  })

  it('recognises media with no transcript once, however often it is asked for, as low-confidence words', async () => {
    const first = await parseMedia(me, SHORT)
    expect(first.statusCode).toBe(200)
    expect(first.json().transcription.status).toMatch(/pending|running/)
    await parseMedia(me, SHORT)
    await parseMedia(me, SHORT)
    const jobs = createJobsRepo(t.db.database.db)
    const job = await jobs.byDedupeKey(transcribeKey(SHORT))
    await expect.poll(async () => (await segments(me, SHORT)).transcription.status, { timeout: 60_000, interval: 200 }).toBe('done')
    const body = await segments(me, SHORT)
    expect(body.transcription).toEqual({ status: 'done', progress: 1, confidence: 'recognised' })
    expect(body.segments.length).toBeGreaterThan(0)
    const words = body.segments.flatMap((s) => s.word_timestamps)
    expect(words.length).toBeGreaterThan(10)
    expect(words.every((w, i) => w.end >= w.start && (i === 0 || w.start >= words[i - 1]!.start) && w.end <= shortMs)).toBe(true)
    // The transcript is stored before the runner marks its job done: the job row follows a moment later.
    await expect.poll(() => jobs.get(job!.id), { timeout: 10_000 }).toMatchObject({ status: 'done', attempts: 1 })
    // Done: asking again is a lookup, no new job.
    await parseMedia(me, SHORT)
    expect((await jobs.byDedupeKey(transcribeKey(SHORT)))!.id).toBe(job!.id)
  }, 90_000)

  it('on a 15-minute episode with a transcript, has the words at minute 10 before the rest is done', async () => {
    expect(episode.durationMs).toBeGreaterThan(15 * 60_000)
    await t.app.transcription.request(LONG, { cues: episode.cues })
    const at = 10 * 60_000
    // The sentences of the 20 s from minute 10: the window the player asks for.
    const expected = episode.cues.filter((c) => c.start >= at && c.end <= at + 20_000)
    const spokenIn = (body: SegmentsBody, cue: { start: number; end: number }) =>
      body.segments
        .flatMap((s) => s.word_timestamps)
        .filter((w) => (w.start + w.end) / 2 >= cue.start && (w.start + w.end) / 2 <= cue.end)
        .map((w) => w.word)
        .join(' ')
    let body = await windowAt(me, LONG, at)
    const started = Date.now()
    while (!expected.every((cue) => spokenIn(body, cue) !== '')) {
      expect(Date.now() - started).toBeLessThan(30_000)
      await new Promise((r) => setTimeout(r, 100))
      body = await windowAt(me, LONG, at)
    }
    expect(body.transcription.status).toBe('running')
    expect(body.transcription.progress).toBeLessThan(0.5)
    // The words there are the transcript's, timed inside their own sentences.
    for (const cue of expected) expect(spokenIn(body, cue)).toBe(cue.text)
    // Nothing from the start of the episode yet: it was not where the learner was.
    expect((await segments(me, LONG)).segments.some((s) => s.start < 60_000)).toBe(false)
  }, 90_000)
})

describe('known text arriving late', () => {
  it('replaces machine-recognised words stored so far, so the two never mix', async () => {
    const repo = createTranscriptsRepo(t.db.database.db)
    const address = '/uploads/late-subtitles.wav'
    const first = await repo.ensurePending(address, undefined, 'pocketsphinx')
    const heard = { start: 0, end: 1000, text: 'guess what', word_timestamps: [{ word: 'guess', start: 0, end: 400 }, { word: 'what', start: 500, end: 1000 }] }
    await repo.storeChunk(first.id, 0, [heard], 0.5, { confidence: 'recognised' })
    expect(await repo.segments(address)).toEqual([heard])

    const cues = [{ start: 0, end: 1000, text: 'John Dashwood' }]
    const state = await repo.ensurePending(address, cues, 'upload')
    expect(state).toMatchObject({ id: first.id, status: 'pending', source: 'upload', cues, chunksDone: [] })
    expect(await repo.segments(address)).toEqual([])
  })
})
