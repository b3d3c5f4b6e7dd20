import type { Flashcard } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { startSmtpServer, type SmtpServer } from '../test/smtp'
import { launchBrowser, type Browser } from './browser'
import { consoleTookOver, markKnownInPlayer, showSegment as showSegmentOf } from './session'

/*
 * Two accounts on one browser profile (a family computer), in Chromium against
 * the built console (run `npm run build` first). alice@one.example and
 * alice@two.example share the local part "alice". The first downloads an
 * episode, and offline marks a word and answers a card; its session then ends
 * without Sign out (revoked on the server) and the second signs in: nothing of
 * the first reaches the second, online or offline. When the first signs in
 * again, its queued changes go into its own account.
 */

const FIRST = 'alice@one.example'
/** The outbox's lines above every screen (offline/messages.ts): changes waiting, being sent, or refused. */
const OUTBOX_LINES = /made offline|will be sent when you are online|was not saved/i
const SECOND = 'alice@two.example'

let smtp: SmtpServer
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page

beforeAll(async () => {
  smtp = await startSmtpServer()
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, SMTP_URL: smtp.url })
  browser = await launchBrowser()
  page = await browser.context.newPage()
}, 120_000)
afterAll(async () => {
  await browser?.context.setOffline(false)
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await smtp?.close()
})

/** Signs in with a freshly mailed code (not an older one to the same address) and waits for the Learning screen. */
async function signIn(email: string): Promise<string> {
  await page.goto(`${server.url}/console/login`)
  await page.getByLabel('Email').fill(email)
  const mailed = smtp.mailsTo(email).length
  await page.getByRole('button', { name: 'Send Code' }).click()
  await expect.poll(() => smtp.mailsTo(email).length, { timeout: 10_000 }).toBe(mailed + 1)
  await page.getByLabel('Verification code').fill(await smtp.codeFor(email))
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname === '/console/')
  return page.evaluate(() => decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('Token='))!.slice('Token='.length)))
}

/** A call with a session's token, as another device of that learner would make it. */
async function api<T>(token: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}
const demoArticle = async (token: string) =>
  (await api<{ collections: Array<{ HashID: string; Audio: string | null }> }>(token, '/english_vocab/api/word_collections')).collections.find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!.HashID
const statusOf = async (token: string, hashId: string, lemma: string) =>
  (await api<{ statuses: Record<string, string> }>(token, `/english_vocab/api/words/article?article_id=${hashId}`)).statuses[lemma] ?? 'new'
async function reviewsToday(token: string): Promise<number> {
  const day = new Date().toISOString().slice(0, 10)
  return (await api<{ summary: { total_reviewed: number } }>(token, `/english_vocab/memories/stats?start_date=${day}&end_date=${day}&tz=UTC`)).summary.total_reviewed
}
const userId = async (token: string) => (await api<{ user_id: string }>(token, '/user/api/info', { token })).user_id

/** Everything the console keeps in this browser: outbox entries (owner, kind), downloads, kept decks, stored media and clips. */
const kept = () =>
  page.evaluate(async () => {
    const all = (name: string, store: string) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open(name)
        // A database the console has not made yet is not made here (it would be made without its stores).
        open.onupgradeneeded = () => open.transaction!.abort()
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error))
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(store)) return resolve([])
          const get = db.transaction(store).objectStore(store).getAll()
          get.onsuccess = () => {
            resolve(get.result as Array<Record<string, unknown>>)
            db.close()
          }
        }
      })
    return {
      outbox: (await all('lingocast-offline', 'outbox')).map((e) => `${String(e.owner)} ${String(e.kind)}`).sort(),
      rejected: (await all('lingocast-offline', 'rejected')).length,
      downloads: (await all('lingocast-downloads', 'downloads')).map((d) => String(d.owner)),
      mediaUrls: (await all('lingocast-downloads', 'downloads')).map((d) => String(d.mediaUrl)),
      decks: (await all('lingocast-review-decks', 'decks')).map((d) => String(d.owner)),
      media: (await (await caches.open('lingocast-downloads')).keys()).length,
      clips: (await (await caches.open('lingocast-card-audio')).keys()).length,
    }
  })

/** Demo segments (ms): 16590-22640 holds "amiable". */
const showSegment = (start: number) => showSegmentOf(page, start, 30_000)

async function clearHttpCache() {
  const cdp = await browser.context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
}

describe('two accounts with the same local part on one browser', () => {
  const first = { token: '', id: '', hashId: '', deckId: 0, mediaUrl: '' }
  const second = { token: '', id: '', hashId: '' }

  it('the first downloads an episode, and offline marks a word and answers a card: both wait in the outbox', async () => {
    first.token = await signIn(FIRST)
    await page.getByTitle('alice', { exact: true }).waitFor()
    first.id = await userId(first.token)
    first.hashId = await demoArticle(first.token)
    first.deckId = (await api<{ deck: { id: number } }>(first.token, '/english_vocab/memories/deck', { name: 'On the train' })).deck.id
    await api(first.token, '/english_vocab/memories/flashcard', { deck_id: first.deckId, front: 'linger', back: 'stay longer than needed' })
    // The page that installed the worker is not controlled by it; the next load after it is active is.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true)

    // The review keeps the deck on the device; the player downloads the episode.
    await page.goto(`${server.url}/console/memories/review?deck_id=${first.deckId}`)
    await page.getByRole('article', { name: 'Flashcard' }).waitFor()
    await expect.poll(async () => (await kept()).decks.length, { timeout: 10_000 }).toBe(1)
    await page.goto(`${server.url}/console/player/audio/${first.hashId}`)
    await showSegment(0)
    await page.getByRole('button', { name: 'Download for offline' }).click()
    await page.getByTestId('downloaded').waitFor({ timeout: 60_000 })
    expect(await kept()).toMatchObject({ downloads: [expect.any(String)], media: 1 })
    first.mediaUrl = (await kept()).mediaUrls[0]!

    await browser.context.setOffline(true)
    await page.goto(`${server.url}/console/memories/review?deck_id=${first.deckId}`)
    await consoleTookOver(page)
    await page.getByRole('button', { name: 'Familiar' }).click()
    await page.getByTestId('offline-reviews').getByText('1 review will be sent when you are online.').waitFor()

    await page.goto(`${server.url}/console/player/audio/${first.hashId}`)
    await showSegment(16590)
    await markKnownInPlayer(page, 'amiable')
    await expect.poll(async () => (await kept()).outbox.length, { timeout: 10_000 }).toBe(2)
    // All of it is the account's, not the name's.
    expect(await kept()).toMatchObject({ outbox: [`${first.id} review`, `${first.id} word-status`], downloads: [first.id], decks: [first.id] })
  })

  it("the first's session ends without Sign out and the second signs in: nothing of the first reaches it, online", async () => {
    // Revoked on the server (as an expired token is refused); nobody pressed Sign out in this browser.
    await api(first.token, '/user/api/logout', { token: first.token })
    await browser.context.setOffline(false)
    await page.reload()
    await page.waitForURL((url) => url.pathname === '/console/login', { timeout: 20_000 })

    second.token = await signIn(SECOND)
    second.hashId = await demoArticle(second.token)

    // Time for the outbox to be sent, were it sent: nothing is shown to the second, nothing reaches its account.
    await page.waitForTimeout(2_000)
    expect(await page.getByText(OUTBOX_LINES).count()).toBe(0)
    expect(await statusOf(second.token, second.hashId, 'amiable')).toBe('new')
    expect(await reviewsToday(second.token)).toBe(0)
    await page.goto(`${server.url}/console/downloads`)
    await page.getByText('Nothing is downloaded yet.').waitFor()
    // The first's article, opened by its address, is not the second's.
    await page.goto(`${server.url}/console/player/audio/${first.hashId}`)
    await page.getByRole('heading', { name: 'Article not found' }).waitFor()

    // Another account, with a name of its own.
    await page.getByTitle('alice-2', { exact: true }).waitFor()
    second.id = await userId(second.token)
    expect(second.id).not.toBe(first.id)
    // The first's downloads and kept deck are gone from the browser; its queued changes wait for it.
    await expect.poll(kept, { timeout: 10_000 }).toEqual({ outbox: [`${first.id} review`, `${first.id} word-status`], rejected: 0, downloads: [], mediaUrls: [], decks: [], media: 0, clips: 0 })
  })

  it('offline, the second opens nothing of the first: no download, no article, no media from the worker', async () => {
    await clearHttpCache()
    await browser.context.setOffline(true)
    try {
      await page.goto(`${server.url}/console/player/audio/${first.hashId}`)
      await consoleTookOver(page)
      await page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 15_000 })
      expect(await page.locator('[data-segment-start]').count()).toBe(0)
      // The media the first downloaded, asked for at the address its player played: the worker has nothing to answer with.
      const status = await page.evaluate(async (url) => (await fetch(url).catch(() => undefined))?.status ?? 0, first.mediaUrl)
      expect(status).toBe(0)
      await page.goto(`${server.url}/console/downloads`)
      await page.getByText('Nothing is downloaded yet.').waitFor()
      expect(await page.getByText(OUTBOX_LINES).count()).toBe(0)
    } finally {
      await browser.context.setOffline(false)
    }
  })

  it("when the first signs in again, its own queued mark and answer go into its own account, once", async () => {
    await page.goto(`${server.url}/console/`)
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/console/login')
    const token = await signIn(FIRST)
    await page.getByTitle('alice', { exact: true }).waitFor()
    expect(await userId(token)).toBe(first.id)

    await expect.poll(() => statusOf(token, first.hashId, 'amiable'), { timeout: 20_000 }).toBe('known')
    const cards = (await api<{ flashcards: Flashcard[] }>(token, `/english_vocab/memories/flashcards?deck_id=${first.deckId}`)).flashcards
    expect(cards.find((c) => c.front === 'linger')!.repetition).toBe(1)
    expect(await reviewsToday(token)).toBe(1)
    await expect.poll(async () => (await kept()).outbox, { timeout: 10_000 }).toEqual([])
  })
})
