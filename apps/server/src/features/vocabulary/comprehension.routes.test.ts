import { LIBRARY_MSG, VOCABULARY_MSG, type Segment } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'
import { demoArticles } from '../library/demo-content'
import { createTranscriptsRepo } from '../media/transcripts.repo'
import { createComprehensionRepo } from './comprehension.repo'
import { createComprehensionService } from './comprehension.service'
import { dayOf } from './known-history'

let t: TestApp
let alice: TestUser
let bob: TestUser
/** Alice's articles: one with a done transcript, one without any, one whose transcript is still running. */
let pets: { id: number; hashId: string }
let bare: { id: number; hashId: string }
let pending: { id: number; hashId: string }
let bobs: { id: number; hashId: string }

const segment = (start: number, text: string): Segment => ({ start, end: start + 1000, text, word_timestamps: [] })
const PETS = 'http://media.test/pets.mp3'

const db = () => t.db.database.db
const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.auth })
const post = (u: TestUser, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: u.auth, payload: payload as object })
const library = async (u: TestUser) => {
  const res = await get(u, '/english_vocab/api/words/comprehension')
  expect(res.statusCode, res.body).toBe(200)
  return res.json().articles as Record<string, Figure>
}
type Figure = { known_share: number; learning_share: number; new_words: number; learning_words: number; words: number }
/** A figure: known share, new lemmas, running words; learning share and learning lemmas (none unless given). */
const fig = (known_share: number, new_words: number, words: number, learning_share = 0, learning_words = 0): Figure => ({
  known_share,
  learning_share,
  new_words,
  learning_words,
  words,
})
/** Marks as another helper's setWordStatus would: straight rows (that call is tested with its own feature). */
const mark = (u: TestUser, lemma: string, status: string) =>
  db().execute(sql`insert into user_words (user_id, lemma, status) values (${u.id}, ${lemma}, ${status}) on conflict (user_id, lemma) do update set status = excluded.status`)
const unmark = (u: TestUser, lemma: string) => db().execute(sql`delete from user_words where user_id = ${u.id} and lemma = ${lemma}`)
const countRows = async (transcriptAddress: string) =>
  Number(
    (
      await db().execute(
        sql`select count(*)::int as n from transcript_lemmas tl join media_transcripts mt on mt.id = tl.transcript_id where mt.media_address = ${transcriptAddress}`,
      )
    ).rows[0]!.n,
  )

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  const articles = createLibraryRepo(db())
  // Stored the way transcripts were before words were counted: no lemma rows until someone asks.
  const legacy = createTranscriptsRepo(db())
  await legacy.storeIfAbsent(PETS, 'publisher', [segment(0, 'Cats, cats and a dog.'), segment(1000, 'The cat sleeps.')])
  await createTranscriptsRepo(db()).ensurePending('http://media.test/pending.mp3', [{ text: 'Unfinished words here.' }], 'upload')
  pets = await articles.insert(alice.id, { title: 'Pets', audio: PETS })
  bare = await articles.insert(alice.id, { title: 'No transcript', audio: 'http://media.test/none.mp3' })
  pending = await articles.insert(alice.id, { title: 'Pending', audio: 'http://media.test/pending.mp3' })
  bobs = await articles.insert(bob.id, { title: 'Bob also has pets', audio: PETS })
})
afterAll(async () => t?.close())

describe('counting a transcript’s lemmas', () => {
  it('counts the demo transcripts when the app stores them, before anyone asks', async () => {
    expect(await countRows(demoArticles()[0]!.audio)).toBeGreaterThan(10)
  })

  it('counts a transcript when it becomes done, and counting again leaves the same rows', async () => {
    const address = 'http://media.test/hooked.mp3'
    const service = createComprehensionService({ repo: createComprehensionRepo(db()), onMarked: async () => undefined })
    const repo = createTranscriptsRepo(db(), { onDone: service.countTranscript })
    const state = await repo.ensurePending(address, undefined, 'pocketsphinx')
    await repo.storeChunk(state.id, 0, [segment(0, 'Birds sing. A bird sang.')], 1, { confidence: 'recognised' })
    expect(await countRows(address)).toBe(0)
    await repo.setStatus(state.id, 'done')
    const rows = async () => (await db().execute(sql`select lemma, count from transcript_lemmas where transcript_id = ${state.id} order by lemma`)).rows
    const first = await rows()
    expect(first).toContainEqual({ lemma: 'bird', count: 2 })
    expect(first).toContainEqual({ lemma: 'sing', count: 2 })
    await service.countTranscript(state.id)
    expect(await rows()).toEqual(first)
  })
})

describe('libraryComprehension', () => {
  it('gives each article with a done transcript its figure, counts old transcripts on first ask, and leaves the others absent', async () => {
    expect(await countRows(PETS)).toBe(0)
    const figures = await library(alice)
    expect(await countRows(PETS)).toBeGreaterThan(0)
    // cat x3, and, a, dog, the, sleep: 8 running words, 6 lemmas, none known yet.
    expect(figures[pets.hashId]).toEqual(fig(0, 6, 8))
    expect(Object.keys(figures)).toEqual([pets.hashId])
    expect(figures).not.toHaveProperty(bare.hashId)
    expect(figures).not.toHaveProperty(pending.hashId)
  })

  it('follows status changes: known and learning counted apart, ignored words leave the figure, new again undoes', async () => {
    await mark(alice, 'cat', 'known')
    expect((await library(alice))[pets.hashId]).toEqual(fig(0.375, 5, 8))
    await mark(alice, 'dog', 'learning')
    expect((await library(alice))[pets.hashId]).toEqual(fig(0.375, 4, 8, 0.125, 1))
    await mark(alice, 'the', 'ignored')
    expect((await library(alice))[pets.hashId]).toEqual(fig(0.4286, 3, 7, 0.1429, 1))
    // Learning becomes known: the figure moves from one share to the other.
    await mark(alice, 'dog', 'known')
    expect((await library(alice))[pets.hashId]).toEqual(fig(0.5714, 3, 7))
    for (const lemma of ['cat', 'dog', 'the']) await unmark(alice, lemma)
    expect((await library(alice))[pets.hashId]).toEqual(fig(0, 6, 8))
  })

  it('does not read 100% known when the words left are all being learned, on every call, for this user only', async () => {
    for (const lemma of ['a', 'and', 'cat', 'the']) await mark(alice, lemma, 'known')
    for (const lemma of ['dog', 'sleep']) await mark(alice, lemma, 'learning')
    // Bob marks the same words the other way round: his figure is his own.
    for (const lemma of ['dog', 'sleep']) await mark(bob, lemma, 'known')
    await mark(bob, 'cat', 'learning')
    const expected = fig(0.75, 0, 8, 0.25, 2)
    expect((await library(alice))[pets.hashId]).toEqual(expected)
    expect((await get(alice, `/english_vocab/api/words/article?article_id=${pets.hashId}`)).json().comprehension).toEqual(expected)
    expect((await library(bob))[bobs.hashId]).toEqual(fig(0.25, 3, 8, 0.375, 1))
    expect((await get(bob, `/english_vocab/api/words/article?article_id=${bobs.hashId}`)).json().comprehension).toEqual(fig(0.25, 3, 8, 0.375, 1))
    for (const lemma of ['a', 'and', 'cat', 'the', 'dog', 'sleep']) await unmark(alice, lemma)
    for (const lemma of ['dog', 'sleep', 'cat']) await unmark(bob, lemma)
    expect((await library(alice))[pets.hashId]).toEqual(fig(0, 6, 8))
    expect((await library(bob))[bobs.hashId]).toEqual(fig(0, 6, 8))
  })

  it('never counts another user’s marks or shows their articles, even on the same media', async () => {
    await mark(bob, 'cat', 'known')
    const alices = await library(alice)
    expect(alices[pets.hashId]!.known_share).toBe(0)
    expect(alices).not.toHaveProperty(bobs.hashId)
    const bobsFigures = await library(bob)
    expect(Object.keys(bobsFigures)).toEqual([bobs.hashId])
    expect(bobsFigures[bobs.hashId]!.known_share).toBe(0.375)
    await unmark(bob, 'cat')
  })

  it('follows one statement that changes two users’ marks (as an import or another process writes them), each in their own figure', async () => {
    expect((await library(alice))[pets.hashId]).toEqual(fig(0, 6, 8))
    expect((await library(bob))[bobs.hashId]).toEqual(fig(0, 6, 8))
    await db().execute(sql`insert into user_words (user_id, lemma, status) values (${alice.id}, 'cat', 'known'), (${bob.id}, 'dog', 'known')`)
    expect((await library(alice))[pets.hashId]).toEqual(fig(0.375, 5, 8))
    expect((await library(bob))[bobs.hashId]).toEqual(fig(0.125, 5, 8))
    await db().execute(sql`update user_words set status = 'learning' where user_id in (${alice.id}, ${bob.id}) and lemma in ('cat', 'dog')`)
    expect((await library(alice))[pets.hashId]).toEqual(fig(0, 5, 8, 0.375, 1))
    expect((await library(bob))[bobs.hashId]).toEqual(fig(0, 5, 8, 0.125, 1))
    await db().execute(sql`delete from user_words where user_id in (${alice.id}, ${bob.id}) and lemma in ('cat', 'dog')`)
    expect((await library(alice))[pets.hashId]).toEqual(fig(0, 6, 8))
    expect((await library(bob))[bobs.hashId]).toEqual(fig(0, 6, 8))
  })

  it('gives a figure once a transcript of the article is done, from whichever process, and takes it away when it is gone', async () => {
    expect(await library(alice)).not.toHaveProperty(bare.hashId)
    await createTranscriptsRepo(db()).storeIfAbsent('http://media.test/none.mp3', 'publisher', [segment(0, 'Dogs bark.')])
    expect((await library(alice))[bare.hashId]).toEqual(fig(0, 2, 2))
    await db().execute(sql`update media_transcripts set status = 'failed' where media_address = 'http://media.test/none.mp3'`)
    expect(await library(alice)).not.toHaveProperty(bare.hashId)
    await db().execute(sql`update media_transcripts set status = 'done' where media_address = 'http://media.test/none.mp3'`)
    expect((await library(alice))[bare.hashId]).toEqual(fig(0, 2, 2))
    await db().execute(sql`delete from media_transcripts where media_address = 'http://media.test/none.mp3'`)
    expect(await library(alice)).not.toHaveProperty(bare.hashId)
  })

  it('keeps up with the library: an article added after the first read gets its figure, a deleted one leaves', async () => {
    await library(alice)
    const address = 'http://media.test/later.mp3'
    await createTranscriptsRepo(db()).storeIfAbsent(address, 'publisher', [segment(0, 'Dogs bark.')])
    const later = await createLibraryRepo(db()).insert(alice.id, { title: 'Later', audio: address })
    await mark(alice, 'dog', 'known')
    expect((await library(alice))[later.hashId]).toEqual(fig(0.5, 1, 2))
    await createLibraryRepo(db()).delete(alice.id, later.hashId)
    expect(await library(alice)).not.toHaveProperty(later.hashId)
    await unmark(alice, 'dog')
  })

  it('follows a change of thousands of marks at once (an import)', async () => {
    await library(alice)
    const many = Array.from({ length: 3000 }, (_, i) => `filler${i}`)
    await db().execute(sql`insert into user_words (user_id, lemma, status) select ${alice.id}, l, 'known' from unnest(${sql.param([...many, 'cat', 'dog'])}::text[]) as x(l)`)
    expect((await library(alice))[pets.hashId]).toEqual(fig(0.5, 4, 8))
    await db().execute(sql`delete from user_words where user_id = ${alice.id}`)
    expect((await library(alice))[pets.hashId]).toEqual(fig(0, 6, 8))
  })

  it('asks for a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/comprehension' })
    expect(res.statusCode).toBe(401)
  })
})

describe('articleWords', () => {
  it('maps each form on screen to its lemma, gives only the marked lemmas’ statuses, and the figure', async () => {
    await mark(alice, 'sleep', 'learning')
    await mark(alice, 'unrelated', 'known')
    const res = await get(alice, `/english_vocab/api/words/article?article_id=${pets.hashId}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.forms).toMatchObject({ cats: 'cat', cat: 'cat', dog: 'dog', sleeps: 'sleep' })
    expect(body.statuses).toEqual({ sleep: 'learning' })
    expect(body.comprehension).toEqual(fig(0, 5, 8, 0.125, 1))
    // By CollectionID too, as the player's other calls take either.
    expect((await get(alice, `/english_vocab/api/words/article?article_id=${pets.id}`)).json().statuses).toEqual({ sleep: 'learning' })
    await unmark(alice, 'sleep')
    await unmark(alice, 'unrelated')
  })

  it('answers an article without a transcript with no words and no figure (not zero)', async () => {
    const body = (await get(alice, `/english_vocab/api/words/article?article_id=${bare.hashId}`)).json()
    expect(body).toEqual({ success: true, forms: {}, statuses: {}, msg: 'ok' })
  })

  it('answers 404 for another user’s article and 400 without an article', async () => {
    const other = await get(alice, `/english_vocab/api/words/article?article_id=${bobs.hashId}`)
    expect(other.statusCode).toBe(404)
    expect(other.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
    expect((await get(alice, `/english_vocab/api/words/article?article_id=${bobs.id}`)).statusCode).toBe(404)
    const missing = await get(alice, '/english_vocab/api/words/article')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ success: false, msg: 'article_id is required' })
  })
})

describe('markArticleKnown', () => {
  it('marks every lemma still new as known, leaves learning and ignored alone, answers the lemmas for an undo', async () => {
    await mark(alice, 'dog', 'learning')
    await mark(alice, 'the', 'ignored')
    const res = await post(alice, '/english_vocab/api/words/article/known', { article_id: pets.hashId })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, changed: ['a', 'and', 'cat', 'sleep'], msg: 'ok' })
    const statuses = (await get(alice, `/english_vocab/api/words/article?article_id=${pets.hashId}`)).json().statuses
    expect(statuses).toEqual({ a: 'known', and: 'known', cat: 'known', sleep: 'known', dog: 'learning', the: 'ignored' })
    expect((await library(alice))[pets.hashId]).toEqual(fig(0.8571, 0, 7, 0.1429, 1))
    // Today's known-words count for the statistics line.
    const daily = await db().execute(sql`select day, known from known_words_daily where user_id = ${alice.id}`)
    expect(daily.rows).toEqual([{ day: dayOf(new Date()), known: 4 }])
    // Nothing left to mark the second time.
    expect((await post(alice, '/english_vocab/api/words/article/known', { article_id: pets.id })).json().changed).toEqual([])
    // Bob's view of the same media is untouched.
    expect((await library(bob))[bobs.hashId]!.known_share).toBe(0)
    for (const lemma of ['a', 'and', 'cat', 'sleep', 'dog', 'the']) await unmark(alice, lemma)
  })

  it('answers 404 on another user’s article and changes none of their words', async () => {
    const res = await post(alice, '/english_vocab/api/words/article/known', { article_id: bobs.hashId })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
    const rows = await db().execute(sql`select count(*)::int as n from user_words where user_id in (${alice.id}, ${bob.id})`)
    expect(rows.rows[0]!.n).toBe(0)
  })

  it('refuses an article without a transcript with the contract’s text, and bad input with 400', async () => {
    const res = await post(alice, '/english_vocab/api/words/article/known', { article_id: bare.hashId })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ success: false, msg: VOCABULARY_MSG.articleHasNoTranscript })
    const bad = await post(alice, '/english_vocab/api/words/article/known', {})
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false, msg: 'article_id is required' })
  })
})

describe('feedComprehension', () => {
  let withTranscript: number
  let without: number
  beforeAll(async () => {
    const channel = await db().execute(sql`insert into feed_channels (url, title) values ('http://feeds.test/pets.xml', 'Pets show') returning id`)
    const channelId = channel.rows[0]!.id as number
    await db().execute(sql`insert into feed_user_channels (user_id, channel_id) values (${alice.id}, ${channelId})`)
    const items = await db().execute(sql`
      insert into feed_items (channel_id, guid, title, audio) values
        (${channelId}, 'ep1', 'Pets', ${PETS}), (${channelId}, 'ep2', 'No words yet', 'http://media.test/ep2.mp3')
      returning id`)
    ;[withTranscript, without] = items.rows.map((r) => r.id as number) as [number, number]
  })

  it('gives episodes whose transcript is done their figure for this user, others absent', async () => {
    await mark(alice, 'cat', 'known')
    const res = await get(alice, `/english_vocab/api/words/feed_comprehension?ids=${withTranscript},${without},999999`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, items: { [withTranscript]: fig(0.375, 5, 8) }, msg: 'ok' })
    await unmark(alice, 'cat')
  })

  it('shows nothing for episodes of a channel the user does not see', async () => {
    const res = await get(bob, `/english_vocab/api/words/feed_comprehension?ids=${withTranscript}`)
    expect(res.json().items).toEqual({})
  })

  it('refuses ids that are not a list of numbers', async () => {
    for (const ids of ['', 'a,b', '1,,2', Array.from({ length: 501 }, (_, i) => i + 1).join(',')]) {
      const res = await get(alice, `/english_vocab/api/words/feed_comprehension?ids=${ids}`)
      expect(res.statusCode, ids).toBe(400)
      expect(res.json()).toMatchObject({ success: false, msg: 'ids must be up to 500 episode ids, comma-separated' })
    }
  })

  // Ten digits once passed the id pattern, and PostgreSQL's integer refused them with a 500.
  it('refuses ids outside PostgreSQL’s integer range with the same 400, and takes the largest one', async () => {
    for (const ids of ['2147483648', `${withTranscript},2147483648`, `2147483648,${withTranscript}`, '4294967296', '9999999999', '0', `${withTranscript},0`]) {
      const res = await get(alice, `/english_vocab/api/words/feed_comprehension?ids=${ids}`)
      expect(res.statusCode, ids).toBe(400)
      expect(res.json(), ids).toEqual({ success: false, msg: 'ids must be up to 500 episode ids, comma-separated' })
    }
    const largest = await get(alice, `/english_vocab/api/words/feed_comprehension?ids=${withTranscript},2147483647`)
    expect(largest.statusCode, largest.body).toBe(200)
    expect(Object.keys(largest.json().items)).toEqual([String(withTranscript)])
  })
})
