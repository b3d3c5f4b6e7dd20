import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, type Article } from '@lingocast/contract'
import type { CDPSession, Dialog, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { makeVideo } from '../test/media'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { signInAsDeveloper } from './session'

let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let cdp: CDPSession
let work: string
let clip: string

const tmpUploads = () => path.join(db.env.DATA_DIR, 'tmp', 'uploads')

async function serverLibrary(): Promise<Article[]> {
  const res = await fetch(`${server.url}/english_vocab/api/word_collections`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })
  return ((await res.json()) as { collections: Article[] }).collections
}

/** Slows the browser's uploads so that progress can be watched (bytes per second; -1 lifts it). */
const throttleUpload = (bytesPerSecond: number) =>
  cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond })

/** Every value the progress bar shows, recorded in the page as it changes (it may close right after 100). */
const recordProgress = () =>
  page.evaluate(`(() => {
    window.__progress = []
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]')
      const v = bar && Number(bar.getAttribute('aria-valuenow'))
      if (bar && window.__progress.at(-1) !== v) window.__progress.push(v)
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] })
  })()`)
const progressSeen = () => page.evaluate('window.__progress') as Promise<number[]>

/** Upload Media, then the file chooser, as a user does it. */
async function chooseFiles(files: string[]) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Upload Media' }).click()
  await (await chooser).setFiles(files)
}

function onDialogs() {
  const seen: string[] = []
  const handler = (d: Dialog) => {
    seen.push(d.message())
    void d.accept()
  }
  page.on('dialog', handler)
  return { seen, off: () => page.off('dialog', handler) }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-upload-e2e-'))
  clip = await makeVideo(work, { name: 'Garden walk.webm', seconds: 4 })
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] })
  page = await browser.context.newPage()
  cdp = await browser.context.newCDPSession(page)
  await cdp.send('Network.enable')
  await signInAsDeveloper(page, server.url)
  await page.getByRole('heading', { level: 1, name: 'Learning' }).waitFor()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('Upload Media in Chromium', () => {
  it('uploads a video with progress to 100, takes an edited title, and the card plays', async () => {
    await recordProgress()
    await throttleUpload(60 * 1024)
    await chooseFiles([clip])
    const dialog = page.getByRole('dialog', { name: 'Uploading' })
    await dialog.waitFor()
    expect(await dialog.getByText('Garden walk.webm').isVisible()).toBe(true)

    const form = page.getByRole('dialog', { name: 'Media Information' })
    await form.waitFor({ timeout: 30_000 })
    await throttleUpload(-1)
    const seen = await progressSeen()
    expect(seen.at(-1)).toBe(100)
    expect(seen.some((v) => v > 0 && v < 100), `progress seen: ${seen.join(',')}`).toBe(true)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))

    const title = form.getByLabel('Title')
    expect(await title.inputValue()).toBe('Garden walk')
    expect(await form.getByText('WEBM', { exact: true }).isVisible()).toBe(true)
    expect(await form.getByText('0:04', { exact: true }).isVisible()).toBe(true)
    expect(await form.getByText('320 × 240', { exact: true }).isVisible()).toBe(true)
    await title.fill('My garden, in spring')
    await title.press('Enter')
    await form.waitFor({ state: 'detached' })

    // The library reloaded: the new card, its frame as thumbnail, its duration.
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'My garden, in spring', exact: true }) })
    await card.waitFor()
    expect(await card.getByText('0:04', { exact: true }).isVisible()).toBe(true)
    const img = card.locator('img')
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await img.getAttribute('src')).toMatch(/^\/storage\/api\/jump\/uploads\/[0-9a-z]{16}\.jpg$/)

    await card.getByRole('link', { name: 'My garden, in spring' }).click()
    await page.waitForURL(/\/console\/player\/video\/[0-9A-Za-z]{12}$/)
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    const time = () => page.evaluate(() => document.querySelector('video')!.currentTime)
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(0.5)
    expect(await page.evaluate(() => document.querySelector('video')!.videoWidth)).toBe(320)
    await page.goBack()
  })

  it('cancels an upload in flight: nothing saved, nothing left on the server', async () => {
    const before = (await serverLibrary()).length
    await throttleUpload(20 * 1024)
    await chooseFiles([clip])
    const dialog = page.getByRole('dialog', { name: 'Uploading' })
    await dialog.waitFor()
    await expect.poll(() => (existsSync(tmpUploads()) ? readdirSync(tmpUploads()).filter((f) => f.endsWith('.part')).length : 0), { timeout: 10_000 }).toBe(1)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await throttleUpload(-1)
    await expect.poll(() => readdirSync(tmpUploads()).filter((f) => f.endsWith('.part')), { timeout: 10_000 }).toEqual([])
    expect(await serverLibrary()).toHaveLength(before)
  })

  it("shows the server's reason when a file is not media", async () => {
    const fake = path.join(work, 'holiday.mp4')
    writeFileSync(fake, 'This is a shopping list, not a video.\n'.repeat(20))
    await chooseFiles([fake])
    const dialog = page.getByRole('dialog', { name: 'Uploading' })
    await dialog.getByRole('alert').waitFor()
    expect(await dialog.getByRole('alert').textContent()).toBe('Upload failed: Unsupported file type. Only common video and audio formats are supported.')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it("alerts 'Please enter a title.' for a blank title, and Cancel saves nothing", async () => {
    const before = (await serverLibrary()).length
    const dialogs = onDialogs()
    await chooseFiles([clip])
    const form = page.getByRole('dialog', { name: 'Media Information' })
    await form.waitFor({ timeout: 30_000 })
    await form.getByLabel('Title').fill('   ')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => dialogs.seen).toEqual(['Please enter a title.'])
    expect(await form.isVisible()).toBe(true)
    await form.getByRole('button', { name: 'Cancel' }).click()
    await form.waitFor({ state: 'detached' })
    dialogs.off()
    expect(await serverLibrary()).toHaveLength(before)
  })

  it('sends a subtitle chosen with the media, and says so on the form', async () => {
    const srt = path.join(work, 'Garden walk.srt')
    writeFileSync(srt, '1\n00:00:00,500 --> 00:00:03,000\nWelcome to the garden.\n')
    await chooseFiles([clip, srt])
    const form = page.getByRole('dialog', { name: 'Media Information' })
    await form.waitFor({ timeout: 30_000 })
    expect(await form.getByText('Garden walk.srt', { exact: false }).isVisible()).toBe(true)
    await form.getByRole('button', { name: 'Save' }).click()
    await form.waitFor({ state: 'detached' })
    const [newest] = await serverLibrary()
    expect(newest!.Title).toBe('Garden walk')
    const res = await fetch(`${server.url}/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(newest!.Video!)}`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })
    expect(((await res.json()) as { transcription: { confidence: string } }).transcription.confidence).toBe('aligned')
  })
})
