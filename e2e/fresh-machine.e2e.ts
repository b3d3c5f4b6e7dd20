import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, TRANSCRIPT_NOTICE, type Article } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../test/media'
import { startServerProcess, type ServerProcess } from './server'
import { pathWithout, SYSTEM_MEDIA_TOOLS, type ToolPath } from '../test/tool-path'
import { launchBrowser, type Browser } from './browser'
import { signInAsDeveloper } from './session'

/**
 * Any machine (decision 0012) in the browser: on a server without Debian's ffmpeg and
 * pocketsphinx (a PATH without them; npm ci's ffmpeg does the media), a WAV
 * uploaded with its SRT plays with the SRT's lines at their cue times, and
 * the player says why no word lights up.
 */
let work: string
let tools: ToolPath
let server: ServerProcess
let browser: Browser
let page: Page

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-e2e-fresh-'))
  tools = pathWithout(SYSTEM_MEDIA_TOOLS)
  // The server as npm start runs it (npm run build made it, with the console these tests need).
  server = await startServerProcess({ PATH: tools.PATH, DATA_DIR: path.join(work, 'data'), DEV_LOGIN: '1' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  tools?.cleanup()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a server without pocketsphinx', () => {
  it("shows an uploaded SRT's lines with their cue times and says word timing is off", async () => {
    const wav = await makeAudio(work, 'Greeting.wav', 6)
    const srt = path.join(work, 'Greeting.srt')
    writeFileSync(srt, '1\n00:00:00,000 --> 00:00:02,500\nHello and welcome.\n\n2\n00:00:03,000 --> 00:00:05,500\nThis is the second line.\n')

    await page.goto(`${server.url}/console/`)
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Upload Media' }).click()
    await (await chooser).setFiles([wav, srt])
    const form = page.getByRole('dialog', { name: 'Media Information' })
    await form.waitFor({ timeout: 30_000 })
    await form.getByRole('button', { name: 'Save' }).click()
    await form.waitFor({ state: 'detached', timeout: 30_000 })
    const library = (await (await fetch(`${server.url}/english_vocab/api/word_collections`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })).json()) as { collections: Article[] }
    const article = library.collections.find((a) => a.Title === 'Greeting')!

    await page.goto(`${server.url}/console/player/audio/${article.HashID}`)
    const subtitles = page.getByRole('region', { name: 'Subtitles' })
    // The first cue is the line, whole (no word buttons: the line seeks to its cue's start).
    await expect.poll(() => subtitles.getByRole('button', { name: 'Hello and welcome.' }).count(), { timeout: 60_000, interval: 250 }).toBe(1)
    expect(await subtitles.getByText('0:00').first().isVisible()).toBe(true)
    expect(await subtitles.getByTestId('transcript-notice').textContent()).toBe(TRANSCRIPT_NOTICE.word_timing_off)
    expect(TRANSCRIPT_NOTICE.word_timing_off).toBe('Word timing is off on this server: pocketsphinx is not installed. The transcript is shown with its cue times.')
  }, 120_000)
})
