import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { ffconcatNaming, hlsPlaylistNaming, movReferencing } from '../../../../../test/hostile-media'
import { makeEpisode } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'
import { createTranscriptsRepo } from '../media/transcripts.repo'

/**
 * Decision 0006: "remote media" whose bytes name a file on the server
 * (another user's stored upload) must never be followed. The victim's upload
 * is real speech, so a followed reference would show up as its words.
 */
let t: TestApp
let victim: TestUser
let attacker: TestUser
let host: FeedServer
let work: string
let victimFiles: { mp3: string; wav: string; m4a: string }
let victimSeconds: number

interface SegmentsBody {
  segments: Segment[]
  transcription: TranscriptionStatus
}

const segments = async (user: TestUser, address: string) =>
  (await t.app.inject({ url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`, headers: user.auth })).json<SegmentsBody>()

/** The attacker saves the address and asks for its transcript, as the console does; resolves with the job's outcome. */
async function transcribeAs(user: TestUser, address: string): Promise<SegmentsBody> {
  await createLibraryRepo(t.db.database.db).insert(user.id, { title: 'Remote', audio: address })
  const res = await t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', headers: user.auth, payload: { audio_url: address } })
  expect(res.statusCode).toBe(200)
  await expect.poll(async () => (await segments(user, address)).transcription.status, { timeout: 60_000, interval: 100 }).toMatch(/done|failed/)
  return segments(user, address)
}

beforeAll(async () => {
  t = await buildTestApp({ processRole: 'both', fetchAllowHosts: ['127.0.0.1'], jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 200 } })
  victim = await createTestUser(t.db.database, 'victim@example.com')
  attacker = await createTestUser(t.db.database, 'attacker@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-remote-media-'))
  const speech = await makeEpisode(work, 0.08)
  victimSeconds = speech.durationMs / 1000
  // The victim's private uploads: the same speech as WAV, MP3 and M4A (the hls and dash demuxers follow .mp3/.m4a names).
  const uploads = path.join(t.config.storageDir, 'uploads')
  mkdirSync(uploads, { recursive: true })
  victimFiles = { wav: path.join(uploads, 'victimspeech0001.wav'), mp3: path.join(uploads, 'victimspeech0002.mp3'), m4a: path.join(uploads, 'victimspeech0003.m4a') }
  cpSync(speech.file, victimFiles.wav)
  for (const out of [victimFiles.mp3, victimFiles.m4a]) execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', speech.file, out])
  const library = createLibraryRepo(t.db.database.db)
  for (const file of Object.values(victimFiles)) await library.insert(victim.id, { title: 'Private', audio: `/uploads/${path.basename(file)}` })

  host = await startFeedServer()
  host.set('/speech.mp3', { file: victimFiles.mp3, type: 'audio/mpeg' })
  host.set('/episode.m3u8', { body: hlsPlaylistNaming(victimFiles.mp3, victimSeconds), type: 'application/vnd.apple.mpegurl' })
  host.set('/episode.mp3', { body: hlsPlaylistNaming(victimFiles.mp3, victimSeconds), type: 'audio/mpeg' })
  host.set('/episode.ffconcat', { body: ffconcatNaming(victimFiles.wav), type: 'audio/mpeg' })
  host.set('/episode.mov', { body: await movReferencing(work, victimFiles.wav), type: 'video/quicktime' })
  host.set('/episode.mpd', {
    body: `<?xml version="1.0"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" mediaPresentationDuration="PT${victimSeconds.toFixed(1)}S" minBufferTime="PT1S">
<Period><AdaptationSet mimeType="audio/mp4"><Representation id="a" bandwidth="64000" codecs="mp4a.40.2" audioSamplingRate="16000"><BaseURL>${victimFiles.m4a}</BaseURL></Representation></AdaptationSet></Period></MPD>`,
    type: 'application/dash+xml',
  })
}, 90_000)

afterAll(async () => {
  await host?.close()
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('remote media that names a file on the server', () => {
  it('transcribes real remote audio (the victim speech served as bytes), so silence below means nothing was read', async () => {
    const body = await transcribeAs(attacker, `${host.url}/speech.mp3`)
    expect(body.transcription.status).toBe('done')
    expect(body.segments.flatMap((s) => s.word_timestamps).length).toBeGreaterThan(3)
  }, 90_000)

  it.each([
    ['an HLS playlist', '/episode.m3u8'],
    ['an HLS playlist served as an .mp3', '/episode.mp3'],
    ['an ffconcat script', '/episode.ffconcat'],
    ['a QuickTime movie whose track is a data reference to the file', '/episode.mov'],
    ['a DASH manifest', '/episode.mpd'],
  ])("%s naming another user's upload: the job fails, no transcript, nothing of the file", async (_name, pathname) => {
    const address = `${host.url}${pathname}`
    const body = await transcribeAs(attacker, address)
    expect(body.transcription.status).toBe('failed')
    expect(body.segments).toEqual([])
    expect(await createTranscriptsRepo(t.db.database.db).segments(address)).toEqual([])
    // The only request was the job's download of the address itself.
    expect(host.requests.filter((r) => r.path === pathname).length).toBe(1)
  }, 90_000)
})
