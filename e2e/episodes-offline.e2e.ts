import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serveOneEpisodeChannel, startFixtureHost, type FixtureHost } from './feed-fixtures'
import { markKnownInPlayer, sessionApi, showSegment as showSegmentOf, startDemoSession, subtitleWord as wordOf, type DemoSession } from './session'

/**
 * Episodes offline (decision 0016), in Chromium against the built console (run
 * `npm run build` first): "Download for offline" on the demo article keeps its
 * media, transcript, word statuses and lookups; with the network off the
 * player opens from them, plays, seeks, lights the spoken word and looks a
 * word up; a word marked offline reaches the server once the network is back.
 *
 * No test here routes requests in the page: Playwright bypasses the service
 * worker while routes are set, and the worker is what answers the media.
 * Demo segments (ms): 0-7100, 7500-10490, 10890-16190, 16590-22640 (with
 * "amiable" at 18050-18590), 23040-26330.
 */
const DEMO_AUDIO = path.resolve(import.meta.dirname, '../apps/server/demo/sense-and-sensibility.mp3')
const EPISODE = 'A walk by the river'

let work: string
let host: FixtureHost
let session: DemoSession
let server: DemoSession['server']
let browser: DemoSession['browser']
let page: Page
let playerUrl = ''
let hashId = ''

/** The server's state, as another device of the learner would see it. */
const api = <T>(path: string, body?: object) => sessionApi<T>(session, path, body)

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-e2e-episodes-offline-'))
  host = await startFixtureHost()
  await serveOneEpisodeChannel(host, work, { title: 'Offline Radio', description: 'One episode to take along.' }, { title: EPISODE, file: DEMO_AUDIO })
  session = await startDemoSession({ FETCH_ALLOW_HOSTS: '127.0.0.1', FEED_CATALOGUE_FETCH: '0' })
  ;({ server, browser, page, playerUrl, hashId } = session)
  // The page that installed the worker is not controlled by it; the next load after it is active is.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.reload()
}, 120_000)

afterAll(async () => {
  await browser?.context.setOffline(false)
  await session?.stop()
  await host?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const audioTime = () => page.evaluate(() => document.querySelector('audio')!.currentTime)
const subtitleWord = (name: string) => wordOf(page, name)
const spokenWord = () => page.evaluate(() => document.querySelector('section[aria-label="Subtitles"] [data-active="true"]')?.textContent ?? null)

/** Steps with Next or Previous segment until the segment starting at `start` is the caption line. */
const showSegment = (start: number) => showSegmentOf(page, start)

describe('episodes offline', () => {
  it('downloads the demo article with progress, lists it with the storage estimate, and keeps its media in Cache Storage', async () => {
    await page.goto(playerUrl)
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true)
    // Once in a full run every step here timed out on this wait; say what the page showed if it does again.
    await page
      .locator('[data-segment-start="0"]')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (error: Error) => {
        const shown = (await page.locator('body').innerText().catch(() => '')).slice(0, 400).replace(/\s+/g, ' ')
        throw new Error(`${error.message}\n  at ${page.url()}, the page showed: ${shown}`)
      })
    await page.getByRole('button', { name: 'Download for offline' }).click()
    await page.getByTestId('downloaded').waitFor({ timeout: 60_000 })

    // The media proxy's answer is stored whole, under the URL the player plays.
    const stored = await page.evaluate(async () => {
      const src = document.querySelector('audio')!.src
      const hit = await (await caches.open('lingocast-downloads')).match(src)
      return { status: hit?.status, bytes: hit ? (await hit.arrayBuffer()).byteLength : 0 }
    })
    expect(stored.status).toBe(200)
    expect(stored.bytes).toBeGreaterThan(100_000)

    await page.getByRole('link', { name: 'Downloads' }).first().click()
    await page.getByRole('heading', { name: 'Downloads' }).waitFor()
    await expect.poll(() => page.getByTestId('storage-estimate').textContent()).toMatch(/^Using [\d.]+ [KMG]B of [\d.]+ [KMG]B on this device/)
    const item = page.getByRole('list', { name: 'Downloaded episodes' }).getByRole('listitem')
    expect(await item.count()).toBe(1)
    expect(await item.textContent()).toMatch(/Sense and Sensibility.*Article · [\d.]+ (KB|MB) · 5 segments · \d+ words looked up/)
  })

  it('with the network off, the player opens from the download, plays, seeks, lights the spoken word and looks a word up', async () => {
    // Nothing from the browser's HTTP cache: the media can only come from the download.
    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await cdp.detach()
    await browser.context.setOffline(true)
    await page.goto(playerUrl)
    await page.locator('section[aria-label="Subtitles"] [data-segment-start="0"]').waitFor({ timeout: 15_000 })
    expect(await page.evaluate(() => navigator.onLine)).toBe(false)

    // Plays: the time moves on from the stored media.
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await expect.poll(audioTime, { timeout: 10_000 }).toBeGreaterThan(1)
    // Seeks past what was played (a Range request the worker answers from the stored copy) and plays on there.
    await showSegment(16590)
    await subtitleWord('amiable').click()
    await expect.poll(audioTime, { timeout: 5_000 }).toBeGreaterThanOrEqual(18.0)
    // The karaoke lights the word at the time.
    await expect.poll(spokenWord, { timeout: 5_000 }).toMatch(/^(amiable|woman,?)$/)
    await expect.poll(audioTime, { timeout: 5_000 }).toBeGreaterThan(18.8)
    expect(await page.evaluate(() => document.querySelector('audio')!.error)).toBeNull()
    await page.getByRole('button', { name: 'Pause', exact: true }).click()

    // The lookup popover shows the stored meaning.
    await subtitleWord('amiable').hover()
    await page.getByRole('button', { name: 'Look up amiable' }).click()
    const dialog = page.getByRole('dialog', { name: 'Look up amiable' })
    await dialog.waitFor()
    await expect.poll(() => dialog.getByTestId('sense').textContent(), { timeout: 10_000 }).not.toBe('Looking up…')
    expect(await dialog.getByTestId('sense').textContent()).toMatch(/\w{4,}/)
    expect(await dialog.getByTestId('sense').textContent()).not.toMatch(/No dictionary entry|could not/i)
    expect(await dialog.getByTestId('ipa').textContent()).toMatch(/^\/.+\/$/)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('a word marked and notes written offline stay, wait in the outbox, and reach the server once when the network is back', async () => {
    expect(await page.evaluate(() => navigator.onLine)).toBe(false)
    const serverStatus = async () => (await api<{ statuses: Record<string, string> }>(`/english_vocab/api/words/article?article_id=${hashId}`)).statuses.amiable ?? 'new'
    expect(await serverStatus()).toBe('new')
    const serverNotes = async () => {
      const res = await fetch(`${server.url}/storage/api/config/${hashId}_outline.txt`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })
      return res.status === 404 ? null : res.text()
    }
    expect(await serverNotes()).toBeNull()
    const sent: Array<{ body: string | null; status?: number }> = []
    const notesSent: Array<{ changedAt?: string; status?: number }> = []
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/english_vocab/api/words/status')) void request.response().then((r) => sent.push({ body: request.postData(), status: r?.status() }))
      if (request.method() === 'PUT' && request.url().endsWith(`/storage/api/config/${hashId}_outline.txt`))
        void request.response().then((r) => notesSent.push({ changedAt: request.headers()['x-notes-changed-at'], status: r?.status() }))
    })

    await showSegment(16590)
    await markKnownInPlayer(page, 'amiable')
    await expect.poll(() => subtitleWord('amiable').getAttribute('data-status')).toBe('known')
    const outbox = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('lingocast-offline')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const count = open.result.transaction('outbox').objectStore('outbox').count()
              count.onsuccess = () => {
                resolve(count.result)
                open.result.close()
              }
            }
          }),
      )
    // The mark shows at once; it is queued once the call has found no server.
    await expect.poll(outbox, { timeout: 10_000 }).toBe(1)

    // Notes written offline: the Notes tab opens from the download (none yet: the template) and its saves wait.
    const notesBox = page.getByRole('textbox', { name: 'Notes' })
    await page.getByRole('tab', { name: 'Notes' }).click()
    await notesBox.waitFor()
    expect(await notesBox.inputValue()).toMatch(/^Notes: Sense and Sensibility/)
    await notesBox.fill('Written on the train: amiable means friendly.')
    await expect.poll(outbox, { timeout: 15_000 }).toBe(2)

    // Still offline, the player opened again shows the mark and the notes (kept in the download), and nothing was sent.
    await page.goto(playerUrl)
    await showSegment(16590)
    await expect.poll(() => subtitleWord('amiable').getAttribute('data-status'), { timeout: 10_000 }).toBe('known')
    await page.getByRole('tab', { name: 'Notes' }).click()
    expect(await notesBox.inputValue()).toBe('Written on the train: amiable means friendly.')
    await page.getByRole('tab', { name: 'Transcript' }).click()
    expect(await serverStatus()).toBe('new')
    expect(await serverNotes()).toBeNull()

    await browser.context.setOffline(false)
    await expect.poll(serverStatus, { timeout: 20_000 }).toBe('known')
    await expect.poll(serverNotes, { timeout: 10_000 }).toBe('Written on the train: amiable means friendly.')
    await expect.poll(outbox, { timeout: 10_000 }).toBe(0)
    await expect.poll(() => notesSent.length).toBe(1)
    expect(notesSent[0]!.status).toBe(200)
    expect(Date.now() - Date.parse(notesSent[0]!.changedAt!)).toBeLessThan(120_000)
    // Sent once, with the time it was made.
    await expect.poll(() => sent.length).toBe(1)
    expect(sent[0]!.status).toBe(200)
    const body = JSON.parse(sent[0]!.body!) as { words: string[]; status: string; changed_at: string }
    expect(body).toMatchObject({ words: ['amiable'], status: 'known' })
    expect(Date.now() - Date.parse(body.changed_at)).toBeGreaterThan(0)
    expect(Date.now() - Date.parse(body.changed_at)).toBeLessThan(120_000)

    // Nothing is left to send: the console opened again sends nothing more.
    await page.goto(playerUrl)
    await showSegment(16590)
    await expect.poll(() => subtitleWord('amiable').getAttribute('data-status')).toBe('known')
    await page.waitForTimeout(1_500)
    expect(sent).toHaveLength(1)
    expect(notesSent).toHaveLength(1)
  })

  it('a feed episode downloaded from My Feed is listed there offline and plays and seeks in the mini player', async () => {
    await browser.context.setOffline(false)
    const { rss_id } = await api<{ rss_id: number }>('/english_vocab/api/import-rss-channel', { rss_url: `${host.url}/feed.xml` })
    await api('/english_vocab/api/rss-subscribe', { rss_id })
    await page.goto(`${server.url}/console/feeds`)
    const row = page.getByRole('article', { name: EPISODE })
    await row.getByRole('button', { name: `Download ${EPISODE} for offline` }).click()
    await row.getByTestId('downloaded').waitFor({ timeout: 60_000 })
    await page.goto(`${server.url}/console/downloads`)
    await expect.poll(() => page.getByRole('list', { name: 'Downloaded episodes' }).getByRole('listitem').count()).toBe(2)
    expect(await page.getByRole('list', { name: 'Downloaded episodes' }).textContent()).toContain(`${EPISODE}Feed episode`)

    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await cdp.detach()
    await browser.context.setOffline(true)
    try {
      await page.goto(`${server.url}/console/feeds`)
      await row.getByRole('button', { name: `Play ${EPISODE}` }).click()
      const miniTime = () => page.evaluate(() => document.querySelector<HTMLAudioElement>('section[aria-label="Mini player"] audio')!.currentTime)
      await expect.poll(miniTime, { timeout: 10_000 }).toBeGreaterThan(1)
      await page.evaluate(() => {
        document.querySelector<HTMLAudioElement>('section[aria-label="Mini player"] audio')!.currentTime = 20
      })
      await expect.poll(miniTime, { timeout: 10_000 }).toBeGreaterThan(20.5)
      expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('section[aria-label="Mini player"] audio')!.error)).toBeNull()
    } finally {
      await browser.context.setOffline(false)
    }
  })
})
