import { FEEDS_MSG } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { legacyCharsetFeed, windows1252, type LegacyFeed } from '../../../../../test/legacy-feed'
import { probeDuring, type ProbeResult } from '../../../../../test/request-probe'
import { createTestUser, type TestUser } from '../../../../../test/users'

/**
 * A 14 MB feed in Windows-1252 that names no charset, imported and refreshed
 * through the real routes over loopback HTTP while /healthz is asked again
 * and again. Decoding it a character at a time and parsing it on the event
 * loop once held every request for 3 s here, up to 42 s under load.
 */
let t: TestApp
let feeds: FeedServer
let user: TestUser
let base: string
let feed: LegacyFeed
const logLines: string[] = []

const ITEMS = 3000

beforeAll(async () => {
  feeds = await startFeedServer()
  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.1'] }, { logLines })
  user = await createTestUser(t.db.database, 'large-feed@example.com')
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  feed = legacyCharsetFeed({ size: 14 * 1024 * 1024, items: ITEMS, mediaBase: `${feeds.url}/media` })
  // Served as most hosts serve a static file: a type, no charset.
  feeds.set('/legacy.xml', { body: feed.bytes, type: 'application/rss+xml' })
})
afterAll(async () => {
  expect(logLines.filter((l) => l.includes('"level":50'))).toEqual([])
  await t?.close()
  await feeds?.close()
})

const post = (url: string, payload: object) => fetch(`${base}${url}`, { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) })
const items = async (id: number) => ((await (await fetch(`${base}/english_vocab/api/rss-items?rss_id=${id}`, { headers: user.auth })).json()) as { items: Array<{ title: string; description: string }> }).items
const storedItems = async (id: number) => Number((await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from feed_items where channel_id = ${id}`)).rows[0]!.n)

/** /healthz kept answering: every answer 200, none slow, and nothing held the event loop long (wide margins: the machine is shared). */
function expectAnswering(probe: ProbeResult<unknown>) {
  expect(probe.statuses.every((s) => s === 200)).toBe(true)
  // The event loop hold below is the check that matters; latency adds the shared machine's load (the old decode held it 3 s when quiet).
  expect(Math.max(...probe.latencies), `the slowest of ${probe.latencies.length} answers of /healthz, ms`).toBeLessThan(2000)
  expect(probe.longestHoldMs, 'the longest hold of the event loop, ms of CPU').toBeLessThan(150)
}

let channelId: number

describe('a 14 MB feed in a legacy charset', () => {
  it('is imported with every episode as written while other requests keep answering', async () => {
    expect(feed.bytes.length).toBeGreaterThan(14_000_000)
    const probe = await probeDuring(`${base}/healthz`, () => post('/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/legacy.xml` }))
    const body = (await probe.result.json()) as { rss_id: number }
    expect(body).toMatchObject({ success: true, title: feed.channelTitle })
    channelId = body.rss_id
    expectAnswering(probe)
    expect(await storedItems(channelId)).toBe(ITEMS)
    const listed = await items(channelId)
    expect(listed.slice(0, 3).map((i) => i.title)).toEqual([feed.title(0), feed.title(1), feed.title(2)])
    expect(listed[0]!.title).toBe(`Épisode ${ITEMS} : “un café à 5 €” – l’été`)
    // The bytes Windows-1252 leaves undefined keep their code points, as browsers read them; no replacement character.
    expect(listed[0]!.description.startsWith(feed.notes.trim())).toBe(true)
    expect(listed[0]!.description).not.toContain('\ufffd')
  })

  it('is refreshed by hand with its new episode while other requests keep answering', async () => {
    const added = `<item>\n<title>Un nouvel épisode à 2 €</title>\n<guid>legacy-new</guid>\n<pubDate>${new Date(Date.UTC(2026, 10, 2)).toUTCString()}</pubDate>\n</item>\n`
    const grown = Buffer.concat([feed.bytes.subarray(0, feed.bytes.indexOf('<item>')), windows1252(added), feed.bytes.subarray(feed.bytes.indexOf('<item>'))])
    feeds.set('/legacy.xml', { body: grown, type: 'application/rss+xml' })
    const probe = await probeDuring(`${base}/healthz`, () => post('/english_vocab/api/rss-refresh', { rss_id: channelId }))
    expect(await probe.result.json()).toMatchObject({ success: true, data: { id: channelId, status: 'ok', error: null, latest_episode: { title: 'Un nouvel épisode à 2 €' } } })
    expectAnswering(probe)
    expect(await storedItems(channelId)).toBe(ITEMS + 1)
  })

  it('says what is wrong with a large document that is not a feed, in the words the user is shown', async () => {
    feeds.set('/page.html', { body: windows1252(`<!doctype html><html><body>${'<p>Café à 5 €</p>'.repeat(50_000)}</body></html>`), type: 'text/html' })
    feeds.set('/broken.xml', { body: windows1252(`<rss version="2.0"><channel><title>Cassé</title><description>${'Café à 5 € '.repeat(50_000)}</description><item><title>open</channel>`) })
    const page = await post('/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/page.html` })
    expect(await page.json()).toEqual({ success: false, msg: FEEDS_MSG.notAFeed })
    const broken = await post('/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/broken.xml` })
    expect(await broken.json()).toEqual({ success: false, msg: FEEDS_MSG.invalidXml })
  })
})
