import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { UPLOAD_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { makeAudio } from '../../../../../test/media'
import { multipart } from '../../../../../test/multipart'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { cueSegments } from '../transcription/known-text'

/**
 * Decision 0012: a server with neither the system's ffprobe nor the npm build
 * (another platform, `npm ci --omit=optional`) refuses an upload by saying
 * what it lacks and how to add it: never "Unsupported file type", which
 * blames the learner's file.
 */
let t: TestApp
let alice: TestUser
let work: string

beforeAll(async () => {
  t = await buildTestApp({ tools: { ffmpeg: undefined, ffprobe: undefined, pocketsphinx_batch: undefined } })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-no-tools-'))
})
afterAll(async () => {
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('an upload on a server without ffprobe', () => {
  it('answers 503 with what is missing and the command that adds it, and keeps nothing', async () => {
    const wav = await makeAudio(work, 'memo.wav')
    const res = await t.app.inject({ method: 'POST', url: '/storage/api/upload_file', ...multipart([{ field: 'file', filename: 'memo.wav', content: readFileSync(wav) }], alice.auth) })
    expect(res.statusCode, res.body).toBe(503)
    const { msg } = res.json() as { msg: string }
    expect(msg).not.toBe(UPLOAD_MSG.unsupportedType)
    expect(msg).toBe(
      UPLOAD_MSG.serverCannotRead('ffprobe is not installed on this server. To add it: npm ci (brings @ffprobe-installer/ffprobe), apt-get install ffmpeg (Debian/Ubuntu) or brew install ffmpeg (macOS).'),
    )
    for (const dir of [t.config.uploadTmpDir, path.join(t.config.storageDir, 'uploads')]) expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([])
  })
})

describe('cue segments (a server without an aligner)', () => {
  it('keeps timed cues as they are, cut at the end of the audio; cues past the end kept at the end, in one segment', () => {
    const cues = [
      { start: 0, end: 1500, text: 'One.' },
      { start: 1500, end: 4000, text: 'Two.' },
      { start: 5000, end: 6000, text: 'Past the end.' },
      { start: 6000, end: 7000, text: 'Further.' },
    ]
    expect(cueSegments(cues, 3000)).toEqual([
      { start: 0, end: 1500, text: 'One.', word_timestamps: [] },
      { start: 1500, end: 3000, text: 'Two.', word_timestamps: [] },
      { start: 3000, end: 3000, text: 'Past the end. Further.', word_timestamps: [] },
    ])
  })

  it('spreads untimed text over the audio by its length', () => {
    expect(cueSegments([{ text: 'abc' }, { text: 'abcdefg' }], 10_000)).toEqual([
      { start: 0, end: 3000, text: 'abc', word_timestamps: [] },
      { start: 3000, end: 10_000, text: 'abcdefg', word_timestamps: [] },
    ])
  })
})
