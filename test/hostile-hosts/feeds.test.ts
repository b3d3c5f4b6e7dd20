import { FEEDS_MSG } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app'
import { podcastFeed } from '../feed-server'
import { BEHAVIOURS, startHostileHost, type Behaviour, type HostileHost } from '../hostile-host'
import { createTestUser, type TestUser } from '../users'

/**
 * Feed import, feed refresh and publisher transcripts against every way a host misbehaves: the
 * learner gets the feed or one of the feed messages, the channel keeps what it had, and the process
 * keeps serving.
 */

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello and welcome.\n'
let host: HostileHost
let t: TestApp
let alice: TestUser
const logLines: string[] = []

/** The feed of a channel whose host behaves as `b`; its episode's transcript is on that host too. */
const feedOf = (b: string) =>
  podcastFeed({
    title: `Show ${b}`,
    items: [{ guid: `${b}-1`, title: `Episode of ${b}`, audio: `${host.url}/ok/${b}.mp3`, transcript: { url: `${host.url}/${b}/episode.vtt`, type: 'text/vtt' } }],
  })

beforeAll(async () => {
  host = await startHostileHost({
    trickleMs: 300,
    content: (p) => {
      if (p === '/episode.vtt') return { type: 'text/vtt', body: Buffer.from(VTT) }
      const feed = /^\/feed-(.+)\.xml$/.exec(p)
      if (feed) return { type: 'application/rss+xml', body: Buffer.from(feedOf(feed[1]!)) }
      if (p.endsWith('.mp3')) return { type: 'audio/mpeg', body: Buffer.alloc(1000) }
      return undefined
    },
  })
  t = await buildTestApp(
    {
      fetchAllowHosts: ['127.0.0.1'],
      outbound: { headersTimeoutMs: 1000, bodyTimeoutMs: 1000, lowSpeed: { bytesPerSecond: 1024, windowMs: 1500 } },
    },
    { logLines },
  )
  alice = await createTestUser(t.db.database, 'alice@example.com')
})
afterAll(async () => {
  await t?.close()
  await host?.close()
})
afterEach(async () => {
  host.actAs(undefined)
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
})

const feedMessages = [...Object.values(FEEDS_MSG).filter((m) => typeof m === 'string'), FEEDS_MSG.tooLarge(15), 'Too many redirects.']
const importFeed = (address: string) => t.app.inject({ method: 'POST', url: '/english_vocab/api/import-rss-channel', headers: alice.auth, payload: { rss_url: address } })
const feedAddress = (b: Behaviour | 'ok') => `${host.base(b)}/feed-${b}.xml`

/** What each behaviour must give: the feed read whole, or a clear refusal. */
const READ_WHOLE = new Set<Behaviour>(['http10-close', 'http10-static', 'paused-early-close'])

describe('importing a feed from a hostile host', () => {
  it.each(BEHAVIOURS)('%s', async (b) => {
    const started = Date.now()
    const res = await importFeed(feedAddress(b))
    if (READ_WHOLE.has(b)) {
      expect(res.statusCode).toBe(200)
      const items = await t.app.inject({ method: 'GET', url: `/english_vocab/api/rss-items?rss_id=${res.json().rss_id}`, headers: alice.auth })
      expect(items.json().items.map((i: { title: string }) => i.title)).toEqual([`Episode of ${b}`])
    } else if (b === 'length-shorter') {
      // A third of the document cut off: read as far as it goes, or refused as a broken feed.
      if (res.statusCode !== 200) expect(feedMessages).toContain(res.json().msg)
    } else {
      expect(res.statusCode).toBe(400)
      expect(feedMessages).toContain(res.json().msg)
    }
    expect(Date.now() - started).toBeLessThan(20_000)
  })

  it('names the failure the learner can act on', async () => {
    expect((await importFeed(feedAddress('redirect-loop'))).json().msg).toBe('Too many redirects.')
    expect((await importFeed(feedAddress('oversized-body'))).json().msg).toBe(FEEDS_MSG.tooLarge(15))
    expect((await importFeed(feedAddress('endless-body'))).json().msg).toBe(FEEDS_MSG.tooLarge(15))
    expect((await importFeed(feedAddress('trickle-body'))).json().msg).toBe(FEEDS_MSG.timeout)
    expect((await importFeed(feedAddress('gzip-bomb'))).json().msg).toMatch(/not an RSS or Atom feed|not valid XML/)
  })
})

describe('refreshing a channel whose host turned hostile', () => {
  const channels = new Map<Behaviour, number>()

  beforeAll(async () => {
    host.actAs('ok')
    for (const b of BEHAVIOURS) {
      const res = await importFeed(feedAddress(b))
      expect(res.statusCode, b).toBe(200)
      channels.set(b, res.json().rss_id as number)
    }
    host.actAs(undefined)
  })

  it.each(BEHAVIOURS)('%s: the channel keeps its episodes and says why the refresh failed', async (b) => {
    const channelId = channels.get(b)!
    // Due now, and the host's validators forgotten, so the refresh fetches the whole feed.
    await t.db.database.db.execute(sql`update feed_channels set next_fetch_at = now() - interval '1 second', etag = null, last_modified = null where id = ${channelId}`)
    const outcome = await t.app.feeds.refresh(channelId)
    if (READ_WHOLE.has(b)) expect(outcome.result).toBe('fetched')
    else if (b !== 'length-shorter') {
      expect(outcome.result).toBe('failed')
      if (outcome.result === 'failed') expect(feedMessages).toContain(outcome.error)
    }
    const items = await t.app.inject({ method: 'GET', url: `/english_vocab/api/rss-items?rss_id=${channelId}`, headers: alice.auth })
    expect(items.json().items.map((i: { title: string }) => i.title)).toEqual([`Episode of ${b}`])
  })
})

describe("collecting an episode whose publisher transcript is on a hostile host", () => {
  it.each(BEHAVIOURS)('%s: the episode is collected; the transcript is the publisher’s or recognised', async (b) => {
    host.actAs('ok')
    const imported = await importFeed(`${host.url}/ok/feed-${b}.xml`)
    host.actAs(undefined)
    const items = await t.app.inject({ method: 'GET', url: `/english_vocab/api/rss-items?rss_id=${imported.json().rss_id}`, headers: alice.auth })
    const item = items.json().items[0] as { id: number }
    const collected = await t.app.inject({ method: 'POST', url: '/english_vocab/api/collect-rss-item', headers: alice.auth, payload: { rss_item_id: item.id } })
    expect(collected.statusCode).toBe(200)
    const transcript = (await t.db.database.db.execute<{ source: string | null; cues: Array<{ text: string }> | null }>(sql`select source, cues from media_transcripts where media_address = ${`${host.url}/ok/${b}.mp3`}`)).rows[0]
    if (READ_WHOLE.has(b)) expect(transcript?.cues?.map((c) => c.text)).toEqual(['Hello and welcome.'])
    else if (b !== 'length-shorter') expect(transcript?.cues ?? null).toBeNull()
  })
})
