import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { FEEDS_MSG } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { createTestUser, type TestUser } from '../../../../../test/users'

/** Feeds as publishers write them, served from loopback and imported through the real route. */
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/wild/${name}`, import.meta.url))

let t: TestApp
const logLines: string[] = []
let feeds: FeedServer
let alice: TestUser

beforeAll(async () => {
  feeds = await startFeedServer()
  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.1'] }, { logLines })
  alice = await createTestUser(t.db.database, 'wild@example.com')
})
afterAll(async () => {
  expect(logLines.filter((l) => l.includes('"level":50'))).toEqual([])
  await t?.close()
  await feeds?.close()
})

type Episode = { id: number; title: string; audio: string | null; pub_date: string | null; rss_channel_name: string }
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: alice.auth })
const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: alice.auth, payload })
const importFeed = (url: string) => post('/english_vocab/api/import-rss-channel', { rss_url: url })
const channel = async (id: number) => ((await get('/english_vocab/api/rss-list')).json().data as Array<{ id: number; title: string; status: string; error: string | null }>).find((c) => c.id === id)
const episodes = async (id: number) => (await get(`/english_vocab/api/rss-items?rss_id=${id}`)).json().items as Episode[]
const refreshByHand = (id: number) => post('/english_vocab/api/rss-refresh', { rss_id: id })
const channelCount = async () => Number((await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from feed_channels where not is_catalogue`)).rows[0]!.n)

/**
 * Each fixture: the channel title and the episodes (title, audio) a user
 * should see. Served without validators, so every refresh parses it again.
 */
const readable: Array<{ file: string; title: string; episodes: Array<[string, string | null]> }> = [
  {
    file: 'bare-ampersand.xml',
    title: 'Q&A English',
    episodes: [
      ['Tom & Jerry talk; idioms & phrasal verbs', 'https://cdn.example.org/qa2.mp3?token=abc&region=eu&not=1'],
      ['R&D in five minutes', 'https://cdn.example.org/qa1.mp3?a=1&b=2'],
    ],
  },
  {
    file: 'truncated-cdata.xml',
    title: 'Cut Short Radio',
    episodes: [
      ['Complete episode two', 'https://cdn.example.org/cs2.mp3'],
      ['Complete episode one', 'https://cdn.example.org/cs1.mp3'],
    ],
  },
  { file: 'entity-doctype.xml', title: 'Declared Entities Hour', episodes: [['Episode &sponsor; one', 'https://cdn.example.org/de1.mp3']] },
  {
    file: 'minimal-rss.xml',
    title: 'Bare Bones',
    episodes: [
      ['A title and nothing else', null],
      ['Dated but linkless', null],
      ['Title and enclosure, no link, no date, no guid', 'https://cdn.example.org/bare-2.mp3'],
      ['Untitled episode', 'https://cdn.example.org/bare-untitled.mp3'],
    ],
  },
  {
    file: 'minimal-atom.xml',
    title: 'Sparse Atom',
    episodes: [
      ['An id and an enclosure', 'https://cdn.example.org/atom-1.m4a'],
      ['Only a title', null],
      ['Untitled episode', 'https://cdn.example.org/atom-2.mp3'],
    ],
  },
  {
    file: 'podcast-namespace.xml',
    title: 'Namespace Soup Weekly',
    episodes: [
      ['Episode 1: Why soup?', 'https://cdn.soup.example.org/ep1.mp3'],
      ['Episode 2: Stock and broth', 'https://cdn.soup.example.org/ep2.mp3'],
    ],
  },
]

const seen = (list: Episode[]) => list.map((e): [string, string | null] => [e.title, e.audio]).sort((a, b) => a[0].localeCompare(b[0]))

describe('importing feeds as they are in the wild', () => {
  it.each(readable)('imports $file, shows its episodes, and a refresh adds no duplicate', async ({ file, title, episodes: expected }) => {
    feeds.set(`/${file}`, { file: fixture(file), noValidators: true })
    const res = await importFeed(`${feeds.url}/${file}`)
    expect(res.json()).toMatchObject({ success: true, title })
    const id = res.json().rss_id as number
    expect(await channel(id)).toMatchObject({ title, status: 'ok', error: null })
    const before = await episodes(id)
    expect(seen(before)).toEqual([...expected].sort((a, b) => a[0].localeCompare(b[0])))
    expect(new Set(before.map((e) => e.rss_channel_name))).toEqual(new Set([title]))

    expect(await t.app.feeds.refresh(id)).toEqual({ result: 'fetched', added: 0 })
    const refreshed = await refreshByHand(id)
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.json().data).toMatchObject({ id, title, status: 'ok', error: null })
    const after = await episodes(id)
    expect(after.map((e) => e.id).sort()).toEqual(before.map((e) => e.id).sort())
  })

  it('adds the episode a cut-off fetch missed once the whole feed arrives, and only that one', async () => {
    const whole = readFileSync(fixture('truncated-cdata.xml'), 'utf8') + ' end.</p>]]></content:encoded></item></channel></rss>'
    feeds.set('/cut.xml', { file: fixture('truncated-cdata.xml'), noValidators: true })
    const id = (await importFeed(`${feeds.url}/cut.xml`)).json().rss_id as number
    const before = await episodes(id)
    expect(before).toHaveLength(2)
    feeds.set('/cut.xml', { body: whole, noValidators: true })
    expect(await t.app.feeds.refresh(id)).toEqual({ result: 'fetched', added: 1 })
    const after = await episodes(id)
    expect(after.map((e) => e.title).sort()).toEqual(['Complete episode one', 'Complete episode two', 'Half an episode'])
    expect(after.filter((e) => before.some((b) => b.id === e.id))).toHaveLength(2)
  })

  it('refuses a well-formed document with nothing in it, saying what is missing, and keeps no channel', async () => {
    const count = await channelCount()
    const cases: Array<[string, string]> = [
      ['rss-without-channel.xml', FEEDS_MSG.noChannel],
      ['rdf-without-channel.xml', FEEDS_MSG.noChannel],
      ['empty-channel.xml', FEEDS_MSG.emptyFeed],
    ]
    for (const [file, msg] of cases) {
      feeds.set(`/${file}`, { file: fixture(file) })
      const res = await importFeed(`${feeds.url}/${file}`)
      expect(res.statusCode, file).toBe(400)
      expect(res.json(), file).toEqual({ success: false, msg })
    }
    expect(await channelCount()).toBe(count)
  })

  it('still refuses an empty document and an HTML page with the texts it always had', async () => {
    feeds.set('/empty.xml', { body: '' })
    feeds.set('/page.html', { body: '<!DOCTYPE html><html><head><title>Q&A</title></head><body>Subscribe & save</body></html>', type: 'text/html' })
    for (const path of ['/empty.xml', '/page.html']) {
      const res = await importFeed(`${feeds.url}${path}`)
      expect(res.statusCode, path).toBe(400)
      expect(res.json(), path).toEqual({ success: false, msg: FEEDS_MSG.notAFeed })
    }
  })

  it('records what is missing on a channel whose feed empties later, and keeps its episodes', async () => {
    feeds.set('/emptied.xml', { file: fixture('podcast-namespace.xml'), noValidators: true })
    const id = (await importFeed(`${feeds.url}/emptied.xml`)).json().rss_id as number
    const kept = (await episodes(id)).map((e) => e.title).sort()
    expect(kept).toHaveLength(2)
    feeds.set('/emptied.xml', { file: fixture('rss-without-channel.xml'), noValidators: true })
    expect(await t.app.feeds.refresh(id)).toEqual({ result: 'failed', error: FEEDS_MSG.noChannel, paused: false })
    expect(await channel(id)).toMatchObject({ status: 'error', error: FEEDS_MSG.noChannel })
    expect((await episodes(id)).map((e) => e.title).sort()).toEqual(kept)
  })

  it("keeps a followed channel's title when the publisher drops it, and still takes its new episodes", async () => {
    feeds.set('/untitled-later.xml', { file: fixture('podcast-namespace.xml'), noValidators: true })
    const id = (await importFeed(`${feeds.url}/untitled-later.xml`)).json().rss_id as number
    const kept = (await episodes(id)).map((e) => e.title)
    feeds.set('/untitled-later.xml', { file: fixture('no-title-rss.xml'), noValidators: true })
    expect(await t.app.feeds.refresh(id)).toMatchObject({ result: 'fetched', added: 1 })
    expect(await channel(id)).toMatchObject({ title: 'Namespace Soup Weekly', status: 'ok' })
    expect((await episodes(id)).map((e) => e.title).sort()).toEqual([...kept, 'Still an episode'].sort())
    // A new import of the same untitled document is named after its address (no stand-in beats a title it had).
    feeds.set('/untitled.xml', { file: fixture('no-title-rss.xml'), noValidators: true })
    expect((await importFeed(`${feeds.url}/untitled.xml`)).json()).toMatchObject({ success: true, title: '127.0.0.1' })
  })

  it('imports a channel without a title under the name podcast apps give it, with all its episodes', async () => {
    const itunes = readFileSync(fixture('no-title-rss.xml'), 'utf8')
      .replace('<rss version="2.0">', '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">')
      .replace('<link>', '<itunes:author>Untitled Show Team</itunes:author><itunes:subtitle>A show without a title</itunes:subtitle><link>')
    const cases: Array<[string, string | Buffer, string]> = [
      ['/nameless-itunes.xml', itunes, 'Untitled Show Team'],
      ['/nameless-rss.xml', readFileSync(fixture('no-title-rss.xml')), '127.0.0.1'],
      ['/nameless-atom.xml', readFileSync(fixture('no-title-atom.xml')), '127.0.0.1'],
    ]
    for (const [path, body, title] of cases) {
      feeds.set(path, { body, noValidators: true })
      const res = await importFeed(`${feeds.url}${path}`)
      expect(res.json(), path).toMatchObject({ success: true, title })
      const id = res.json().rss_id as number
      expect(await channel(id), path).toMatchObject({ title, status: 'ok', error: null })
      const list = await episodes(id)
      expect(list.length, path).toBe(1)
      expect(list[0]!.rss_channel_name, path).toBe(title)
      // A refresh keeps the name and adds nothing.
      expect(await t.app.feeds.refresh(id), path).toEqual({ result: 'fetched', added: 0 })
      expect((await channel(id))!.title, path).toBe(title)
    }
  })

  it('takes the complete episodes of a feed cut inside the last episode, in an element or a CDATA section', async () => {
    const whole = readFileSync(fixture('truncated-cdata.xml'), 'utf8')
    const cuts = {
      '/cut-in-element.xml': whole.slice(0, whole.indexOf('<title>Half an episode</title>') + '<title>Half an epi'.length),
      '/cut-in-cdata.xml': whole,
    }
    for (const [path, body] of Object.entries(cuts)) {
      feeds.set(path, { body, noValidators: true })
      const res = await importFeed(`${feeds.url}${path}`)
      expect(res.json(), path).toMatchObject({ success: true, title: 'Cut Short Radio' })
      expect(seen(await episodes(res.json().rss_id as number)), path).toEqual([
        ['Complete episode one', 'https://cdn.example.org/cs1.mp3'],
        ['Complete episode two', 'https://cdn.example.org/cs2.mp3'],
      ])
    }
  })
})
