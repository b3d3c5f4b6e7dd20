import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoArticles } from '../apps/server/src/features/library/demo-content'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { demoArticleOf, signInAsDeveloper } from './session'

/**
 * Shadowing in the player with Chromium's fake microphone (run `npm run
 * build` first): the "microphone" plays a WAV made with espeak-ng once
 * (%noloop), the panel plays the speaker's sentence, records, stops on the
 * silence after the speech, uploads, and shows the real job's score. A
 * browser is launched per take, since the fake microphone's file is fixed at
 * launch; all of them sign in as the same developer user.
 */
const run = promisify(execFile)
const FIRST = demoArticles()[0]!.segments[0]!
const DIFFERENT = 'The weather was cold, so the children stayed inside and played quiet games by the fire all afternoon.'
const LEFT_OUT = ['consider', 'prudently']

let work: string
let db: TestDatabase
let server: ServerProcess
let playerUrl = ''
const browsers: Browser[] = []

/** `text` by espeak-ng as a 48 kHz mono WAV, with the quiet a microphone has before and after. */
async function speechWav(name: string, text: string): Promise<string> {
  const raw = path.join(work, `${name}-raw.wav`)
  const wav = path.join(work, `${name}.wav`)
  await run('espeak-ng', ['-s', '165', '-w', raw, text])
  await run('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-af', 'adelay=700,apad=pad_dur=3', '-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le', wav])
  return wav
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-shadowing-e2e-'))
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
}, 120_000)

afterAll(async () => {
  for (const b of browsers) await b.close().catch(() => undefined)
  await server?.stop()
  await db?.drop()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** A browser whose microphone says `wav` once, signed in, on the demo article's player. */
async function playerWithMicrophone(wav: string): Promise<Page> {
  const browser = await launchBrowser({
    args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}%noloop`, '--autoplay-policy=no-user-gesture-required'],
  })
  browsers.push(browser)
  const page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
  if (!playerUrl) {
    const { hashId } = await demoArticleOf(page)
    playerUrl = `${server.url}/console/player/audio/${hashId}`
  }
  await page.goto(playerUrl)
  await page.getByRole('region', { name: 'Subtitles' }).getByRole('button', { name: 'leisure', exact: true }).waitFor()
  return page
}

interface Scored {
  score: number
  verdicts: Array<{ word: string; verdict: string }>
}

/** Opens the panel with the S key, records one take and reads its score and words once the job has scored it. */
async function shadowOnce(page: Page): Promise<Scored> {
  await page.keyboard.press('s')
  const dialog = page.getByRole('dialog', { name: 'Shadow this sentence' })
  await dialog.getByText(FIRST.text).waitFor()
  await dialog.getByRole('button', { name: /^Start/ }).click()
  await dialog.getByText('Listen to the speaker…').waitFor()
  // The microphone is asked for only after the sentence was played; the meter moves while the take is recorded.
  await dialog.getByText(/^Recording: say the sentence now/).waitFor({ timeout: 20_000 })
  await expect.poll(() => dialog.getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow'), { timeout: 10_000 }).not.toBe('0')
  // It stops by itself on the silence after the speech: no Stop pressed here.
  // The take is uploaded and scored by the server's job: "Scoring…", then its words.
  await dialog.locator('[data-testid="take-result"][data-status="scored"]').waitFor({ timeout: 30_000 })
  const score = Number(await dialog.getByTestId('take-score').textContent())
  const verdicts = await dialog
    .getByTestId('take-words')
    .locator('[data-verdict]')
    .evaluateAll((els) => els.map((e) => ({ word: (e.firstChild?.textContent ?? '').trim(), verdict: e.getAttribute('data-verdict') ?? '' })))
  return { score, verdicts }
}

/** A take's score and verdicts, for a failure message. */
const told = (take: Scored) => `${take.score}: ${take.verdicts.map((v) => `${v.word}:${v.verdict}`).join(' ')}`

describe('shadowing with a fake microphone', () => {
  let matched: Scored
  it('scores a take of the segment\'s own words with most words clear, and keeps it in the list', async () => {
    const page = await playerWithMicrophone(await speechWav('matched', FIRST.text))
    matched = await shadowOnce(page)
    expect(matched.verdicts.map((v) => v.word)).toEqual(FIRST.text.split(' '))
    expect(matched.score, told(matched)).toBeGreaterThanOrEqual(75)
    expect(matched.verdicts.filter((v) => v.verdict === 'clear').length).toBeGreaterThan(FIRST.text.split(' ').length / 2)
    const dialog = page.getByRole('dialog', { name: 'Shadow this sentence' })
    await expect.poll(() => dialog.getByTestId('take-list').getByRole('listitem').count()).toBe(1)
    // The words carry their verdict in text too, for screen readers.
    const labels = await dialog.getByTestId('take-words').locator('.sr-only').allTextContents()
    expect(labels.map((l) => l.trim())).toEqual(matched.verdicts.map((v) => `(${v.verdict})`))
    // A/B: the take plays back from the server (cookie auth on <audio>).
    await dialog.getByRole('button', { name: 'Play your take' }).click()
    await expect.poll(() => dialog.getByTestId('take-audio').evaluate((a) => (a as HTMLAudioElement).currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  }, 120_000)

  it('scores a take of different words clearly lower, with words marked missing', async () => {
    const page = await playerWithMicrophone(await speechWav('different', DIFFERENT))
    const different = await shadowOnce(page)
    expect(matched.score - different.score, told(different)).toBeGreaterThanOrEqual(40)
    expect(different.verdicts.filter((v) => v.verdict === 'missing').length).toBeGreaterThanOrEqual(10)
    const dialog = page.getByRole('dialog', { name: 'Shadow this sentence' })
    await expect.poll(() => dialog.getByTestId('take-list').getByRole('listitem').count()).toBe(2)
    // Deleting a take takes it off the list (and off the server).
    await dialog.getByRole('button', { name: /^Delete take at/ }).first().click()
    await expect.poll(() => dialog.getByTestId('take-list').getByRole('listitem').count()).toBe(1)
  }, 120_000)

  it('marks the words left out as missing', async () => {
    const page = await playerWithMicrophone(await speechWav('left-out', LEFT_OUT.reduce((text, word) => text.replace(`${word} `, ''), FIRST.text)))
    const take = await shadowOnce(page)
    expect(take.verdicts.filter((v) => v.verdict === 'missing').map((v) => v.word), told(take)).toEqual(LEFT_OUT)
  }, 120_000)

  it('says so when the microphone is refused, and asks for it only on Start', async () => {
    const browser = await launchBrowser({ args: ['--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'] })
    browsers.push(browser)
    const page = await browser.context.newPage()
    await signInAsDeveloper(page, server.url)
    let asked = 0
    // No fake-UI flag: Chromium would prompt; the context denies instead, as a learner's "Block" would.
    await browser.context.grantPermissions([])
    await page.exposeFunction('__micAsked', () => void asked++)
    await page.addInitScript(() => {
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
      navigator.mediaDevices.getUserMedia = (c) => {
        ;(window as unknown as { __micAsked: () => void }).__micAsked()
        return original(c)
      }
    })
    await page.goto(playerUrl)
    await page.getByRole('region', { name: 'Subtitles' }).getByRole('button', { name: 'leisure', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Shadow the current sentence' }).click()
    const dialog = page.getByRole('dialog', { name: 'Shadow this sentence' })
    await dialog.getByRole('button', { name: /^Start/ }).waitFor()
    expect(asked).toBe(0)
    await dialog.getByRole('button', { name: /^Start/ }).click()
    await dialog.getByRole('alert').filter({ hasText: 'Microphone access was refused' }).waitFor({ timeout: 20_000 })
    expect(asked).toBe(1)
  }, 120_000)
})
