import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, type Feed, type FeedItem } from '@lingocast/contract'
import type { Dialog, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_ROWS } from '../apps/console/src/components/ui/rows-shown'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { consoleTookOver, signInAsDeveloper } from './session'
import { makeCover, makeSpokenMp3, rssFeed, startFixtureHost, webVtt, type FixtureHost, type SpokenEpisode } from './feed-fixtures'

/**
 * Channels and feeds in Chromium, against the real server and a podcast
 * served from loopback: import by address, subscribe, My Feed, the mini
 * player, add to study (with the publisher's transcript), played marks,
 * feed detail, OPML. The starter catalogue's channels are on the internet:
 * nothing here subscribes to or loads them.
 */
const CHANNEL = 'Lingocast Test Radio'
const CATEGORY = 'Education'
const RIVER = 'Walking by the river'
const MARKET = 'Market morning'
const HARBOUR = 'Harbour evening'
const LONG_TAIL = 'END-OF-THE-LONG-DESCRIPTION'

let work: string
let host: FixtureHost
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let river: SpokenEpisode
let feedUrl: string
let rssId: number
let riverHash: string

async function api<T>(pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + pathname, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await res.json()) as T
}
const subscribedItems = async () => (await api<{ items: FeedItem[] }>('/english_vocab/api/user-rss-subscribe-items')).items
const subscribedIds = async () => (await api<{ data: number[] }>('/english_vocab/api/user-rss-id-list')).data
const playedOf = async (title: string) => (await subscribedItems()).find((i) => i.title === title)?.isPlayed

/**
 * My Feed opened inside the console (its lists asked for by the browser), not by its address (its lists in
 * the page). The caller waits for what the screen should show.
 */
async function openMyFeedFromDiscover() {
  await page.goto(`${server.url}/console/discover`)
  await consoleTookOver(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Feed' }).click()
}

/** Accepts every native dialog and records its message. */
function onDialogs(target: Page) {
  const seen: string[] = []
  const handler = (d: Dialog) => {
    seen.push(`${d.type()}: ${d.message()}`)
    void d.accept()
  }
  target.on('dialog', handler)
  return { seen, off: () => target.off('dialog', handler) }
}

const xssFlag = () => page.evaluate(() => (window as unknown as { __feedXss?: unknown }).__feedXss)
const episodeTitles = () => page.getByRole('list', { name: 'Episodes' }).getByRole('heading').allTextContents()
const row = (title: string) => page.getByRole('article', { name: title, exact: true })
const miniPlayer = () => page.getByRole('region', { name: 'Mini player' })
const miniTime = () => page.evaluate(() => document.querySelector<HTMLAudioElement>('section[aria-label="Mini player"] audio')?.currentTime ?? -1)

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-e2e-feeds-'))
  host = await startFixtureHost()
  const [riverEp, marketEp, harbourEp, cover] = await Promise.all([
    makeSpokenMp3(work, 'river', 0.15),
    makeSpokenMp3(work, 'market', 0.08),
    makeSpokenMp3(work, 'harbour', 0.08),
    makeCover(work),
  ])
  river = riverEp
  host.set('/media/river.mp3', { file: riverEp.mp3, type: 'audio/mpeg' })
  host.set('/media/market.mp3', { file: marketEp.mp3, type: 'audio/mpeg' })
  host.set('/media/harbour.mp3', { file: harbourEp.mp3, type: 'audio/mpeg' })
  host.set('/media/river.vtt', { body: webVtt(riverEp.cues), type: 'text/vtt; charset=utf-8' })
  host.set('/cover.png', { file: cover, type: 'image/png' })
  const longText =
    'In this first episode we take a slow walk along the river and listen to short, clear sentences about everyday places. ' +
    'Every sentence is read at a calm pace, so you can repeat it aloud and write down the new words as you go. '
  host.set('/feed.xml', {
    type: 'application/rss+xml; charset=utf-8',
    body: rssFeed({
      title: CHANNEL,
      description: 'Short spoken episodes for the browser tests.',
      link: `${host.url}/`,
      image: `${host.url}/cover.png`,
      category: CATEGORY,
      items: [
        { guid: 'harbour', title: HARBOUR, pubDate: 'Thu, 04 Jan 2024 12:00:00 GMT', duration: harbourEp.durationMs / 1000, audio: `${host.url}/media/harbour.mp3`, audioBytes: harbourEp.bytes, description: '<p>An evening at the harbour.</p>' },
        {
          guid: 'market',
          title: MARKET,
          pubDate: 'Wed, 03 Jan 2024 12:00:00 GMT',
          duration: marketEp.durationMs / 1000,
          audio: `${host.url}/media/market.mp3`,
          audioBytes: marketEp.bytes,
          description:
            `<p>Notes for the market episode.</p><script>window.__feedXss = 'script'</script>` +
            `<img src="${host.url}/nothing.png" onerror="window.__feedXss = 'onerror'">` +
            `<a href="javascript:window.__feedXss = 'link'">Click for a surprise</a> <a href="${host.url}/notes.html">Show notes</a>`,
        },
        {
          guid: 'river',
          title: RIVER,
          pubDate: 'Tue, 02 Jan 2024 12:00:00 GMT',
          duration: riverEp.durationMs / 1000,
          audio: `${host.url}/media/river.mp3`,
          audioBytes: riverEp.bytes,
          description: `<p>${longText}</p><p>${longText}</p><p>${LONG_TAIL}</p>`,
          transcript: `${host.url}/media/river.vtt`,
        },
      ],
    }),
  })
  feedUrl = `${host.url}/feed.xml`

  db = await createTestDatabase({ open: false })
  // Loopback is refused by the SSRF guard unless allowed; the catalogue is never fetched.
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1', FETCH_ALLOW_HOSTS: '127.0.0.1', FEED_CATALOGUE_FETCH: '0' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await host?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('Explore Channels', () => {
  it('lists the catalogue as not loaded yet, and refuses a blank or malformed address without a call', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discover' }).click()
    await page.getByRole('heading', { level: 1, name: 'Explore Channels' }).waitFor()
    await page.getByRole('region', { name: 'Learning English' }).waitFor()
    expect(await page.getByText('Not loaded yet').count()).toBeGreaterThan(0)

    const calls: string[] = []
    const listen = (r: { url(): string }) => r.url().includes('import-rss-channel') && calls.push(r.url())
    page.on('request', listen)
    try {
      await page.getByRole('button', { name: 'Import RSS Feed' }).click()
      const dialog = page.getByRole('dialog', { name: 'Import RSS Feed' })
      await dialog.getByRole('button', { name: 'Import' }).click()
      expect(await dialog.getByRole('alert').textContent()).toBe('Please enter a valid RSS URL')
      await dialog.getByLabel('RSS URL').fill('not a feed address')
      await dialog.getByLabel('RSS URL').press('Enter')
      expect(await dialog.getByRole('alert').textContent()).toBe('Please enter a valid RSS URL')
      await dialog.getByLabel('RSS URL').fill('ftp://127.0.0.1/feed.xml')
      await dialog.getByRole('button', { name: 'Import' }).click()
      expect(await dialog.getByRole('alert').textContent()).toBe('Please enter a valid RSS URL')
      expect(calls).toEqual([])
    } finally {
      page.off('request', listen)
    }
  })

  it("shows the server's reason when the address is not a feed", async () => {
    const dialog = page.getByRole('dialog', { name: 'Import RSS Feed' })
    await dialog.getByLabel('RSS URL').fill(`${host.url}/missing.xml`)
    await dialog.getByRole('button', { name: 'Import' }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 15_000 }).toBe('The feed address answered HTTP 404')
    expect(await dialog.isVisible()).toBe(true)
  })

  it("imports the feed by its address: 'Importing RSS feed...', then closed, and the channel is listed under its category", async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/english_vocab/api/import-rss-channel', async (route) => {
      await held
      await route.continue()
    })
    const dialog = page.getByRole('dialog', { name: 'Import RSS Feed' })
    await dialog.getByLabel('RSS URL').fill(`  ${feedUrl}  `)
    await dialog.getByRole('button', { name: 'Import' }).click()
    await dialog.getByText('Importing RSS feed...').waitFor()
    expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true)
    release()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
    await page.unroute('**/english_vocab/api/import-rss-channel')

    const feeds = (await api<{ data: Feed[] }>('/english_vocab/api/rss-list')).data
    const imported = feeds.find((f) => f.url === feedUrl)!
    expect(imported).toMatchObject({ title: CHANNEL, category: CATEGORY, status: 'ok' })
    rssId = imported.id

    const card = page.getByRole('region', { name: CATEGORY }).getByRole('article', { name: CHANNEL })
    await card.waitFor()
    expect(await card.getByRole('link', { name: CHANNEL }).getAttribute('href')).toBe(`/console/rss/${rssId}`)
    // The latest episode's length in whole minutes, rounded up.
    expect(await card.getByRole('button', { name: `Play latest episode, 1 min: ${HARBOUR}` }).textContent()).toBe('1 min')
    // It does not subscribe.
    expect(await subscribedIds()).toEqual([])
  })

  it('searches channels by title', async () => {
    const search = page.getByRole('searchbox', { name: 'Search channels by title' })
    await search.fill('test radio')
    await expect.poll(() => page.getByRole('article').count()).toBe(1)
    await search.fill('no such channel here')
    await page.getByText('No channels match your search.').waitFor()
    await search.fill('')
    await page.getByRole('article', { name: CHANNEL }).waitFor()
  })

  it("subscribes with a toast 'Subscribed successfully' that goes after 3 seconds", async () => {
    const card = page.getByRole('article', { name: CHANNEL })
    await card.getByRole('button', { name: `Subscribe to ${CHANNEL}` }).click()
    const toast = page.getByRole('status').filter({ hasText: 'Subscribed successfully' })
    await toast.waitFor()
    const shownAt = Date.now()
    await card.getByRole('button', { name: `Unsubscribe from ${CHANNEL}` }).waitFor()
    await expect.poll(subscribedIds).toEqual([rssId])
    await toast.waitFor({ state: 'detached', timeout: 6_000 })
    expect(Date.now() - shownAt).toBeGreaterThan(2_500)
  })

  it("a refused unsubscribe says 'Failed to unsubscribe' with the server's msg and stays subscribed", async () => {
    await page.route('**/english_vocab/api/rss-unsubscribe', (route) => route.fulfill({ status: 500, json: { success: false, msg: 'Database is busy' } }))
    try {
      const card = page.getByRole('article', { name: CHANNEL })
      await card.getByRole('button', { name: `Unsubscribe from ${CHANNEL}` }).click()
      await page.getByRole('status').filter({ hasText: 'Failed to unsubscribe: Database is busy' }).waitFor()
      await card.getByRole('button', { name: `Unsubscribe from ${CHANNEL}` }).waitFor()
      expect(await subscribedIds()).toEqual([rssId])
    } finally {
      await page.unroute('**/english_vocab/api/rss-unsubscribe')
    }
  })

  it('plays the latest episode in the mini player', async () => {
    await page.getByRole('button', { name: `Play latest episode, 1 min: ${HARBOUR}` }).click()
    await miniPlayer().waitFor()
    expect(await page.getByTestId('mini-now-playing').textContent()).toBe(`Now playing: ${HARBOUR} · ${CHANNEL}`)
    await expect.poll(miniTime, { timeout: 15_000 }).toBeGreaterThan(0.5)
    await miniPlayer().getByRole('button', { name: 'Pause' }).click()
    await miniPlayer().getByRole('button', { name: 'Close player' }).click()
    await miniPlayer().waitFor({ state: 'detached' })
  })
})

describe('My Feed', () => {
  it('lists the episodes newest first, with date and time, channel link, duration and unplayed dots', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Feed' }).click()
    await page.getByRole('heading', { level: 1, name: 'My Feed' }).waitFor()
    await page.getByRole('list', { name: 'Episodes' }).waitFor()
    expect(await episodeTitles()).toEqual([HARBOUR, MARKET, RIVER])
    const first = row(HARBOUR)
    expect(await first.locator('time').textContent()).toMatch(/^2024-01-0[345] \d\d:\d\d$/)
    expect(await first.getByRole('link', { name: CHANNEL }).getAttribute('href')).toBe(`/console/rss/${rssId}`)
    expect(await first.getByText('1 min').count()).toBe(1)
    expect(await page.getByRole('img', { name: 'Unplayed' }).count()).toBe(3)
  })

  it('brings its lists with the page, and asks for each once when opened from another screen', async () => {
    const asked = (path: string) =>
      page.evaluate((p) => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => new URL(e.name).pathname === p).map(({ startTime, responseEnd }) => ({ startTime, responseEnd })), path)
    const lists = ['/english_vocab/api/user-rss-subscribe-items', '/english_vocab/api/rss-list', '/english_vocab/api/user-rss-id-list']
    // Opened by its address, the page carries the episodes drawn and the lists' answers (decision 0038).
    await page.goto(`${server.url}/console/feeds`)
    await consoleTookOver(page)
    expect(await episodeTitles()).toEqual([HARBOUR, MARKET, RIVER])
    // A request would go out as the screen mounts, with the list already drawn: give it the time to.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
    for (const path of lists) expect(await asked(path), path).toEqual([])
    // So does how much of each episode the learner knows: asked as the list came, it drew the list again.
    const figures = '/english_vocab/api/words/feed_comprehension'
    expect(await asked(figures)).toEqual([])

    // From a screen that reads none of the three: Discover reads two, and when the click came while they
    // were on their way, leaving it cancelled them and My Feed asked again, as it should.
    await page.goto(`${server.url}/console/`)
    await consoleTookOver(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Feed' }).click()
    await page.getByRole('list', { name: 'Episodes' }).waitFor()
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
    expect(await asked(lists[0]!)).toHaveLength(1)
    // What else the screen reads went out with it (the route's warm), not as the screen mounted: the
    // console draws a screen once its first answers are in, so a request of the mount starts after them.
    const episodes = (await asked(lists[0]!))[0]!
    for (const path of lists.slice(1)) {
      const entries = await asked(path)
      expect(entries).toHaveLength(1)
      expect(entries[0]!.startTime).toBeLessThan(episodes.responseEnd)
    }
    expect(await asked(figures)).toHaveLength(1)
  })

  it('sorts Oldest First and By Channel, and searches by title or channel', async () => {
    await page.getByLabel('Sort').selectOption({ label: 'Oldest First' })
    await expect.poll(episodeTitles).toEqual([RIVER, MARKET, HARBOUR])
    await page.getByLabel('Sort').selectOption({ label: 'By Channel' })
    await expect.poll(episodeTitles).toEqual([HARBOUR, MARKET, RIVER])
    await page.getByLabel('Sort').selectOption({ label: 'Newest First' })

    const search = page.getByRole('searchbox', { name: 'Search by title or channel' })
    await search.fill('MARKET')
    await expect.poll(episodeTitles).toEqual([MARKET])
    await search.fill('test radio')
    await expect.poll(episodeTitles).toEqual([HARBOUR, MARKET, RIVER])
    await search.fill('nothing like this')
    await page.getByText('No subscriptions match your search.').waitFor()
    await search.fill('')
    await expect.poll(episodeTitles).toEqual([HARBOUR, MARKET, RIVER])
  })

  it('renders a description with <script>, onerror= and a javascript: link without running any of it', async () => {
    await row(MARKET).getByRole('button', { name: `Show description of ${MARKET}` }).click()
    const description = row(MARKET).getByTestId('feed-description')
    await description.getByText('Notes for the market episode.').waitFor()
    expect(await description.locator('script, img, [onerror]').count()).toBe(0)
    const surprise = description.getByText('Click for a surprise')
    expect(await surprise.getAttribute('href')).toBeNull()
    await surprise.click()
    const notes = description.getByRole('link', { name: 'Show notes' })
    expect(await notes.getAttribute('target')).toBe('_blank')
    expect(await notes.getAttribute('rel')).toContain('noopener')
    await page.waitForTimeout(300)
    expect(await xssFlag()).toBeUndefined()
    await row(MARKET).getByRole('button', { name: `Hide description of ${MARKET}` }).click()
    expect(await description.count()).toBe(0)
  })

  it('sanitises whatever description the server sends (svg onload, iframe, mixed-case javascript:, inline handlers)', async () => {
    const payload =
      `<p>Stubbed notes.</p><svg onload="window.__feedXss = 'svg'"></svg><iframe src="javascript:window.__feedXss = 'iframe'"></iframe>` +
      `<a href="JaVaScRiPt:window.__feedXss = 'mixed'">Mixed case</a><b onmouseover="window.__feedXss = 'hover'">Hover me</b>` +
      `<img src=x onerror="window.__feedXss = 'img'"><script>window.__feedXss = 'script'</script>`
    await page.route('**/english_vocab/api/user-rss-subscribe-items', async (route) => {
      const res = await route.fetch()
      const body = (await res.json()) as { items: FeedItem[] }
      await route.fulfill({ response: res, json: { ...body, items: body.items.map((i) => (i.title === HARBOUR ? { ...i, description: payload } : i)) } })
    })
    try {
      // From another screen: a page loaded by its address brings the server's own answer with it.
      await openMyFeedFromDiscover()
      await page.getByRole('list', { name: 'Episodes' }).waitFor()
      await row(HARBOUR).getByRole('button', { name: `Show description of ${HARBOUR}` }).click()
      const description = row(HARBOUR).getByTestId('feed-description')
      await description.getByText('Stubbed notes.').waitFor()
      expect(await description.locator('svg, iframe, img, script, [onload], [onerror], [onmouseover]').count()).toBe(0)
      expect(await description.getByText('Mixed case').getAttribute('href')).toBeNull()
      await description.getByText('Hover me').hover()
      await description.getByText('Mixed case').click()
      await page.waitForTimeout(300)
      expect(await xssFlag()).toBeUndefined()
    } finally {
      await page.unroute('**/english_vocab/api/user-rss-subscribe-items')
    }
    await page.reload()
    await page.getByRole('list', { name: 'Episodes' }).waitFor()
  })

  it('plays an episode in the mini player: the time moves', async () => {
    await row(RIVER).getByRole('button', { name: `Play ${RIVER}` }).click()
    await miniPlayer().waitFor()
    expect(await row(RIVER).getAttribute('aria-current')).toBe('true')
    await expect.poll(miniTime, { timeout: 15_000 }).toBeGreaterThan(1)
    await expect.poll(() => page.getByTestId('mini-time').textContent()).not.toBe('0:00')
    expect(await miniPlayer().getByRole('button', { name: 'Pause' }).isVisible()).toBe(true)
  })

  it("adds it to study with the bar's school button and opens the player with the publisher's transcript", async () => {
    expect(await page.getByTestId('mini-now-playing').textContent()).toBe(`Now playing: ${RIVER} · ${CHANNEL}`)
    await miniPlayer().getByRole('button', { name: 'Add to study' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/console/player/audio/'), { timeout: 20_000 })
    riverHash = page.url().split('/').pop()!
    await page.getByRole('heading', { level: 1, name: RIVER }).waitFor()

    // The words come from <podcast:transcript>, aligned by the job queue: exact, not machine-recognised.
    const word = river.cues[0]!.text.split(' ')[1]!
    const subtitles = page.getByRole('region', { name: 'Subtitles' })
    await expect.poll(() => subtitles.getByRole('button', { name: word, exact: true }).count(), { timeout: 90_000, interval: 500 }).toBeGreaterThan(0)
    expect(await page.getByText('Machine-recognised transcript: some words may be wrong.').count()).toBe(0)
    // Collecting marked it played.
    expect(await playedOf(RIVER)).toBe(true)
  }, 150_000)

  it('marks an episode played, and Hide Played hides the played ones', async () => {
    await page.goto(`${server.url}/console/feeds`)
    await page.getByRole('list', { name: 'Episodes' }).waitFor()
    expect(await row(RIVER).getByRole('img', { name: 'Unplayed' }).count()).toBe(0)
    await row(HARBOUR).getByRole('button', { name: 'Mark as played' }).click()
    await row(HARBOUR).getByRole('button', { name: 'Mark as unplayed' }).waitFor()
    expect(await row(HARBOUR).getByRole('img', { name: 'Unplayed' }).count()).toBe(0)
    await expect.poll(() => playedOf(HARBOUR)).toBe(true)

    await page.getByRole('checkbox', { name: 'Hide Played' }).check()
    await expect.poll(episodeTitles).toEqual([MARKET])
    // Kept in the address, so a reload keeps it.
    await page.reload()
    await expect.poll(episodeTitles).toEqual([MARKET])
    expect(await page.getByRole('checkbox', { name: 'Hide Played' }).isChecked()).toBe(true)
    await page.getByRole('checkbox', { name: 'Hide Played' }).uncheck()
    await expect.poll(episodeTitles).toEqual([HARBOUR, MARKET, RIVER])

    await row(HARBOUR).getByRole('button', { name: 'Mark as unplayed' }).click()
    await expect.poll(() => playedOf(HARBOUR)).toBe(false)
  })

  it('a mark that fails is put back and said', async () => {
    const dialogs = onDialogs(page)
    await page.route('**/english_vocab/api/rss-item-played', (route) => route.fulfill({ status: 500, json: { success: false, msg: 'Database is busy' } }))
    try {
      await row(HARBOUR).getByRole('button', { name: 'Mark as played' }).click()
      await expect.poll(() => dialogs.seen).toEqual(['alert: Failed to mark the episode as played: Database is busy'])
      await row(HARBOUR).getByRole('button', { name: 'Mark as played' }).waitFor()
    } finally {
      await page.unroute('**/english_vocab/api/rss-item-played')
      dialogs.off()
    }
  })

  it('marks an episode played when the mini player plays it to the end', async () => {
    await row(MARKET).getByRole('button', { name: `Play ${MARKET}` }).click()
    await expect.poll(() => page.getByTestId('mini-now-playing').textContent()).toBe(`Now playing: ${MARKET} · ${CHANNEL}`)
    await expect.poll(miniTime, { timeout: 15_000 }).toBeGreaterThan(0.2)
    await page.evaluate(() => {
      const a = document.querySelector<HTMLAudioElement>('section[aria-label="Mini player"] audio')!
      a.currentTime = a.duration - 0.3
    })
    await expect.poll(() => playedOf(MARKET), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => row(MARKET).getByRole('img', { name: 'Unplayed' }).count()).toBe(0)
    await miniPlayer().getByRole('button', { name: 'Close player' }).click()
  })

  it('marks an episode played once 90 % of it has played, before its end', async () => {
    expect(await playedOf(HARBOUR)).toBe(false)
    const marks: unknown[] = []
    const onRequest = (r: import('playwright-core').Request) => {
      if (r.url().endsWith('/english_vocab/api/rss-item-played')) marks.push(r.postDataJSON())
    }
    page.on('request', onRequest)
    try {
      await row(HARBOUR).getByRole('button', { name: `Play ${HARBOUR}` }).click()
      await expect.poll(() => page.getByTestId('mini-now-playing').textContent()).toBe(`Now playing: ${HARBOUR} · ${CHANNEL}`)
      await expect.poll(miniTime, { timeout: 15_000 }).toBeGreaterThan(0.2)
      await miniPlayer().getByRole('button', { name: 'Pause', exact: true }).click()
      const seek = (fraction: number) =>
        page.evaluate((f) => {
          const a = document.querySelector<HTMLAudioElement>('section[aria-label="Mini player"] audio')!
          a.currentTime = a.duration * f
        }, fraction)
      // Two thirds: not yet.
      await seek(0.66)
      await page.waitForTimeout(400)
      expect(marks).toEqual([])
      // 92 %, paused, well before the end: the episode was listened to.
      await seek(0.92)
      await expect.poll(() => playedOf(HARBOUR), { timeout: 15_000 }).toBe(true)
      expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('section[aria-label="Mini player"] audio')!.ended)).toBe(false)
      await expect.poll(() => row(HARBOUR).getByRole('img', { name: 'Unplayed' }).count()).toBe(0)
      // Once per play: playing on to the end sends no second mark.
      await miniPlayer().getByRole('button', { name: 'Play', exact: true }).click()
      await expect.poll(() => page.evaluate(() => document.querySelector<HTMLAudioElement>('section[aria-label="Mini player"] audio')!.ended), { timeout: 15_000 }).toBe(true)
      expect(marks).toEqual([{ rss_item_id: expect.any(Number), played: true }])
      await miniPlayer().getByRole('button', { name: 'Close player' }).click()
    } finally {
      page.off('request', onRequest)
    }
  })

  it('says so in the bar when the media cannot be loaded', async () => {
    // On the context, not the page: the console's service worker fetches the media (it answers downloaded
    // episodes from their copy), and only a context's routes see a worker's requests.
    await browser.context.route('**/media-proxy/proxy_media?**', (route) => route.fulfill({ status: 404, json: { success: false, msg: 'Media not found' } }))
    try {
      await row(HARBOUR).getByRole('button', { name: `Play ${HARBOUR}` }).click()
      await miniPlayer().getByRole('alert').filter({ hasText: 'This episode could not be played here. Add it to study to open it in the player.' }).waitFor()
      await miniPlayer().getByRole('button', { name: 'Close player' }).click()
    } finally {
      await browser.context.unroute('**/media-proxy/proxy_media?**')
    }
  })

  it("says 'Failed to add to study: {msg}' or 'An error occurred while adding to study: {message}'", async () => {
    const dialogs = onDialogs(page)
    try {
      await page.route('**/english_vocab/api/collect-rss-item', (route) => route.fulfill({ status: 404, json: { success: false, msg: 'Episode not found' } }))
      await row(HARBOUR).getByRole('button', { name: `Play ${HARBOUR}` }).click()
      await miniPlayer().getByRole('button', { name: 'Add to study' }).click()
      await expect.poll(() => dialogs.seen).toEqual(['alert: Failed to add to study: Episode not found'])
      await page.unroute('**/english_vocab/api/collect-rss-item')
      await page.route('**/english_vocab/api/collect-rss-item', (route) => route.abort())
      await miniPlayer().getByRole('button', { name: 'Add to study' }).click()
      await expect.poll(() => dialogs.seen[1]).toBe('alert: An error occurred while adding to study: Network error: the server could not be reached')
      expect(new URL(page.url()).pathname).toBe('/console/feeds')
    } finally {
      await page.unroute('**/english_vocab/api/collect-rss-item')
      dialogs.off()
    }
    await miniPlayer().getByRole('button', { name: 'Close player' }).click()
  })

  it('exports the subscriptions as OPML and imports an OPML file', async () => {
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export OPML' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('lingocast-subscriptions.opml')
    const opml = readFileSync((await file.path())!, 'utf8')
    expect(opml).toContain('<opml')
    expect(opml).toContain(feedUrl.replace(/&/g, '&amp;'))

    const second = `${host.url}/second.xml`
    host.set('/second.xml', { type: 'application/rss+xml', body: rssFeed({ title: 'Second Test Channel', description: 'Another one.', link: host.url, image: `${host.url}/cover.png`, category: CATEGORY, items: [] }) })
    const chosen = path.join(work, 'mine.opml')
    writeFileSync(chosen, `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body><outline type="rss" text="Second" xmlUrl="${second}"/></body></opml>`)
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Import OPML' }).click()
    await (await chooser).setFiles(chosen)
    await page.getByRole('status').filter({ hasText: 'Subscribed to 1 channel' }).waitFor()
    await expect.poll(async () => (await subscribedIds()).length).toBe(2)
  })
})

describe('Feed detail', () => {
  it('shows the feed with its episodes: yyyy-MM-dd dates, descriptions cut at 200 characters with Show more / Show less', async () => {
    await page.goto(`${server.url}/console/feeds`)
    await row(RIVER).getByRole('link', { name: CHANNEL }).click()
    await page.waitForURL((url) => url.pathname === `/console/rss/${rssId}`)
    await page.getByRole('heading', { level: 1, name: CHANNEL }).waitFor()
    expect(await page.getByText('Short spoken episodes for the browser tests.').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Back' }).isVisible()).toBe(true)

    const dates = await page.getByTestId('episode-date').allTextContents()
    expect(dates).toHaveLength(3)
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(await page.getByRole('article', { name: RIVER }).getByTestId('episode-date').textContent()).toMatch(/^2024-01-0[123]$/)

    const episode = page.getByRole('article', { name: RIVER })
    expect(await episode.getByText(LONG_TAIL).count()).toBe(0)
    const cut = await episode.locator('p').filter({ hasText: 'In this first episode' }).textContent()
    expect(cut!.endsWith('...')).toBe(true)
    expect(cut!.length).toBeLessThanOrEqual(203)
    await episode.getByRole('button', { name: 'Show more' }).click()
    await episode.getByText(LONG_TAIL).waitFor()
    await episode.getByRole('button', { name: 'Show less' }).click()
    await expect.poll(() => episode.getByText(LONG_TAIL).count()).toBe(0)

    // A short description shows whole, sanitised: nothing runs here either.
    const market = page.getByRole('article', { name: MARKET })
    await market.getByText('Notes for the market episode.').waitFor()
    expect(await market.getByTestId('feed-description').locator('script, img, [onerror]').count()).toBe(0)
    expect(await market.getByRole('button', { name: 'Show more' }).count()).toBe(0)
    expect(await xssFlag()).toBeUndefined()
    expect(await episode.getByRole('button', { name: `Play ${RIVER}, 1 min` }).textContent()).toBe('1 min')
  })

  it('plays an episode by collecting it again (the same article) and opening the player', async () => {
    await page.getByRole('article', { name: RIVER }).getByRole('button', { name: `Play ${RIVER}, 1 min` }).click()
    await page.waitForURL((url) => url.pathname === `/console/player/audio/${riverHash}`, { timeout: 20_000 })
    await page.getByRole('heading', { level: 1, name: RIVER }).waitFor()
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: CHANNEL }).waitFor()
  })

  it("alerts the server's msg when unsubscribing fails, and toasts when it works", async () => {
    const dialogs = onDialogs(page)
    await page.route('**/english_vocab/api/rss-unsubscribe', (route) => route.fulfill({ status: 500, json: { success: false, msg: 'Database is busy' } }))
    try {
      await page.getByRole('button', { name: 'Unsubscribe' }).click()
      await expect.poll(() => dialogs.seen).toEqual(['alert: Database is busy'])
      await page.getByRole('button', { name: 'Unsubscribe' }).waitFor()
    } finally {
      await page.unroute('**/english_vocab/api/rss-unsubscribe')
      dialogs.off()
    }
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await page.getByRole('status').filter({ hasText: 'Unsubscribed successfully' }).waitFor()
    await page.getByRole('button', { name: 'Subscribe', exact: true }).waitFor()
    expect(await subscribedIds()).not.toContain(rssId)
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click()
    // The whole text: a filter's text matches any part, in any case, and "Unsubscribed successfully" may
    // still show from the click before (it took the place of this toast while the subscription was sent).
    await page.getByRole('status').filter({ hasText: /^Subscribed successfully$/ }).waitFor()
    expect(await subscribedIds()).toContain(rssId)
  })

  it("a failed feed shows its error and 'Refresh now' fetches it again", async () => {
    host.set('/feed.xml', { type: 'text/plain', body: 'gone for a while', status: 503 })
    const failed = await api<{ data: Feed }>('/english_vocab/api/rss-refresh', { rss_id: rssId })
    expect(failed.data.status).toBe('error')
    await page.reload()
    const notice = page.getByTestId('feed-status')
    await notice.waitFor()
    expect(await notice.textContent()).toContain(failed.data.error!)
    // The feed is back: Refresh now fetches it and the notice goes.
    host.set('/feed.xml', { type: 'application/rss+xml', body: rssFeed({ title: CHANNEL, description: 'Short spoken episodes for the browser tests.', link: `${host.url}/`, image: `${host.url}/cover.png`, category: CATEGORY, items: [] }) })
    await page.getByRole('button', { name: 'Refresh now' }).click()
    await notice.waitFor({ state: 'detached', timeout: 20_000 })
    await page.getByRole('heading', { level: 1, name: CHANNEL }).waitFor()
  })

  it("says 'Error: RSS feed not found.', 'Error: Failed to fetch RSS items.' and the others", async () => {
    await page.goto(`${server.url}/console/rss/999999`)
    await page.getByText('Error: RSS feed not found.').waitFor()
    // A numeric id might name a feed later: Retry. "abc" never can: no Retry, only the way back.
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1)
    await page.goto(`${server.url}/console/rss/abc`)
    await page.getByText('Error: RSS feed not found.').waitFor()
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(1)

    for (const [pattern, text] of [
      ['**/english_vocab/api/rss-items?**', 'Error: Failed to fetch RSS items.'],
      ['**/english_vocab/api/rss-list', 'Error: Failed to fetch RSS feed details.'],
      ['**/english_vocab/api/user-rss-id-list', 'Error: Failed to fetch subscription status.'],
    ] as const) {
      await page.route(pattern, (route) => route.fulfill({ status: 500, json: { success: false, msg: 'Internal server error' } }))
      try {
        await page.goto(`${server.url}/console/rss/${rssId}`)
        await page.getByRole('alert').filter({ hasText: text }).waitFor({ timeout: 15_000 })
      } finally {
        await page.unroute(pattern)
      }
    }
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.getByRole('heading', { level: 1, name: CHANNEL }).waitFor()
  })

  it("Explore Channels says 'Failed to fetch RSS data' when the channels cannot be read, and Retry loads them", async () => {
    await page.route('**/english_vocab/api/rss-list', (route) => route.fulfill({ status: 500, json: { success: false, msg: 'Internal server error' } }))
    try {
      await page.goto(`${server.url}/console/discover`)
      await page.getByRole('alert').filter({ hasText: 'Failed to fetch RSS data' }).waitFor({ timeout: 15_000 })
    } finally {
      await page.unroute('**/english_vocab/api/rss-list')
    }
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.getByRole('article', { name: CHANNEL }).waitFor()
  })

  it("My Feed says 'Error: {message}' when its list fails, and 'No subscriptions found.' with none", async () => {
    await page.route('**/english_vocab/api/user-rss-subscribe-items', (route) => route.fulfill({ status: 500, json: { success: false, msg: 'Internal server error' } }))
    try {
      await openMyFeedFromDiscover()
      await page.getByRole('alert').filter({ hasText: 'Error: Internal server error' }).waitFor({ timeout: 15_000 })
    } finally {
      await page.unroute('**/english_vocab/api/user-rss-subscribe-items')
    }
    for (const id of await subscribedIds()) await api('/english_vocab/api/rss-unsubscribe', { rss_id: id })
    await page.goto(`${server.url}/console/feeds`)
    await page.getByText('No subscriptions found.').waitFor()
  })
})

describe('A long back catalogue', () => {
  const EPISODES = 75
  const titleOf = (n: number) => `Catalogue episode ${String(n).padStart(3, '0')}`
  const rows = () => page.getByRole('list', { name: 'Episodes' }).getByRole('listitem')
  const more = () => page.getByRole('button', { name: 'Show more episodes' })
  let catalogueId: number

  beforeAll(async () => {
    host.set('/catalogue.xml', {
      type: 'application/rss+xml; charset=utf-8',
      body: rssFeed({
        title: 'Back Catalogue Radio',
        description: 'A channel with years of episodes.',
        link: `${host.url}/`,
        image: `${host.url}/cover.png`,
        category: CATEGORY,
        items: Array.from({ length: EPISODES }, (_, i) => ({
          guid: `catalogue-${i + 1}`,
          title: titleOf(i + 1),
          pubDate: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toUTCString(),
          duration: 600,
          audio: `${host.url}/media/harbour.mp3`,
          audioBytes: 1000,
          description: `<p>Show notes of episode ${i + 1}.</p>`,
        })),
      }),
    })
    catalogueId = (await api<{ rss_id: number }>('/english_vocab/api/import-rss-channel', { rss_url: `${host.url}/catalogue.xml` })).rss_id
    await api('/english_vocab/api/rss-subscribe', { rss_id: catalogueId })
  })

  afterAll(async () => {
    if (catalogueId) await api('/english_vocab/api/rss-unsubscribe', { rss_id: catalogueId })
  })

  it("My Feed's page brings its first episodes drawn, not the whole catalogue", async () => {
    const html = await (await page.context().request.get(`${server.url}/console/feeds`, { headers: { accept: 'text/html' } })).text()
    const frame = html.slice(0, html.indexOf('</main>'))
    expect(frame).toContain(titleOf(EPISODES))
    expect(frame).not.toContain(titleOf(1))
    expect(frame.match(/<article/g)).toHaveLength(FIRST_ROWS)
  })

  it('My Feed draws the first episodes, more as the list nears the screen, and all of them by the end', async () => {
    await page.goto(`${server.url}/console/feeds`)
    await rows().first().waitFor()
    const first = await rows().count()
    expect(first).toBe(FIRST_ROWS)
    await page.getByText(`Showing ${first} of ${EPISODES} episodes`).waitFor()
    // The newest first: the oldest is not drawn yet, and the search still finds it among all of them.
    expect(await row(titleOf(1)).count()).toBe(0)
    const search = page.getByRole('searchbox', { name: 'Search by title or channel' })
    await search.fill(titleOf(1))
    await expect.poll(episodeTitles).toEqual([titleOf(1)])
    await search.fill('')
    await expect.poll(() => rows().count()).toBe(first)
    // Scrolling down draws the rest, step by step, until the button is gone.
    for (let i = 0; i < 10 && (await more().count()) > 0; i++) {
      await page.mouse.wheel(0, 20_000)
      await page.waitForTimeout(200)
    }
    await expect.poll(() => rows().count()).toBe(EPISODES)
    expect(await more().count()).toBe(0)
    await row(titleOf(1)).waitFor()
  })

  it('a keyboard that reaches the button goes on into the episodes it drew', async () => {
    await page.goto(`${server.url}/console/rss/${catalogueId}`)
    await rows().first().waitFor()
    const before = await rows().count()
    expect(before).toBeLessThan(EPISODES)
    await more().focus()
    await expect.poll(() => rows().count()).toBeGreaterThan(before)
    // The focus is in the first row drawn by the step, not on the button below the new rows.
    await expect.poll(() => page.evaluate((n) => document.querySelectorAll('ul[aria-label="Episodes"] > li')[n]?.contains(document.activeElement) ?? false, before)).toBe(true)
  })
})
