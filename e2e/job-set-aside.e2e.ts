import { DEV_LOGIN_EMAIL, DEV_LOGIN_TOKEN, FEED_NOTICE, TRANSCRIPT_NOTICE, type Feed, type TranscriptionStatus } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { createAuthRepo } from '../apps/server/src/features/auth/auth.repo'
import { createLibraryRepo } from '../apps/server/src/features/library/library.repo'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { podcastFeed, startFeedServer, type FeedServer } from '../test/feed-server'
import { freePort, killProcess, startServerAfterKill, type ServerProcess } from './server'
import { axe } from './axe'
import { launchBrowser, type Browser } from './browser'
import { signInAsDeveloper } from './session'

/**
 * The learner's side of a crash loop that is no more: an episode whose host holds the transcript's
 * download, and a feed whose host holds its refresh, while the server is SIGKILLed twice. The page
 * left open on "Transcribing: 0 %" says, once the server is back, why there is no transcript; My
 * Feed and the channel's page say why the channel is not updated, and Refresh now tries it again.
 */

const LEASE_SECONDS = 2
let db: TestDatabase | undefined
let host: FeedServer | undefined
let server: ServerProcess | undefined
let browser: Browser | undefined

afterAll(async () => {
  await browser?.close()
  server?.proc.kill('SIGKILL')
  await db?.drop()
  await host?.close()
})

async function api<T>(pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(server!.url + pathname, { ...init, headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, 'content-type': 'application/json', ...(init.headers ?? {}) } })
  expect(res.status, pathname).toBe(200)
  return (await res.json()) as T
}

async function killServer(): Promise<void> {
  await killProcess(server!)
  server = undefined
  // The killed runs' leases run out: the next start takes their jobs over.
  await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000 + 500))
}

const subtitles = (page: Page) => page.getByRole('region', { name: 'Subtitles' })

/** WCAG 2.1 AA violations on the page as it is (the notices are new text on each screen). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await axe(page).analyze()
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} on ${n.target.join(' ')}`))
}

describe('jobs set aside after they stopped the server twice, as the learner meets them', () => {
  it('the player says why there is no transcript; My Feed and the channel say why it is not updated, and Refresh now fetches it', async () => {
    host = await startFeedServer()
    host.set('/held.mp3', { body: Buffer.alloc(256 * 1024, 1), type: 'audio/mpeg', hang: true })
    host.set('/held.xml', { body: podcastFeed({ title: 'A feed whose host holds it', items: [] }), hang: true })
    const HELD = `${host.url}/held.mp3`
    const FEED = `${host.url}/held.xml`
    db = await createTestDatabase()
    const user = await createAuthRepo(db.database.db).upsertUserByEmail(DEV_LOGIN_EMAIL, 'dev')
    const { hashId } = await createLibraryRepo(db.database.db).insert(user.id, { title: 'An episode whose host stops the server', audio: HELD })
    await db.database.close()
    // One port for every start, so that the page left open talks to the server started again.
    const env = { ...db.env, DEV_LOGIN: '1', PORT: String(await freePort()), JOB_LEASE_SECONDS: String(LEASE_SECONDS), TRANSCRIBE_CONCURRENCY: '1', FETCH_ALLOW_HOSTS: '127.0.0.1' }
    const transcription = async () => (await api<{ transcription: TranscriptionStatus }>(`/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(HELD)}`)).transcription
    const feedRequests = () => host!.requests.filter((r) => r.path === '/held.xml').length
    const channel = async () => (await api<{ data: Feed[] }>('/english_vocab/api/rss-list')).data.find((c) => c.url === FEED)!

    server = await startServerAfterKill(env)
    browser = await launchBrowser()
    const page = await browser.context.newPage()
    await signInAsDeveloper(page, server.url)
    // The learner opens the episode: its transcript is queued and shown as under way.
    await page.goto(`${server.url}/console/player/audio/${hashId}`)
    await expect.poll(() => subtitles(page).getByText(/^(Transcribing: \d+ %|Waiting: .+)$/).isVisible(), { timeout: 30_000 }).toBe(true)
    // ...and follows the feed from an OPML file: its first fetch is a refresh job.
    await api('/english_vocab/api/rss-opml', { method: 'POST', headers: { 'content-type': 'text/x-opml' }, body: `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body><outline text="A feed whose host holds it" type="rss" xmlUrl="${FEED}"/></body></opml>` })

    // Both jobs are held by their host when the server is killed; twice.
    for (let run = 1; run <= 2; run++) {
      await expect.poll(async () => (await transcription()).status, { timeout: 60_000, interval: 200 }).toBe('running')
      await expect.poll(feedRequests, { timeout: 60_000, interval: 200 }).toBe(run)
      await killServer()
      server = await startServerAfterKill(env)
    }

    // The page left open on the player: the progress line gives way to the reason.
    const notice = subtitles(page).getByTestId('transcript-notice')
    await expect.poll(() => notice.textContent(), { timeout: 30_000, interval: 250 }).toBe(TRANSCRIPT_NOTICE.set_aside)
    expect(await subtitles(page).getByText(/^Transcribing: \d+ %$/).count()).toBe(0)
    // Opened again later: the same words, and it stays set aside.
    await page.reload()
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toBe(TRANSCRIPT_NOTICE.set_aside)
    expect(await transcription()).toMatchObject({ status: 'failed', notice: 'set_aside' })
    expect(await violations(page)).toEqual([])

    // My Feed names the channel that is no longer updated, with the reason.
    await expect.poll(async () => (await channel()).notice, { timeout: 30_000, interval: 250 }).toBe('set_aside')
    await page.goto(`${server.url}/console/feeds`)
    const setAside = page.getByRole('list', { name: 'Channels set aside' })
    await expect.poll(() => setAside.textContent(), { timeout: 20_000 }).toContain(FEED_NOTICE.set_aside)
    expect(await violations(page)).toEqual([])
    // Its page says so beside Refresh now; the host is fine again, and Refresh now fetches it.
    await setAside.getByRole('link', { name: 'A feed whose host holds it' }).click()
    const status = page.getByTestId('feed-status')
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe(FEED_NOTICE.set_aside)
    expect(await violations(page)).toEqual([])
    host.set('/held.xml', { body: podcastFeed({ title: 'A feed whose host holds it', items: [{ guid: 'b1', title: 'Back after Refresh now', audio: `${host.url}/b1.mp3` }] }) })
    await page.getByRole('button', { name: 'Refresh now' }).click()
    await status.waitFor({ state: 'detached', timeout: 20_000 })
    await page.getByText('Back after Refresh now').first().waitFor({ timeout: 20_000 })
    const code = await server.stop()
    if (code !== 0) console.log('SERVER OUTPUT', server.output().slice(-6000))
    expect(code).toBe(0)
    server = undefined
  }, 300_000)
})
