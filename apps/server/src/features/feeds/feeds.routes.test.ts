import { CHANNEL_ITEMS_LIMIT, FEED_TITLE_MAX, FEED_TITLE_MSG, FEEDS_MSG, INVALID_RSS_URL, UNCATEGORIZED } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { podcastFeed, startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { STARTER_CATALOGUE } from './catalogue'

let t: TestApp
const logLines: string[] = []
let feeds: FeedServer
let alice: TestUser
let bob: TestUser

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
Hello and welcome.
`

const show = (extra: Array<Parameters<typeof podcastFeed>[0]['items'][number]> = []) =>
  podcastFeed({
    title: 'Loopback English',
    description: 'A show served from loopback',
    category: 'Education',
    image: `${feeds.url}/show.jpg`,
    items: [
      ...extra,
      {
        guid: 'ep-2',
        title: 'Second episode',
        audio: `${feeds.url}/media/ep2.mp3`,
        pubDate: 'Tue, 03 Nov 2026 10:00:00 GMT',
        duration: '2:05',
        description: '<p>Two</p>',
        transcript: { url: `${feeds.url}/media/ep2.vtt`, type: 'text/vtt' },
      },
      { guid: 'ep-1', title: 'First episode', audio: `${feeds.url}/media/ep1.mp3`, pubDate: 'Mon, 02 Nov 2026 10:00:00 GMT', duration: '61' },
      { guid: 'ep-0', title: 'Show notes only', pubDate: 'Sun, 01 Nov 2026 10:00:00 GMT' },
    ],
  })

beforeAll(async () => {
  feeds = await startFeedServer()
  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.1'] }, { logLines })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  feeds.set('/show.xml', { body: show() })
  feeds.set('/media/ep2.vtt', { body: VTT, type: 'text/vtt' })
})
afterAll(async () => {
  // A 5xx anywhere in this file is a defect even when the assertions passed.
  expect(logLines.filter((l) => l.includes('"level":50'))).toEqual([])
  await t?.close()
  await feeds?.close()
})

const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.auth })
const post = (u: TestUser, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: u.auth, payload })
const importFeed = (u: TestUser, rss_url: unknown) => post(u, '/english_vocab/api/import-rss-channel', { rss_url })
const list = async (u: TestUser) => (await get(u, '/english_vocab/api/rss-list')).json().data as Array<Record<string, unknown> & { id: number }>
const items = (u: TestUser, id: number) => get(u, `/english_vocab/api/rss-items?rss_id=${id}`)
const channelCount = async () => Number((await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from feed_channels where not is_catalogue`)).rows[0]!.n)
const channelRow = async (id: number) =>
  (await t.db.database.db.execute<{ status: string; error: string | null; next_fetch_at: Date; parse_errors: number }>(sql`select status, error, next_fetch_at, parse_errors from feed_channels where id = ${id}`)).rows[0]!

let showId: number

describe('import-rss-channel', () => {
  it('refuses a blank or non-URL address with the spec text', async () => {
    for (const bad of ['', '   ', 'not a url', 'ftp://example.com/feed.xml', undefined]) {
      const res = await importFeed(alice, bad)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: INVALID_RSS_URL })
    }
  })

  it('says why an address is not a feed, and leaves no channel behind', async () => {
    feeds.set('/page.html', { body: '<!doctype html><html><body>hello</body></html>', type: 'text/html' })
    feeds.set('/broken.xml', { body: '<rss version="2.0"><channel><title>x</title><item><title>open</channel>' })
    const cases: Array<[string, string]> = [
      [`${feeds.url}/page.html`, FEEDS_MSG.notAFeed],
      [`${feeds.url}/broken.xml`, FEEDS_MSG.invalidXml],
      [`${feeds.url}/missing.xml`, FEEDS_MSG.httpStatus(404)],
    ]
    for (const [url, msg] of cases) {
      const res = await importFeed(alice, url)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect(await channelCount()).toBe(0)
  })

  it('imports a podcast: the channel with its category and latest episode, the episodes with their fields', async () => {
    const res = await importFeed(alice, `${feeds.url}/show.xml`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ success: true, msg: 'ok', title: 'Loopback English' })
    showId = body.rss_id
    const channel = (await list(alice)).find((c) => c.id === showId)!
    expect(channel).toMatchObject({
      title: 'Loopback English',
      description: 'A show served from loopback',
      image: `${feeds.url}/show.jpg`,
      category: 'Education',
      status: 'ok',
      error: null,
      latest_episode: { title: 'Second episode', duration: 125, audio: `${feeds.url}/media/ep2.mp3`, video: null },
    })
    const got = (await items(alice, showId)).json()
    expect(got.items.map((i: { title: string }) => i.title)).toEqual(['Second episode', 'First episode', 'Show notes only'])
    expect(got.items[0]).toMatchObject({
      rss_id: showId,
      rss_channel_name: 'Loopback English',
      description: '<p>Two</p>',
      pub_date: '2026-11-03T10:00:00.000Z',
      duration: 125,
      isPlayed: false,
      has_transcript: true,
    })
    // Importing is not subscribing.
    expect((await get(alice, '/english_vocab/api/user-rss-id-list')).json().data).toEqual([])
  })

  it('lists the starter catalogue, not yet loaded, and an imported feed without a category as Uncategorized', async () => {
    const channels = await list(alice)
    const catalogue = channels.filter((c) => STARTER_CATALOGUE.some((e) => e.url === c.url))
    expect(catalogue).toHaveLength(STARTER_CATALOGUE.length)
    for (const c of catalogue) expect(c).toMatchObject({ status: 'pending', latest_episode: null })
    feeds.set('/plain.xml', { body: podcastFeed({ title: 'No category', items: [{ guid: 'p1', title: 'P1', audio: `${feeds.url}/media/ep1.mp3` }] }) })
    const id = (await importFeed(alice, `${feeds.url}/plain.xml`)).json().rss_id
    expect((await list(alice)).find((c) => c.id === id)!.category).toBe(UNCATEGORIZED)
  })

  it('imports the same address twice as one channel, shared', async () => {
    const again = (await importFeed(bob, `${feeds.url}/show.xml`)).json()
    expect(again.rss_id).toBe(showId)
    expect((await importFeed(alice, `${feeds.url}/show.xml`)).json().rss_id).toBe(showId)
  })
})

describe('refresh', () => {
  it('answers a conditional GET: 304 re-parses and rewrites nothing', async () => {
    const before = feeds.requests.length
    const outcome = await t.app.feeds.refresh(showId)
    expect(outcome).toEqual({ result: 'not-modified' })
    const seen = feeds.requests.slice(before)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.ifNoneMatch).toMatch(/^"/)
    expect(seen[0]!.ifModifiedSince).toBe('Mon, 02 Nov 2026 10:00:00 GMT')
    expect(seen[0]!.status).toBe(304)
    expect((await channelRow(showId)).status).toBe('ok')
  })

  it('adds only the new episode when the feed changes, keeping the others as they were', async () => {
    const beforeItems = (await items(alice, showId)).json().items as Array<{ id: number; title: string }>
    feeds.set('/show.xml', { body: show([{ guid: 'ep-3', title: 'Third episode', audio: `${feeds.url}/media/ep3.mp3`, pubDate: 'Wed, 04 Nov 2026 10:00:00 GMT' }]) })
    expect(await t.app.feeds.refresh(showId)).toEqual({ result: 'fetched', added: 1 })
    const after = (await items(alice, showId)).json().items as Array<{ id: number; title: string }>
    expect(after.map((i) => i.title)).toEqual(['Third episode', ...beforeItems.map((i) => i.title)])
    expect(after.slice(1).map((i) => i.id)).toEqual(beforeItems.map((i) => i.id))
    // The same content again: nothing new.
    feeds.set('/show.xml', { body: show([{ guid: 'ep-3', title: 'Third episode', audio: `${feeds.url}/media/ep3.mp3`, pubDate: 'Wed, 04 Nov 2026 10:00:00 GMT' }]), noValidators: true })
    expect(await t.app.feeds.refresh(showId)).toEqual({ result: 'fetched', added: 0 })
  })

  it('backs off after a failure, at least as long as Retry-After', async () => {
    feeds.set('/flaky.xml', { body: podcastFeed({ title: 'Flaky', items: [{ guid: 'f1', title: 'F1', audio: `${feeds.url}/media/ep1.mp3` }] }) })
    const id = (await importFeed(alice, `${feeds.url}/flaky.xml`)).json().rss_id
    feeds.set('/flaky.xml', { status: 503, body: 'busy', headers: { 'retry-after': '7200' } })
    const started = Date.now()
    expect(await t.app.feeds.refresh(id)).toEqual({ result: 'failed', error: FEEDS_MSG.httpStatus(503), paused: false })
    const row = await channelRow(id)
    expect(row.status).toBe('error')
    expect(new Date(row.next_fetch_at).getTime() - started).toBeGreaterThanOrEqual(7_200_000 - 5_000)
    // The channel and its episodes are still there, with the error shown.
    const channel = (await list(alice)).find((c) => c.id === id)!
    expect(channel).toMatchObject({ status: 'error', error: FEEDS_MSG.httpStatus(503) })
    expect((await items(alice, id)).json().items).toHaveLength(1)
  })

  it('pauses a feed after 3 parse errors in a row, until it is refreshed by hand', async () => {
    feeds.set('/decays.xml', { body: podcastFeed({ title: 'Decays', items: [{ guid: 'd1', title: 'D1', audio: `${feeds.url}/media/ep1.mp3` }] }) })
    const id = (await importFeed(alice, `${feeds.url}/decays.xml`)).json().rss_id
    feeds.set('/decays.xml', { body: '<rss><channel><title>broken', noValidators: true })
    for (const n of [1, 2]) {
      expect(await t.app.feeds.refresh(id)).toEqual({ result: 'failed', error: FEEDS_MSG.invalidXml, paused: false })
      expect(await channelRow(id)).toMatchObject({ status: 'error', parse_errors: n })
    }
    expect(await t.app.feeds.refresh(id)).toEqual({ result: 'failed', error: FEEDS_MSG.invalidXml, paused: true })
    expect((await channelRow(id)).status).toBe('paused')
    // The timer leaves it alone, even when due.
    await t.db.database.db.execute(sql`update feed_channels set next_fetch_at = now() - interval '1 hour' where id = ${id}`)
    expect(await t.app.feeds.refresh(id)).toEqual({ result: 'skipped' })
    // Fixed by the publisher, refreshed by hand: running again.
    feeds.set('/decays.xml', { body: podcastFeed({ title: 'Decays', items: [{ guid: 'd2', title: 'D2', audio: `${feeds.url}/media/ep1.mp3` }] }) })
    const res = await post(alice, '/english_vocab/api/rss-refresh', { rss_id: id })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ id, status: 'ok', error: null })
    expect((await items(alice, id)).json().items.map((i: { title: string }) => i.title).sort()).toEqual(['D1', 'D2'])
  })

  it('queues a refresh for every followed channel that is due, and none for paused or unfollowed ones', async () => {
    await t.db.database.db.execute(sql`update feed_channels set next_fetch_at = now() - interval '1 minute'`)
    await t.db.database.db.execute(sql`update feed_channels set status = 'paused' where url like '%/flaky.xml'`)
    const queued = await t.app.feeds.sweep()
    const followed = Number(
      (await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from feed_channels c where status <> 'paused' and exists (select 1 from feed_user_channels u where u.channel_id = c.id)`)).rows[0]!.n,
    )
    expect(queued).toBe(followed)
    const jobs = (await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where name = 'refresh_feed' and status = 'queued'`)).rows[0]!.n
    expect(Number(jobs)).toBe(followed)
    // Asking again while they wait queues nothing twice.
    await t.app.feeds.sweep()
    expect(Number((await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where name = 'refresh_feed' and status = 'queued'`)).rows[0]!.n)).toBe(followed)
  })
})

describe('hostile and malformed feeds', () => {
  it('survives billion laughs: entities are not expanded', async () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('')
    feeds.set('/lol.xml', { body: `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">${lol}]><rss version="2.0"><channel><title>Laughs &lol9;</title><item><guid>1</guid><title>&lol9;</title></item></channel></rss>` })
    const res = await importFeed(alice, `${feeds.url}/lol.xml`)
    expect(res.statusCode).toBe(200)
    expect(res.json().title.length).toBeLessThan(40)
  })

  it('refuses a 50 MB body at the 15 MB cap and stays up', async () => {
    feeds.set('/huge.xml', { streamBytes: 50 * 1024 * 1024 })
    const res = await importFeed(alice, `${feeds.url}/huge.xml`)
    expect(res.json()).toEqual({ success: false, msg: FEEDS_MSG.tooLarge(15) })
    expect((await get(alice, '/english_vocab/api/rss-list')).statusCode).toBe(200)
  })

  it('reads a feed declared UTF-8 but written in Latin-1, and one declared in its XML as ISO-8859-1', async () => {
    const latin1 = Buffer.from(podcastFeed({ title: 'Café français', items: [{ guid: 'c1', title: 'Leçon', audio: `${feeds.url}/media/ep1.mp3` }] }), 'latin1')
    feeds.set('/latin1.xml', { body: latin1 })
    expect((await importFeed(alice, `${feeds.url}/latin1.xml`)).json().title).toBe('Café français')
    const declared = Buffer.from(podcastFeed({ title: 'Señal', items: [] }).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1')
    feeds.set('/declared.xml', { body: declared, type: 'application/xml' })
    expect((await importFeed(alice, `${feeds.url}/declared.xml`)).json().title).toBe('Señal')
  })

  it('keeps episodes without an enclosure, and refuses to study them with a clear message', async () => {
    const notes = ((await items(alice, showId)).json().items as Array<{ id: number; title: string; audio: string | null }>).find((i) => i.title === 'Show notes only')!
    expect(notes.audio).toBeNull()
    const res = await post(alice, '/english_vocab/api/collect-rss-item', { rss_item_id: notes.id })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: FEEDS_MSG.noMedia })
  })

  it("lists a huge channel's newest episodes, up to the page's limit", async () => {
    const many = Array.from({ length: CHANNEL_ITEMS_LIMIT + 100 }, (_, i) => ({
      guid: `m${i}`,
      title: `Episode ${i}`,
      audio: `${feeds.url}/media/m${i}.mp3`,
      pubDate: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toUTCString(),
    }))
    feeds.set('/many.xml', { body: podcastFeed({ title: 'Many', items: many }) })
    const id = (await importFeed(alice, `${feeds.url}/many.xml`)).json().rss_id
    const listed = (await items(alice, id)).json().items as Array<{ title: string }>
    expect(listed).toHaveLength(CHANNEL_ITEMS_LIMIT)
    expect(listed[0]!.title).toBe(`Episode ${CHANNEL_ITEMS_LIMIT + 99}`)
  })

  it('takes unicode and right-to-left titles as they are', async () => {
    feeds.set('/rtl.xml', { body: podcastFeed({ title: 'پادکست انگلیسی 🎧', items: [{ guid: 'r1', title: 'درس اول — Lesson one', audio: `${feeds.url}/media/ep1.mp3` }] }) })
    const id = (await importFeed(alice, `${feeds.url}/rtl.xml`)).json().rss_id
    expect((await items(alice, id)).json().items[0].title).toBe('درس اول — Lesson one')
  })
})

describe('subscriptions, played marks and collecting', () => {
  it('subscribes, lists the episodes of subscribed channels newest first, and unsubscribes', async () => {
    expect((await post(alice, '/english_vocab/api/rss-subscribe', { rss_id: showId })).json()).toEqual({ success: true, msg: 'ok' })
    expect((await get(alice, '/english_vocab/api/user-rss-id-list')).json().data).toEqual([showId])
    const mine = (await get(alice, '/english_vocab/api/user-rss-subscribe-items')).json().items as Array<{ title: string; rss_channel_name: string }>
    expect(mine.map((i) => i.title)).toEqual(['Third episode', 'Second episode', 'First episode', 'Show notes only'])
    expect(new Set(mine.map((i) => i.rss_channel_name))).toEqual(new Set(['Loopback English']))
    expect((await post(alice, '/english_vocab/api/rss-unsubscribe', { rss_id: showId })).statusCode).toBe(200)
    expect((await get(alice, '/english_vocab/api/user-rss-subscribe-items')).json().items).toEqual([])
    await post(alice, '/english_vocab/api/rss-subscribe', { rss_id: showId })
  })

  it('keeps played marks per user', async () => {
    const second = ((await items(alice, showId)).json().items as Array<{ id: number; title: string }>).find((i) => i.title === 'Second episode')!
    expect((await post(alice, '/english_vocab/api/rss-item-played', { rss_item_id: second.id, played: true })).statusCode).toBe(200)
    const played = (u: TestUser) => get(u, `/english_vocab/api/rss-items?rss_id=${showId}`).then((r) => r.json().items.find((i: { id: number }) => i.id === second.id).isPlayed)
    expect(await played(alice)).toBe(true)
    expect(await played(bob)).toBe(false)
    await post(alice, '/english_vocab/api/rss-item-played', { rss_item_id: second.id, played: false })
    expect(await played(alice)).toBe(false)
  })

  it('collects an episode into one article, marked played, with the publisher transcript queued for alignment', async () => {
    const second = ((await items(alice, showId)).json().items as Array<{ id: number; title: string }>).find((i) => i.title === 'Second episode')!
    // A double click: two collects at once still make one article.
    const [a, b] = await Promise.all([
      post(alice, '/english_vocab/api/collect-rss-item', { rss_item_id: second.id }),
      post(alice, '/english_vocab/api/collect-rss-item', { rss_item_id: second.id }),
    ])
    expect(a.statusCode).toBe(200)
    expect(a.json().article_hash_id).toMatch(/^[0-9A-Za-z]{12}$/)
    expect(b.json().article_hash_id).toBe(a.json().article_hash_id)
    const library = (await get(alice, '/english_vocab/api/word_collections')).json().collections as Array<Record<string, unknown>>
    expect(library.filter((x) => x.Title === 'Second episode')).toHaveLength(1)
    expect(library.find((x) => x.HashID === a.json().article_hash_id)).toMatchObject({ Audio: `${feeds.url}/media/ep2.mp3`, Duration: 125, Description: '<p>Two</p>' })
    expect((await items(alice, showId)).json().items.find((i: { id: number }) => i.id === second.id).isPlayed).toBe(true)
    const transcript = (
      await t.db.database.db.execute<{ source: string; cues: Array<{ text: string }> }>(sql`select source, cues from media_transcripts where media_address = ${`${feeds.url}/media/ep2.mp3`}`)
    ).rows[0]!
    expect(transcript.source).toBe('publisher')
    expect(transcript.cues.map((c) => c.text)).toEqual(['Hello and welcome.'])
    // Deleted from the library: collecting again makes a new article.
    await post(alice, '/english_vocab/api/delete-article', { article_id: a.json().article_hash_id })
    const again = (await post(alice, '/english_vocab/api/collect-rss-item', { rss_item_id: second.id })).json().article_hash_id
    expect(again).not.toBe(a.json().article_hash_id)
  })

  it('keeps another user out: their imported channels, episodes, subscriptions and played marks are invisible', async () => {
    feeds.set('/private.xml', { body: podcastFeed({ title: 'Alice only', items: [{ guid: 'a1', title: 'A1', audio: `${feeds.url}/media/ep1.mp3` }] }) })
    const id = (await importFeed(alice, `${feeds.url}/private.xml`)).json().rss_id
    await post(alice, '/english_vocab/api/rss-subscribe', { rss_id: id })
    const item = (await items(alice, id)).json().items[0]
    expect((await list(bob)).some((c) => c.id === id)).toBe(false)
    const notFound = { success: false, msg: FEEDS_MSG.feedNotFound }
    expect((await items(bob, id)).json()).toEqual(notFound)
    expect((await post(bob, '/english_vocab/api/rss-subscribe', { rss_id: id })).json()).toEqual(notFound)
    expect((await post(bob, '/english_vocab/api/rss-unsubscribe', { rss_id: id })).json()).toEqual(notFound)
    expect((await post(bob, '/english_vocab/api/rss-refresh', { rss_id: id })).json()).toEqual(notFound)
    const itemNotFound = { success: false, msg: FEEDS_MSG.itemNotFound }
    expect((await post(bob, '/english_vocab/api/collect-rss-item', { rss_item_id: item.id })).json()).toEqual(itemNotFound)
    expect((await post(bob, '/english_vocab/api/rss-item-played', { rss_item_id: item.id, played: true })).json()).toEqual(itemNotFound)
    expect((await get(bob, '/english_vocab/api/user-rss-id-list')).json().data).not.toContain(id)
    expect((await get(bob, '/english_vocab/api/user-rss-subscribe-items')).json().items.some((i: { rss_id: number }) => i.rss_id === id)).toBe(false)
    // Nothing of Alice's changed.
    expect((await get(alice, '/english_vocab/api/user-rss-id-list')).json().data).toContain(id)
    expect((await items(alice, id)).json().items[0].isPlayed).toBe(false)
  })

  it("streams an episode's audio through the media proxy to those who see its channel, before it is collected", async () => {
    const bytes = Buffer.alloc(4096, 7)
    feeds.set('/media/only-alice.mp3', { body: bytes, type: 'audio/mpeg' })
    feeds.set('/alice2.xml', { body: podcastFeed({ title: 'Alice two', items: [{ guid: 'x1', title: 'X1', audio: `${feeds.url}/media/only-alice.mp3` }] }) })
    await importFeed(alice, `${feeds.url}/alice2.xml`)
    const proxy = (u: TestUser) => t.app.inject({ method: 'GET', url: `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(`${feeds.url}/media/only-alice.mp3`)}`, headers: { ...u.auth, range: 'bytes=0-99' } })
    const mine = await proxy(alice)
    expect(mine.statusCode).toBe(206)
    expect(mine.rawPayload.length).toBe(100)
    expect((await proxy(bob)).statusCode).toBe(404)
  })

  it('answers 404 for ids that do not exist and 400 for ids that are not ids', async () => {
    expect((await items(alice, 999999)).statusCode).toBe(404)
    const bad = await get(alice, '/english_vocab/api/rss-items?rss_id=abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msg).toBe('rss_id must be a feed id')
    for (const [url, payload, msg] of [
      ['/english_vocab/api/rss-subscribe', { rss_id: -1 }, 'rss_id must be a feed id'],
      ['/english_vocab/api/collect-rss-item', { rss_item_id: 'x' }, 'rss_item_id must be a feed id'],
      ['/english_vocab/api/rss-item-played', { rss_item_id: 1, played: 'yes' }, 'played must be true or false'],
    ] as const) {
      const res = await post(alice, url, payload)
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual({ success: false, msg })
    }
  })

  it('needs a token on every call', async () => {
    for (const url of ['/english_vocab/api/rss-list', '/english_vocab/api/user-rss-id-list', '/english_vocab/api/user-rss-subscribe-items', '/english_vocab/api/rss-opml']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    }
    expect((await t.app.inject({ method: 'POST', url: '/english_vocab/api/import-rss-channel', payload: { rss_url: `${feeds.url}/show.xml` } })).statusCode).toBe(401)
  })
})

describe('OPML', () => {
  it('exports the subscriptions and imports them for another user, skipping what cannot be fetched', async () => {
    const exported = await get(alice, '/english_vocab/api/rss-opml')
    expect(exported.statusCode).toBe(200)
    expect(exported.headers['content-type']).toMatch(/^text\/x-opml/)
    expect(exported.body).toContain(`xmlUrl="${feeds.url}/show.xml"`)
    const carol = await createTestUser(t.db.database, 'carol@example.com')
    const opml = exported.body.replace('</body>', '<outline text="Old" xmlUrl="ftp://example.com/feed.xml"/></body>')
    const res = await t.app.inject({ method: 'POST', url: '/english_vocab/api/rss-opml', headers: { ...carol.auth, 'content-type': 'text/x-opml' }, payload: opml })
    expect(res.statusCode).toBe(200)
    expect(res.json().skipped).toEqual([{ url: 'ftp://example.com/feed.xml', reason: 'Only http and https addresses can be fetched.' }])
    expect(res.json().subscribed).toBeGreaterThanOrEqual(2)
    expect((await get(carol, '/english_vocab/api/user-rss-id-list')).json().data).toContain(showId)
    const garbage = await t.app.inject({ method: 'POST', url: '/english_vocab/api/rss-opml', headers: { ...carol.auth, 'content-type': 'text/plain' }, payload: 'hello' })
    expect(garbage.json()).toEqual({ success: false, msg: FEEDS_MSG.opmlInvalid })
  })
})

describe('rss-rename', () => {
  const rename = (u: TestUser, payload: Record<string, unknown>) => post(u, '/english_vocab/api/rss-rename', payload)
  const seenAs = async (u: TestUser, id: number) => (await list(u)).find((c) => c.id === id) as { title: string; publisher_title: string } | undefined
  const channelNames = async (u: TestUser, id: number) => new Set(((await items(u, id)).json().items as Array<{ rss_channel_name: string }>).map((i) => i.rss_channel_name))

  it("gives a shared channel the caller's own name, which nobody else sees and a refresh keeps", async () => {
    const res = await rename(alice, { rss_id: showId, title: '  My listening practice  ' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, msg: 'ok', data: { id: showId, title: 'My listening practice', publisher_title: 'Loopback English', status: 'ok' } })
    expect(await seenAs(alice, showId)).toMatchObject({ title: 'My listening practice', publisher_title: 'Loopback English' })
    expect(await channelNames(alice, showId)).toEqual(new Set(['My listening practice']))
    const mine = (await get(alice, '/english_vocab/api/user-rss-subscribe-items')).json().items as Array<{ rss_id: number; rss_channel_name: string }>
    expect(new Set(mine.filter((i) => i.rss_id === showId).map((i) => i.rss_channel_name))).toEqual(new Set(['My listening practice']))
    // Bob follows the same channel: he still sees the publisher's title everywhere.
    expect(await seenAs(bob, showId)).toMatchObject({ title: 'Loopback English', publisher_title: 'Loopback English' })
    expect(await channelNames(bob, showId)).toEqual(new Set(['Loopback English']))
    // The shared row keeps the publisher's title; a fetch does not undo the rename.
    expect((await t.db.database.db.execute<{ title: string }>(sql`select title from feed_channels where id = ${showId}`)).rows[0]!.title).toBe('Loopback English')
    expect((await post(alice, '/english_vocab/api/rss-refresh', { rss_id: showId })).json().data).toMatchObject({ title: 'My listening practice', publisher_title: 'Loopback English' })
    // Importing the address again, and the OPML export, use the caller's name.
    expect((await importFeed(alice, `${feeds.url}/show.xml`)).json()).toMatchObject({ rss_id: showId, title: 'My listening practice' })
    expect((await importFeed(bob, `${feeds.url}/show.xml`)).json()).toMatchObject({ rss_id: showId, title: 'Loopback English' })
    expect((await get(alice, '/english_vocab/api/rss-opml')).body).toContain('text="My listening practice"')
  })

  it("keeps each user's name apart, and goes back to the publisher's with null or the publisher's own title", async () => {
    expect((await rename(bob, { rss_id: showId, title: 'Bob’s English 🎧' })).json().data).toMatchObject({ title: 'Bob’s English 🎧' })
    expect(await seenAs(alice, showId)).toMatchObject({ title: 'My listening practice' })
    expect((await rename(bob, { rss_id: showId, title: null })).json().data).toMatchObject({ title: 'Loopback English', publisher_title: 'Loopback English' })
    expect(await seenAs(alice, showId)).toMatchObject({ title: 'My listening practice' })
    // Naming it what the publisher calls it stores no name of one's own: a later change by the publisher shows.
    await rename(alice, { rss_id: showId, title: 'Loopback English' })
    const stored = await t.db.database.db.execute<{ custom_title: string | null }>(sql`select custom_title from feed_user_channels where channel_id = ${showId} and user_id = ${alice.id}`)
    expect(stored.rows[0]!.custom_title).toBeNull()
    expect(await seenAs(alice, showId)).toMatchObject({ title: 'Loopback English' })
  })

  it('renames a catalogue channel for the caller only, without subscribing them', async () => {
    const catalogue = (await list(alice)).find((c) => STARTER_CATALOGUE.some((e) => e.url === c.url))!
    const before = (await get(alice, '/english_vocab/api/user-rss-id-list')).json().data
    expect((await rename(alice, { rss_id: catalogue.id, title: 'Listen later' })).json().data).toMatchObject({ id: catalogue.id, title: 'Listen later' })
    expect((await get(alice, '/english_vocab/api/user-rss-id-list')).json().data).toEqual(before)
    expect(await seenAs(bob, catalogue.id)).toMatchObject({ title: catalogue.title })
  })

  it("answers 404 for another user's channel, and changes nothing of theirs", async () => {
    feeds.set('/alice-renamed.xml', { body: podcastFeed({ title: 'Alice private', items: [{ guid: 'ap1', title: 'AP1', audio: `${feeds.url}/media/ep1.mp3` }] }) })
    const id = (await importFeed(alice, `${feeds.url}/alice-renamed.xml`)).json().rss_id as number
    await post(alice, '/english_vocab/api/rss-subscribe', { rss_id: id })
    await rename(alice, { rss_id: id, title: 'Only mine' })
    for (const title of ['Taken over', null]) {
      const res = await rename(bob, { rss_id: id, title })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg: FEEDS_MSG.feedNotFound })
    }
    expect(await seenAs(bob, id)).toBeUndefined()
    expect(await seenAs(alice, id)).toMatchObject({ title: 'Only mine', publisher_title: 'Alice private' })
    expect(Number((await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from feed_user_channels where channel_id = ${id} and user_id = ${bob.id}`)).rows[0]!.n)).toBe(0)
    // An id that names no channel at all answers the same.
    expect((await rename(alice, { rss_id: 999_999, title: 'x' })).json()).toEqual({ success: false, msg: FEEDS_MSG.feedNotFound })
  })

  it('refuses a bad name or id with a clear message, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rss_id: showId, title: '' }, FEED_TITLE_MSG.empty],
      [{ rss_id: showId, title: '   ' }, FEED_TITLE_MSG.empty],
      [{ rss_id: showId, title: 'x'.repeat(FEED_TITLE_MAX + 1) }, FEED_TITLE_MSG.tooLong],
      [{ rss_id: showId, title: 'Two\nlines' }, FEED_TITLE_MSG.oneLine],
      [{ rss_id: showId, title: 'Tab\there' }, FEED_TITLE_MSG.oneLine],
      [{ rss_id: showId }, FEED_TITLE_MSG.required],
      [{ rss_id: showId, title: 42 }, FEED_TITLE_MSG.required],
      [{ rss_id: 'abc', title: 'x' }, 'rss_id must be a feed id'],
      [{ title: 'x' }, 'rss_id must be a feed id'],
    ]
    for (const [payload, msg] of cases) {
      const res = await rename(alice, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json(), JSON.stringify(payload)).toEqual({ success: false, msg })
    }
    expect((await rename(alice, { rss_id: showId, title: 'x'.repeat(FEED_TITLE_MAX) })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'POST', url: '/english_vocab/api/rss-rename', payload: { rss_id: showId, title: 'anonymous' } })).statusCode).toBe(401)
    expect(await seenAs(alice, showId)).toMatchObject({ title: 'x'.repeat(FEED_TITLE_MAX) })
  })
})
