import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_EMAIL, DEV_LOGIN_TOKEN, TRANSCRIPT_UNCERTAIN_WORD, type Article } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthRepo } from '../apps/server/src/features/auth/auth.repo'
import { createLibraryRepo } from '../apps/server/src/features/library/library.repo'
import { createTranscriptsRepo } from '../apps/server/src/features/media/transcripts.repo'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { mixUnder } from '../test/noisy-speech'
import { joinLibrivox, makeEpisode } from '../test/speech'
import { launchBrowser, type Browser } from './browser'
import { consoleTookOver, signInAsDeveloper } from './session'

/**
 * A stored recording with no transcript: opening it queues the transcript,
 * the player shows the progress, then the machine-recognised words.
 */
const ADDRESS = '/uploads/memo.wav'
/** The same recording with another text on its cues: a transcript that does not fit. */
const MISFIT = '/uploads/memo-other-text.wav'
/** The same recording with its own text and an outro cue past its end: words the audio does not give. */
const OUTRO = '/uploads/memo-outro.wav'
const OUTRO_TEXT = 'Thanks for listening.'
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let work: string
let hashId: string
let misfitHashId: string
let outroHashId: string
let durationMs: number

beforeAll(async () => {
  db = await createTestDatabase()
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-e2e-transcribe-'))
  const episode = await makeEpisode(work, 0.4)
  mkdirSync(path.join(db.env.DATA_DIR, 'storage', 'uploads'), { recursive: true })
  cpSync(episode.file, path.join(db.env.DATA_DIR, 'storage', ADDRESS))
  // The developer shortcut signs in as this address: give that user the recording.
  const user = await createAuthRepo(db.database.db).upsertUserByEmail(DEV_LOGIN_EMAIL, 'dev')
  hashId = (await createLibraryRepo(db.database.db).insert(user.id, { title: 'Voice memo', audio: ADDRESS })).hashId
  cpSync(episode.file, path.join(db.env.DATA_DIR, 'storage', MISFIT))
  misfitHashId = (await createLibraryRepo(db.database.db).insert(user.id, { title: 'Memo with the wrong text', audio: MISFIT })).hashId
  const otherText = 'And Mister John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.'
  await createTranscriptsRepo(db.database.db).ensurePending(MISFIT, episode.cues.map((c) => ({ ...c, text: otherText })), 'upload')
  cpSync(episode.file, path.join(db.env.DATA_DIR, 'storage', OUTRO))
  outroHashId = (await createLibraryRepo(db.database.db).insert(user.id, { title: 'Memo with an outro', audio: OUTRO })).hashId
  durationMs = episode.durationMs
  await createTranscriptsRepo(db.database.db).ensurePending(OUTRO, [...episode.cues, { start: durationMs + 2000, end: durationMs + 4000, text: OUTRO_TEXT }], 'upload')
  await db.database.close()
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
}, 60_000)

/** Where the making of the transcript of a stored recording stands, as the player's API says. */
async function transcriptionStatus(address: string): Promise<string> {
  const res = await fetch(`${server.url}/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })
  return ((await res.json()) as { transcription?: { status: string } }).transcription?.status ?? 'none'
}

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('transcribing a recording that has no transcript', () => {
  it('shows Transcribing with a percentage, then the words, marked machine-recognised, and exports them', async () => {
    await page.goto(`${server.url}/console/player/audio/${hashId}`)
    await expect.poll(() => page.getByText(/^Transcribing: \d+ %$/).isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => page.getByRole('progressbar', { name: 'Transcription progress' }).count()).toBe(1)

    const subtitles = page.getByRole('region', { name: 'Subtitles' })
    // Recognition takes 20-30 s alone here, and more than a minute beside other browser tests on a loaded machine.
    await expect.poll(() => subtitles.getByRole('button').count(), { timeout: 150_000, interval: 250 }).toBeGreaterThan(2)
    expect(await page.getByText('Machine-recognised transcript: some words may be wrong.').isVisible()).toBe(true)

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'WebVTT' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('Voice-memo.vtt')
    const text = readFileSync((await file.path())!, 'utf8')
    expect(text.startsWith('WEBVTT\n\n1\n00:00:')).toBe(true)
    expect(text).toMatch(/<00:00:\d\d\.\d{3}>\w/)
  }, 180_000)

  it("says where the given transcript did not match the audio and its words were recognised instead", async () => {
    await page.goto(`${server.url}/console/player/audio/${misfitHashId}`)
    const subtitles = page.getByRole('region', { name: 'Subtitles' })
    await expect.poll(() => subtitles.getByRole('button').count(), { timeout: 150_000, interval: 250 }).toBeGreaterThan(2)
    // The warning names the stretch, in m:ss.
    await expect.poll(() => subtitles.getByText(/does not match the audio from \d+:\d\d to \d+:\d\d: these words were recognised by machine/).isVisible(), { timeout: 10_000 }).toBe(true)
    // The other text's words are not shown as if they were spoken here.
    expect(await subtitles.getByRole('button', { name: 'Dashwood' }).count()).toBe(0)
  }, 180_000)
})

describe('a transcript with words the recording does not have', () => {
  it('shows them in italics, titled as not found in the audio, and a click still seeks to where they are placed', async () => {
    await page.goto(`${server.url}/console/player/audio/${outroHashId}`)
    // Opening it queues the fit of its text, after the recordings opened before it (one transcription at a
    // time): on a slow machine the misfit's recognition above can hold the lane for a minute.
    await expect.poll(() => transcriptionStatus(OUTRO), { timeout: 150_000, interval: 1000 }).toBe('done')
    await consoleTookOver(page)
    await page.getByRole('tab', { name: 'Transcript' }).click()
    const list = page.getByRole('list', { name: 'Transcript' })
    const uncertain = list.locator('button[data-uncertain="true"]')
    await expect.poll(() => uncertain.count(), { timeout: 30_000, interval: 250 }).toBe(3)
    expect(await uncertain.allTextContents()).toEqual(OUTRO_TEXT.split(' '))
    for (const word of await uncertain.all()) {
      expect(await word.getAttribute('title')).toBe(TRANSCRIPT_UNCERTAIN_WORD)
      expect(await word.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic')
    }
    // The words that were heard look as always.
    expect(await list.locator('button[data-word-index]:not([data-uncertain])').first().evaluate((el) => getComputedStyle(el).fontStyle)).toBe('normal')
    const last = uncertain.last()
    const at = Number(await last.getAttribute('data-start'))
    expect(at).toBeLessThanOrEqual(durationMs)
    await last.click()
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime * 1000), { timeout: 5_000 }).toBeGreaterThan(at - 300)
  }, 240_000)
})

describe('an uploaded noisy recording with its SRT', () => {
  it("shows the SRT's words, timed, and no warning", async () => {
    // Real read speech under a noise floor at 20 dB, with an SRT whose cues start 0.6 s late, as publishers' often do.
    const clips = await joinLibrivox(work, [700, 500, 900, 600])
    const noisy = path.join(work, 'Noisy reading.wav')
    await mixUnder(clips.file, 'noise', 20, noisy)
    const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',')
    const srt = path.join(work, 'Noisy reading.srt')
    writeFileSync(srt, clips.sentences.map((c, i) => `${i + 1}\r\n${stamp(c.start + 600)} --> ${stamp(c.end + 600)}\r\n${c.text}\r\n`).join('\r\n'))

    await page.goto(`${server.url}/console/`)
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Upload Media' }).click()
    await (await chooser).setFiles([noisy, srt])
    const form = page.getByRole('dialog', { name: 'Media Information' })
    await form.waitFor({ timeout: 30_000 })
    await form.getByRole('button', { name: 'Save' }).click()
    await form.waitFor({ state: 'detached', timeout: 30_000 })
    const library = (await (await fetch(`${server.url}/english_vocab/api/word_collections`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })).json()) as { collections: Article[] }
    const article = library.collections.find((a) => a.Title === 'Noisy reading')!

    await page.goto(`${server.url}/console/player/audio/${article.HashID}`)
    const subtitles = page.getByRole('region', { name: 'Subtitles' })
    // The first sentence's words, as the SRT writes them, are the first line.
    await expect.poll(() => subtitles.getByRole('button', { name: 'dashwood' }).count(), { timeout: 90_000, interval: 500 }).toBe(1)
    expect(await subtitles.getByText(/does not match the audio/).count()).toBe(0)
    expect(await subtitles.getByText('Machine-recognised transcript: some words may be wrong.').count()).toBe(0)

    // Every word of the SRT, in order, and nothing recognised anywhere.
    const res = await fetch(`${server.url}/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(article.Audio ?? article.Video!)}`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })
    const body = (await res.json()) as { segments: Array<{ word_timestamps: Array<{ word: string; start: number }> }>; transcription: { status: string; confidence: string; unmatched?: unknown } }
    expect(body.transcription).toMatchObject({ status: 'done', confidence: 'aligned' })
    expect(body.transcription.unmatched).toBeUndefined()
    expect(body.segments.flatMap((s) => s.word_timestamps.map((w) => w.word)).join(' ')).toBe(clips.sentences.map((c) => c.text).join(' '))
    // Each sentence's first word starts with its speech, not at the late cue.
    const firsts = body.segments.flatMap((s) => s.word_timestamps).filter((_, i, all) => clips.sentences.some((c, k) => i === clips.sentences.slice(0, k).reduce((n, p) => n + p.text.split(' ').length, 0)))
    firsts.forEach((w, k) => expect(Math.abs(w.start - clips.sentences[k]!.start), `sentence ${k + 1}`).toBeLessThan(300))
  }, 150_000)
})
