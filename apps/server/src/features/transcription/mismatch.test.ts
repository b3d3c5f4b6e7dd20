import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { joinLibrivox, librivoxPresent, makePausedSpeech, sentence } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'
import { createTranscriptsRepo } from '../media/transcripts.repo'
import { commonWords, heardTheText } from './fit'
import { DEFAULT_MODEL_DIR } from './sphinx'

/**
 * A known text that is not what is spoken must not be called exact: the job
 * notices, recognises those parts instead, and the status says where. Real
 * read speech (LibriVox clips of Sense and Sensibility) with its own
 * transcript, with another text's sentences on its cues, and with a one-line
 * summary as an untimed transcript.
 */
const present = librivoxPresent() && existsSync(DEFAULT_MODEL_DIR)
if (!present && process.env.CI) throw new Error('pocketsphinx, pocketsphinx-en-us and pocketsphinx-testdata must be installed in CI')
// The recognition and its fit are the same on either database, and the queue's SQL that carries them runs
// on PostgreSQL in transcription-queue.test.ts and transcription.routes.test.ts: CI's PostgreSQL pass
// leaves these recordings (about 45 s of recognition) to its embedded pass.
const recordings = present && !process.env.TEST_DATABASE_URL

const GAP_MS = 600
const run = promisify(execFile)

let t: TestApp
let me: TestUser
let work: string
let joined: string
let durationMs: number
let cues: Array<{ start: number; end: number; text: string }> = []

interface SegmentsBody {
  segments: Segment[]
  transcription: TranscriptionStatus
}
const segments = async (address: string) =>
  (await t.app.inject({ url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`, headers: me.auth })).json<SegmentsBody>()

/** Stores the clip (`file`, the LibriVox clips by default) under `address` with `given` as its known text, opens it, and waits for the transcript. */
async function transcribe(address: string, given: Array<{ start?: number; end?: number; text: string }>, file = joined): Promise<SegmentsBody> {
  mkdirSync(path.join(t.config.storageDir, 'uploads'), { recursive: true })
  cpSync(file, path.join(t.config.storageDir, address))
  await createLibraryRepo(t.db.database.db).insert(me.id, { title: address, audio: address })
  await createTranscriptsRepo(t.db.database.db).ensurePending(address, given, 'upload')
  const res = await t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', headers: me.auth, payload: { audio_url: address } })
  expect(res.statusCode, res.body).toBe(200)
  await expect.poll(async () => (await segments(address)).transcription.status, { timeout: 90_000, interval: 250 }).toBe('done')
  return segments(address)
}

const plain = (word: string) => word.toLowerCase().replace(/[^a-z']/g, '')
const spoken = (body: SegmentsBody) => body.segments.flatMap((s) => s.word_timestamps.map((w) => w.word.toLowerCase().replace(/[^a-z']/g, '')))
const unmatchedMs = (status: TranscriptionStatus) => (status.unmatched ?? []).reduce((sum, s) => sum + s.end - s.start, 0)

beforeAll(async () => {
  if (!recordings) return
  t = await buildTestApp({ processRole: 'both', jobs: { concurrency: 1, leaseMs: 30_000, pollMs: 50, retryBaseMs: 200 } })
  me = await createTestUser(t.db.database, 'mismatch@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-mismatch-'))
  // The five clips, each its own sentence cue, with pauses between.
  const librivox = await joinLibrivox(work, Array(5).fill(GAP_MS))
  joined = librivox.file
  cues = librivox.sentences
  durationMs = librivox.durationMs
}, 60_000)

afterAll(async () => {
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the recogniser hears the text (pure)', () => {
  const heard = (text: string) => text.split(' ').map((word, i) => ({ word, start: i * 300, end: i * 300 + 250 }))
  it('counts the words heard in the text\'s order', () => {
    expect(commonWords(['and', 'all', 'my', 'fellow', 'america'], ['and', 'so', 'my', 'fellow', 'americans'])).toBe(3)
    expect(commonWords(['a', 'b', 'c'], ['c', 'b', 'a'])).toBe(1)
  })

  it("keeps a text the recogniser half hears, with its errors, and not one it hears nothing of but 'the' and 'and'", () => {
    const text = 'And Mister John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.'
    // pocketsphinx on this LibriVox sentence under 10 dB of noise.
    expect(heardTheText(heard('and mister john dash would had them leisure to consider how much there might be prudent'), text)).toBe(true)
    expect(heardTheText(heard('the teacher walked to the river and the garden before breakfast'), text)).toBe(false)
    // Three words in order are needed, however short the text.
    expect(heardTheText(heard('for them'), 'Do for them.')).toBe(false)
  })
})

describe.skipIf(!recordings)('a known text that does not fit the audio', () => {
  it('its own transcript: aligned everywhere, nothing unmatched, the text\'s words', async () => {
    const body = await transcribe('/uploads/own-text.wav', cues)
    expect(body.transcription).toMatchObject({ confidence: 'aligned' })
    expect(body.transcription.unmatched).toBeUndefined()
    expect(spoken(body)).toContain('dashwood')
  }, 120_000)

  it("another episode's sentences on its cues: recognised instead, and the status says where", async () => {
    const other = cues.map((c, i) => ({ ...c, text: `${sentence(i * 2)} ${sentence(i * 2 + 1)}` }))
    const body = await transcribe('/uploads/other-text.wav', other)
    // Most of the recording is marked, and none of the other text's words are shown as if spoken there.
    expect(unmatchedMs(body.transcription)).toBeGreaterThan(durationMs * 0.6)
    // The other text's longer words that the recording does not say ("young" is in both).
    const said = new Set(cues.flatMap((c) => c.text.split(' ')))
    const otherWords = new Set(other.flatMap((c) => c.text.toLowerCase().split(/\W+/)).filter((w) => w.length > 4 && !said.has(w)))
    const shownInUnmatched = body.segments
      .filter((s) => body.transcription.unmatched!.some((u) => s.start >= u.start && s.start < u.end))
      .flatMap((s) => s.word_timestamps.map((w) => w.word.toLowerCase().replace(/[^a-z]/g, '')))
    expect(shownInUnmatched.length).toBeGreaterThan(10)
    expect(shownInUnmatched.filter((w) => otherWords.has(w))).toEqual([])
  }, 120_000)

  it('a summary as an untimed transcript: recognised instead, all of it unmatched, and not called aligned', async () => {
    const summary = [{ text: 'A brother decides to give his sisters far less money than he promised their father.' }]
    const body = await transcribe('/uploads/summary.wav', summary)
    expect(unmatchedMs(body.transcription)).toBeGreaterThan(durationMs * 0.9)
    expect(spoken(body).length).toBeGreaterThan(30)
    // Mostly recognised, the transcript as a whole carries the recogniser's confidence (the player then says "machine-recognised").
    expect(body.transcription.confidence).toBe('recognised')
  }, 120_000)

  it('the right text after 10 s of music (a chord over noise): still aligned, nothing unmatched', async () => {
    const music = path.join(work, 'music.wav')
    const withIntro = path.join(work, 'music-intro.wav')
    const tone = (hz: number) => ['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=10`]
    await run('ffmpeg', ['-v', 'error', '-y', ...tone(220), ...tone(277), ...tone(330), ...tone(440), '-f', 'lavfi', '-i', 'anoisesrc=duration=10:color=pink:amplitude=0.05', '-filter_complex', 'amix=inputs=5', '-ac', '1', '-ar', '16000', music])
    await run('ffmpeg', ['-v', 'error', '-y', '-i', music, '-i', joined, '-filter_complex', '[0:a][1:a]concat=n=2:v=0:a=1', '-ac', '1', '-ar', '16000', withIntro])
    // An HTML or plain-text transcript: untimed, aligned over the whole recording, music and all.
    const body = await transcribe('/uploads/music-intro.wav', [{ text: cues.map((c) => c.text).join(' ') }], withIntro)
    expect(body.transcription).toMatchObject({ confidence: 'aligned' })
    expect(body.transcription.unmatched).toBeUndefined()
    expect(spoken(body).slice(0, 4)).toEqual(['and', 'mister', 'john', 'dashwood'])
    // No word lights up during the music: the first starts with the speech after it.
    expect(body.segments[0]!.word_timestamps[0]!.start).toBeGreaterThanOrEqual(10_000 - 200)
  }, 120_000)
})

describe.skipIf(!recordings)('a cue past the end of the audio', () => {
  it('its words the recording has not are kept at the end, marked uncertain, and the rest is aligned', async () => {
    const outro = { start: durationMs + 2000, end: durationMs + 4000, text: 'Thanks for listening.' }
    const body = await transcribe('/uploads/outro-past-end.wav', [...cues, outro])
    expect(body.transcription).toMatchObject({ confidence: 'aligned' })
    expect(body.transcription.unmatched).toBeUndefined()
    const words = body.segments.flatMap((s) => s.word_timestamps)
    expect(words.filter((w) => w.uncertain).map((w) => w.word)).toEqual(['Thanks', 'for', 'listening.'])
    expect(words.filter((w) => !w.uncertain).map((w) => plain(w.word))).toEqual(cues.flatMap((c) => c.text.split(' ')))
    expect(words.every((w) => w.end <= durationMs)).toBe(true)
  }, 120_000)
})

describe.skipIf(!recordings)('one cue that does not fit, among cues that do', () => {
  it("is recognised on its own and marked, and the cues around it keep the text's words", async () => {
    // Seven espeak-ng sentences, each its own cue, in one chunk; the fourth cue's text is a sentence of another book.
    const texts = Array.from({ length: 7 }, (_, i) => sentence(i))
    const speech = await makePausedSpeech(work, texts, texts.map(() => 600), 'one-foreign')
    const foreign = 'Unless to be rather cold hearted and rather selfish is to be ill disposed.'
    const body = await transcribe('/uploads/one-foreign-cue.wav', speech.phrases.map((p, i) => (i === 3 ? { ...p, text: foreign } : p)), speech.file)
    const [before, wrong, after] = [speech.phrases[2]!, speech.phrases[3]!, speech.phrases[4]!]

    // That cue's span, and only it, is listed; the transcript as a whole is still aligned.
    expect(body.transcription.unmatched).toHaveLength(1)
    const span = body.transcription.unmatched![0]!
    expect(span.start).toBeLessThanOrEqual(wrong.start)
    expect(span.end).toBeGreaterThanOrEqual(wrong.end)
    // It starts where the cue before it is last heard and ends where the next is first heard (within the aligner's 100 ms).
    expect(span.start).toBeGreaterThan(before.end - 100)
    expect(span.end).toBeLessThan(after.start + 100)
    expect(body.transcription.confidence).toBe('aligned')

    // Its words are what the recogniser heard there, none of the foreign sentence's.
    const inSpan = (s: { start: number }) => s.start >= span.start && s.start < span.end
    const heard = body.segments.filter(inSpan).flatMap((s) => s.word_timestamps.map((w) => plain(w.word)))
    expect(heard.length).toBeGreaterThanOrEqual(3)
    const foreignOnly = new Set(['unless', 'rather', 'cold', 'hearted', 'selfish', 'disposed'])
    expect(heard.filter((w) => foreignOnly.has(w))).toEqual([])

    // The other six cues keep their own words, in order, each inside its own cue's speech.
    const kept = body.segments.filter((s) => !inSpan(s)).flatMap((s) => s.word_timestamps)
    const expected = speech.phrases.flatMap((p, i) => (i === 3 ? [] : p.text.split(' ').map((word) => ({ word, cue: p }))))
    expect(kept.map((w) => w.word)).toEqual(expected.map((e) => e.word))
    const outside = kept.filter((w, k) => w.start < expected[k]!.cue.start - 200 || w.start > expected[k]!.cue.end)
    expect(outside).toEqual([])
  }, 120_000)
})
