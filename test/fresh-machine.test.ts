import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, TRANSCRIPT_NOTICE, UPLOAD_MSG, type Article, type Segment, type TranscriptionStatus } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio, makeVideo } from './media'
import { multipart } from './multipart'
import { BUILT_SERVER, startServerProcess, type ServerProcess } from './server-process'
import { pathWithout, SYSTEM_MEDIA_TOOLS, type ToolPath } from './tool-path'

/**
 * Decision 0012: `npm ci && npm start` on a machine without Debian's ffmpeg and
 * pocketsphinx (a laptop, a fresh server). The server as npm start runs it
 * (built first when its sources changed, as npm start does) starts with a PATH
 * that has neither, on an empty DATA_DIR: it says at start what is missing and
 * how to add it, takes a WAV and an MP4 with the ffmpeg and ffprobe that came
 * with npm ci, shows an uploaded subtitle's text with its cue times (and says
 * why no word is timed), and says why media without a transcript gets none.
 */
const auth = { authorization: `Bearer ${DEV_LOGIN_TOKEN}` }
const SRT = '1\r\n00:00:00,500 --> 00:00:01,800\r\nHello and welcome.\r\n\r\n2\r\n00:00:02,000 --> 00:00:03,500\r\nThis is the <i>second</i> line.\r\n'

let work: string
let tools: ToolPath
let server: ServerProcess

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-fresh-'))
  tools = pathWithout(SYSTEM_MEDIA_TOOLS)
  // Only when out of date: a build in place swaps the server's files under any other test running them then.
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: path.resolve(import.meta.dirname, '..') })
  server = await startServerProcess({ PATH: tools.PATH, DATA_DIR: path.join(work, 'data'), DEV_LOGIN: '1' }, 60_000, BUILT_SERVER)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  tools?.cleanup()
  if (work) rmSync(work, { recursive: true, force: true })
})

async function upload(file: string, subtitle?: { name: string; text: string }) {
  const parts = [{ field: 'file', filename: path.basename(file), content: readFileSync(file) }, ...(subtitle ? [{ field: 'subtitle', filename: subtitle.name, content: subtitle.text }] : [])]
  const { headers, payload } = multipart(parts, auth)
  const res = await fetch(`${server.url}/storage/api/upload_file`, { method: 'POST', headers, body: payload })
  return { status: res.status, body: (await res.json()) as { storage_path?: string; msg?: string } }
}

async function collect(title: string, field: 'audio' | 'video', address: string): Promise<Article> {
  const res = await fetch(`${server.url}/english_vocab/api/collect`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ title, [field]: address }) })
  expect(res.status).toBe(200)
  const library = (await (await fetch(`${server.url}/english_vocab/api/word_collections`, { headers: auth })).json()) as { collections: Article[] }
  return library.collections.find((a) => a.Title === title)!
}

async function transcript(address: string): Promise<{ segments: Segment[]; transcription: TranscriptionStatus }> {
  const res = await fetch(`${server.url}/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`, { headers: auth })
  return (await res.json()) as { segments: Segment[]; transcription: TranscriptionStatus }
}

describe('a machine without system ffmpeg, ffprobe and pocketsphinx', () => {
  it('says at start what each part uses, what is missing and the command that adds it', () => {
    const log = server.output()
    expect(log).toMatch(/media: ffmpeg from npm \(@ffmpeg-installer\/ffmpeg, [^)]*node_modules\/@ffmpeg-installer\/[^)]*\), ffprobe from npm \(@ffprobe-installer\/ffprobe/)
    expect(log).toContain('word timing: off: pocketsphinx is not installed; transcripts that come with the media are shown with their cue times')
    expect(log).toMatch(/word timing: off: [^"]*To add it: apt-get install pocketsphinx pocketsphinx-en-us \(Debian\/Ubuntu\) · on macOS or elsewhere run the Docker image/)
    expect(log).toMatch(/recognition: off: pocketsphinx is not installed and neither WHISPER_MODEL nor TRANSCRIBE_API_URL is set[^"]*To add it: npm run whisper:download base\.en/)
    expect(log).toMatch(/"msg":"storage: local disk, /)
    expect(log).toMatch(/"msg":"mail: no SMTP_URL: sign-in codes are written to this log/)
    expect(log).toMatch(/"msg":"dictionaries: WordNet 3\.1/)
  })

  it('takes a WAV with its SRT and shows the SRT\'s lines with their cue times, saying word timing is off', async () => {
    const wav = await makeAudio(work, 'Greeting.wav', 4)
    const up = await upload(wav, { name: 'Greeting.srt', text: SRT })
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    expect(up.body.storage_path).toMatch(/^\/uploads\/[a-z0-9]{16}\.wav$/)
    const article = await collect('Greeting', 'audio', up.body.storage_path!)
    expect(article.Audio).toBe(up.body.storage_path)

    await expect.poll(async () => (await transcript(article.Audio!)).transcription.status, { timeout: 60_000, interval: 250 }).toBe('done')
    const done = await transcript(article.Audio!)
    expect(done.segments).toEqual([
      { start: 500, end: 1800, text: 'Hello and welcome.', word_timestamps: [] },
      { start: 2000, end: 3500, text: 'This is the second line.', word_timestamps: [] },
    ])
    expect(done.transcription).toMatchObject({ status: 'done', confidence: 'aligned', notice: 'word_timing_off' })
    expect(TRANSCRIPT_NOTICE[done.transcription.notice!]).toBe('Word timing is off on this server: pocketsphinx is not installed. The transcript is shown with its cue times.')
  }, 90_000)

  it('takes an MP4 (its thumbnail made by the npm ffmpeg) and says why it gets no transcript, never that the file is unsupported', async () => {
    const mp4 = await makeVideo(work, { name: 'Lecture.mp4' })
    const up = await upload(mp4)
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    expect(up.body.msg).not.toBe(UPLOAD_MSG.unsupportedType)
    const article = await collect('Lecture', 'video', up.body.storage_path!)
    expect(article.Video).toBe(up.body.storage_path)
    const thumbnail = await fetch(`${server.url}/storage/api/thumbnail${article.Video}`, { headers: auth })
    expect(thumbnail.status).toBe(200)
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\/jpeg/)

    await expect.poll(async () => (await transcript(article.Video!)).transcription.status, { timeout: 60_000, interval: 250 }).toBe('failed')
    expect((await transcript(article.Video!)).transcription.notice).toBe('recognition_unavailable')
  }, 90_000)
})
