import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { podcastFeed, startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { createTestUser, type TestUser } from '../../../../../test/users'

/**
 * Comprehension of feed episodes nobody collected (docs/vocabulary.md,
 * Comprehension figures): shown on feed episodes whose publisher transcript
 * is known (others show nothing, not zero). The feed's <podcast:transcript> is read in the feed lane after a
 * refresh, over loopback, and counted for every follower's figure.
 */

let t: TestApp
let feeds: FeedServer
let alice: TestUser
let bob: TestUser
const logLines: string[] = []

/** Running words: dog 2, bark 2, at 2, night 1, a 1 (Emma is a name and does not count): 8. */
const DOGS_VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
Dogs bark at night.

00:00:02.000 --> 00:00:04.000
A dog barked at Emma.
`
/** Running words: bird 2, sing 2, a 1: 5. */
const BIRDS_SRT = `1
00:00:00,000 --> 00:00:01,500
Birds sing.

2
00:00:01,500 --> 00:00:03,000
A bird sang.
`

type Episode = Parameters<typeof podcastFeed>[0]['items'][number]
const plain: Episode = { guid: 'plain', title: 'No transcript', audio: '', pubDate: 'Mon, 02 Nov 2026 10:00:00 GMT' }
const show = (items: Episode[]) => podcastFeed({ title: 'Words on loopback', description: 'Episodes with transcripts', items })

const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.auth })
const post = (u: TestUser, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: u.auth, payload })
type Figure = { known_share: number; learning_share: number; new_words: number; learning_words: number; words: number }
const figures = async (u: TestUser, ids: number[]): Promise<Record<string, Figure>> => {
  const res = await get(u, `/english_vocab/api/words/feed_comprehension?ids=${ids.join(',')}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().items
}
/** Asks until the episode has a figure (the job runs in the background), or fails after a few seconds. */
async function figureOf(u: TestUser, id: number): Promise<Figure> {
  const until = Date.now() + 15_000
  for (;;) {
    const found = (await figures(u, [id]))[id]
    if (found) return found
    if (Date.now() > until) throw new Error(`episode ${id} got no figure`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
/** The feed lane has nothing queued or running (every read of transcripts is over). */
async function laneIdle(): Promise<void> {
  const until = Date.now() + 15_000
  for (;;) {
    const { rows } = await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where name = 'count_episode_words' and status in ('queued', 'running')`)
    if (rows[0]!.n === 0) return
    if (Date.now() > until) throw new Error('the count_episode_words jobs did not finish')
    await new Promise((r) => setTimeout(r, 50))
  }
}
const episodes = async (u: TestUser, channelId: number) => {
  const res = await get(u, `/english_vocab/api/rss-items?rss_id=${channelId}`)
  expect(res.statusCode, res.body).toBe(200)
  return new Map((res.json().items as Array<{ id: number; title: string }>).map((i) => [i.title, i.id]))
}
const fetchesOf = (path: string) => feeds.requests.filter((r) => r.path === path).length

let channelId: number

beforeAll(async () => {
  feeds = await startFeedServer()
  t = await buildTestApp({ processRole: 'both', fetchAllowHosts: ['127.0.0.1'], jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 200 } }, { logLines })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  feeds.set('/media/dogs.vtt', { body: DOGS_VTT, type: 'text/vtt' })
  feeds.set('/media/birds.srt', { body: BIRDS_SRT, type: 'application/x-subrip' })
  // At first the show has one episode and no transcript.
  feeds.set('/words.xml', { body: show([{ ...plain, audio: `${feeds.url}/media/plain.mp3` }]) })
  const imported = await post(alice, '/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/words.xml` })
  expect(imported.statusCode, imported.body).toBe(200)
  channelId = imported.json().rss_id
})
afterAll(async () => {
  // A 5xx anywhere in this file is a defect even when the assertions passed.
  expect(logLines.filter((l) => l.includes('"level":50'))).toEqual([])
  await t?.close()
  await feeds?.close()
})

describe('comprehension of feed episodes from their publisher transcript', () => {
  it('gives an episode whose feed names a transcript a figure after a refresh, without collecting it; others show none', async () => {
    feeds.set(
      '/words.xml',
      {
        body: show([
          { guid: 'dogs', title: 'Dogs', audio: `${feeds.url}/media/dogs.mp3`, pubDate: 'Wed, 04 Nov 2026 10:00:00 GMT', transcript: { url: `${feeds.url}/media/dogs.vtt`, type: 'text/vtt' } },
          { guid: 'birds', title: 'Birds', audio: `${feeds.url}/media/birds.mp3`, pubDate: 'Tue, 03 Nov 2026 10:00:00 GMT', transcript: { url: `${feeds.url}/media/birds.srt`, type: 'application/x-subrip' } },
          { guid: 'gone', title: 'Gone', audio: `${feeds.url}/media/gone.mp3`, pubDate: 'Tue, 03 Nov 2026 09:00:00 GMT', transcript: { url: `${feeds.url}/media/gone.vtt`, type: 'text/vtt' } },
          { ...plain, audio: `${feeds.url}/media/plain.mp3` },
        ]),
      },
    )
    const refreshed = await post(alice, '/english_vocab/api/rss-refresh', { rss_id: channelId })
    expect(refreshed.statusCode, refreshed.body).toBe(200)
    const ids = await episodes(alice, channelId)
    const marked = await post(alice, '/english_vocab/api/words/status', { words: ['dog'], status: 'known' })
    expect(marked.statusCode, marked.body).toBe(200)

    expect(await figureOf(alice, ids.get('Dogs')!)).toEqual({ known_share: 0.25, learning_share: 0, new_words: 4, learning_words: 0, words: 8 })
    expect(await figureOf(alice, ids.get('Birds')!)).toEqual({ known_share: 0, learning_share: 0, new_words: 3, learning_words: 0, words: 5 })
    await laneIdle()
    const all = await figures(alice, [...ids.values()])
    // No transcript named, or one that cannot be read (404): nothing, not zero.
    expect(Object.keys(all).sort()).toEqual([String(ids.get('Dogs')), String(ids.get('Birds'))].sort())
    // Nobody collected them: no article, no transcript job; the episode is still only in the feed.
    const { rows } = await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from articles where user_id = ${alice.id}`)
    expect(rows[0]!.n).toBe(0)
  })

  it('reads each transcript once, however often the figures are asked for or the feed refreshed', async () => {
    const ids = await episodes(alice, channelId)
    const before = fetchesOf('/media/dogs.vtt')
    expect(before).toBe(1)
    for (let i = 0; i < 3; i++) await figures(alice, [...ids.values()])
    await post(alice, '/english_vocab/api/rss-refresh', { rss_id: channelId })
    await laneIdle()
    expect(fetchesOf('/media/dogs.vtt')).toBe(1)
    // The unreadable one is not fetched again at once either: it waits a day.
    expect(fetchesOf('/media/gone.vtt')).toBe(1)
  })

  it('figures each follower by their own marks: another user’s marks never move this user’s figure', async () => {
    const followed = await post(bob, '/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/words.xml` })
    expect(followed.json().rss_id).toBe(channelId)
    const ids = await episodes(bob, channelId)
    const dogs = ids.get('Dogs')!
    expect((await figures(bob, [dogs]))[dogs]).toEqual({ known_share: 0, learning_share: 0, new_words: 5, learning_words: 0, words: 8 })
    const marked = await post(bob, '/english_vocab/api/words/status', { words: ['barking', 'nights'], status: 'known' })
    expect(marked.statusCode, marked.body).toBe(200)
    expect((await figures(bob, [dogs]))[dogs]).toEqual({ known_share: 0.375, learning_share: 0, new_words: 3, learning_words: 0, words: 8 })
    expect((await figures(alice, [dogs]))[dogs]).toEqual({ known_share: 0.25, learning_share: 0, new_words: 4, learning_words: 0, words: 8 })
    // Learning is counted apart from known, on the publisher transcript's words too, and for Bob alone.
    expect((await post(bob, '/english_vocab/api/words/status', { words: ['nights'], status: 'learning' })).statusCode).toBe(200)
    expect((await figures(bob, [dogs]))[dogs]).toEqual({ known_share: 0.25, learning_share: 0.125, new_words: 3, learning_words: 1, words: 8 })
    expect((await figures(alice, [dogs]))[dogs]).toEqual({ known_share: 0.25, learning_share: 0, new_words: 4, learning_words: 0, words: 8 })
  })

  it('shows nothing to a user who does not see the channel', async () => {
    const carol = await createTestUser(t.db.database, 'carol@example.com')
    const ids = await episodes(alice, channelId)
    expect(await figures(carol, [...ids.values()])).toEqual({})
  })

  it('reads the transcript of an episode stored before reading existed the first time its figure is asked for', async () => {
    // As an upgrade finds them: an episode naming a transcript, never read, and a feed that answers 304 from now on.
    const { rows } = await t.db.database.db.execute<{ id: number }>(sql`
      insert into feed_items (channel_id, guid, title, audio, transcript_url, transcript_type, pub_date)
      values (${channelId}, 'older', 'Older', ${`${feeds.url}/media/older.mp3`}, ${`${feeds.url}/media/birds.srt`}, 'application/srt', '2026-10-01T10:00:00Z')
      returning id`)
    const older = rows[0]!.id
    const before = fetchesOf('/media/birds.srt')
    expect(await figureOf(alice, older)).toEqual({ known_share: 0, learning_share: 0, new_words: 3, learning_words: 0, words: 5 })
    expect(fetchesOf('/media/birds.srt')).toBe(before + 1)
  })

  it('reads the transcript again when the feed names another address', async () => {
    feeds.set('/media/dogs-v2.vtt', { body: 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nDogs run.\n', type: 'text/vtt' })
    const before = fetchesOf('/media/dogs-v2.vtt')
    feeds.set(
      '/words.xml',
      {
        body: show([
          { guid: 'dogs', title: 'Dogs', audio: `${feeds.url}/media/dogs.mp3`, pubDate: 'Wed, 04 Nov 2026 10:00:00 GMT', transcript: { url: `${feeds.url}/media/dogs-v2.vtt`, type: 'text/vtt' } },
          { ...plain, audio: `${feeds.url}/media/plain.mp3` },
        ]),
      },
    )
    await post(alice, '/english_vocab/api/rss-refresh', { rss_id: channelId })
    const dogs = (await episodes(alice, channelId)).get('Dogs')!
    // Alice knows "dog": 1 of the 2 running words ("dogs", "run").
    const until = Date.now() + 15_000
    let figure = (await figures(alice, [dogs]))[dogs]
    while (figure?.words !== 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50))
      figure = (await figures(alice, [dogs]))[dogs]
    }
    expect(figure).toEqual({ known_share: 0.5, learning_share: 0, new_words: 1, learning_words: 0, words: 2 })
    expect(fetchesOf('/media/dogs-v2.vtt')).toBe(before + 1)
  })
})
