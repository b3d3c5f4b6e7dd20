import { LIBRARY_MSG, MSG, PLAYLIST_MSG, playlistRoutes } from '@lingocast/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { playlistItems } from '../../db/schema'
import { createLibraryRepo } from '../library/library.repo'

let t: TestApp
let alice: TestUser
let bob: TestUser
/** Alice's articles, oldest first. */
const mine: Array<{ id: number; hashId: string; title: string }> = []
let bobsArticle: { id: number; hashId: string }

const API = '/english_vocab/api'
const get = (u: TestUser | undefined, url: string) => t.app.inject({ method: 'GET', url: API + url, headers: u?.auth })
const post = (u: TestUser | undefined, url: string, payload: unknown) => t.app.inject({ method: 'POST', url: API + url, headers: u?.auth, payload: payload as object })

const list = async (u: TestUser) => (await get(u, '/playlists')).json().playlists as Array<{ id: number; hash_id: string; title: string; is_mine: boolean; public: boolean }>
const create = async (u: TestUser, body: object = { name: 'Untitled Playlist', public: false }) => {
  const res = await post(u, '/new_playlist', body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().playlist as { id: number; hash_id: string; title: string }
}
const detail = (u: TestUser, hash: string) => get(u, `/playlist_detail?playlist_hash_id=${encodeURIComponent(hash)}`)
const setMembership = (u: TestUser, article_id: unknown, playlist_ids: unknown, remove_playlist_ids?: unknown) =>
  post(u, '/add_article_to_playlist', { article_id, playlist_ids, remove_playlist_ids })
const titlesOf = async (u: TestUser, hash: string) => (await detail(u, hash)).json().articles.map((a: { Title: string }) => a.Title)
const notFound = { success: false, msg: PLAYLIST_MSG.playlistNotFound }

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  const repo = createLibraryRepo(t.db.database.db)
  for (const [i, title] of ['First talk', 'Second talk', 'Third talk'].entries()) {
    const row = await repo.insert(alice.id, { title, audio: `/alice/${i}.mp3`, thumbnail: i === 0 ? '/alice/0.jpg' : null, durationSeconds: 60 + i, video: i === 2 ? '/alice/2.mp4' : null })
    mine.push({ id: row.id, hashId: row.hashId, title })
  }
  const b = await repo.insert(bob.id, { title: 'Bob talk', audio: '/bob/0.mp3' })
  bobsArticle = { id: b.id, hashId: b.hashId }
})
afterAll(async () => t?.close())

describe('creating and listing', () => {
  it('starts with no playlists, creates an Untitled Playlist (private) and lists it as the owner', async () => {
    expect((await get(alice, '/playlists')).json()).toEqual({ success: true, msg: 'ok', playlists: [] })
    const created = await create(alice)
    expect(created).toMatchObject({ title: 'Untitled Playlist', is_mine: true, public: false })
    expect(created.hash_id).toMatch(/^[0-9A-Za-z]{12}$/)
    expect(await list(alice)).toEqual([created])
    // The name defaults when the body leaves it out; a second untitled one is numbered.
    const unnamed = await create(alice, {})
    expect(unnamed).toMatchObject({ title: 'Untitled Playlist 2', public: false })
    expect((await list(alice)).map((p) => p.id)).toEqual([unnamed.id, created.id])
    expect(await list(bob)).toEqual([])
  })

  it('numbers new untitled playlists with the lowest free number, per owner', async () => {
    const carol = await createTestUser(t.db.database, 'carol-numbers@example.com')
    const titles = async () => (await list(carol)).map((p) => p.title).sort()
    const first = await create(carol)
    const second = await create(carol)
    await create(carol)
    expect(await titles()).toEqual(['Untitled Playlist', 'Untitled Playlist 2', 'Untitled Playlist 3'])
    // A renamed or deleted one frees its number; names that only look alike take none.
    await post(carol, '/modify_playlist', { playlist_hash_id: second.hash_id, title: 'Morning walks' })
    await post(carol, '/del_playlist', { playlist_hash_id: first.hash_id })
    await create(carol, { name: 'Untitled Playlist 02', public: false })
    await create(carol, { name: 'Untitled Playlists', public: false })
    expect((await create(carol)).title).toBe('Untitled Playlist')
    expect((await create(carol)).title).toBe('Untitled Playlist 2')
    expect((await create(carol)).title).toBe('Untitled Playlist 4')
    // Another user's playlists do not count.
    const dan = await createTestUser(t.db.database, 'dan-numbers@example.com')
    expect((await create(dan)).title).toBe('Untitled Playlist')
  })

  it('refuses blank, over-long and badly typed input in words', async () => {
    for (const [body, msg] of [
      [{ name: '   ' }, 'Playlist title cannot be empty'],
      [{ name: 'x'.repeat(201) }, 'Playlist title is longer than 200 characters'],
      [{ name: 'Ok', public: 'yes' }, 'public must be true or false'],
    ] as const) {
      const res = await post(alice, '/new_playlist', body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
  })
})

describe('items', () => {
  let pl: { id: number; hash_id: string }
  let other: { id: number; hash_id: string }
  beforeAll(async () => {
    pl = await create(alice, { name: 'Commute' })
    other = await create(alice, { name: 'Grammar' })
  })

  it('adds articles at the end, keeps their order, and reports membership', async () => {
    expect((await setMembership(alice, mine[1]!.id, [pl.id])).json()).toEqual({ success: true, msg: 'ok' })
    expect((await setMembership(alice, mine[0]!.hashId, [pl.id, other.id])).json()).toEqual({ success: true, msg: 'ok' })
    expect((await setMembership(alice, mine[2]!.id, [pl.id])).json()).toEqual({ success: true, msg: 'ok' })
    expect(await titlesOf(alice, pl.hash_id)).toEqual(['Second talk', 'First talk', 'Third talk'])
    // Saving the same set again moves nothing.
    await setMembership(alice, mine[1]!.id, [pl.id])
    expect(await titlesOf(alice, pl.hash_id)).toEqual(['Second talk', 'First talk', 'Third talk'])

    const membership = await get(alice, `/query_playlist_by_article_id?article_id=${mine[0]!.id}`)
    expect(membership.json()).toEqual({ success: true, msg: 'ok', playlistIDs: [pl.id, other.id].sort((a, b) => a - b) })
    expect((await get(alice, `/query_playlist_by_article_id?article_id=${mine[0]!.hashId}`)).json().playlistIDs).toHaveLength(2)
  })

  it('answers the detail with the spec fields, in order', async () => {
    const res = await detail(alice, pl.hash_id)
    const body = res.json()
    // The console's response-format rule: title, articles and is_mine are always there.
    expect(playlistRoutes.playlistDetail.response.safeParse(body).success).toBe(true)
    expect(body).toMatchObject({ success: true, msg: 'ok', title: 'Commute', is_mine: true, public: false, in_library: true, hash_id: pl.hash_id })
    expect(body.articles[1]).toEqual({ ArticleID: mine[0]!.id, HashID: mine[0]!.hashId, Title: 'First talk', Thumbnail: '/alice/0.jpg', Duration: 60, Video: null, Audio: '/alice/0.mp3' })
    expect(body.articles[2]).toMatchObject({ Video: '/alice/2.mp4', Thumbnail: null })
  })

  it('only the playlists named for removal lose the article (unticked in the dialog)', async () => {
    // Without a removal list nothing is taken out: a dialog that could not read the membership cannot lose items.
    await setMembership(alice, mine[0]!.id, [other.id])
    expect(await titlesOf(alice, pl.hash_id)).toEqual(['Second talk', 'First talk', 'Third talk'])
    expect((await setMembership(alice, mine[0]!.id, [other.id], [pl.id])).json()).toEqual({ success: true, msg: 'ok' })
    expect(await titlesOf(alice, pl.hash_id)).toEqual(['Second talk', 'Third talk'])
    expect(await titlesOf(alice, other.hash_id)).toEqual(['First talk'])
    // Added back, it goes to the end; an id in both lists is added.
    await setMembership(alice, mine[0]!.id, [pl.id, other.id], [pl.id])
    expect(await titlesOf(alice, pl.hash_id)).toEqual(['Second talk', 'Third talk', 'First talk'])
    expect(await titlesOf(alice, other.hash_id)).toEqual(['First talk'])
  })

  it('refuses bad input and unknown ids without changing anything', async () => {
    const before = [await titlesOf(alice, pl.hash_id), await titlesOf(alice, other.hash_id)]
    for (const [res, status, msg] of [
      [await setMembership(alice, mine[0]!.id, [pl.id, 999_999]), 404, PLAYLIST_MSG.playlistNotFound],
      [await setMembership(alice, mine[0]!.id, [], [other.id, 999_999]), 404, PLAYLIST_MSG.playlistNotFound],
      [await setMembership(alice, mine[0]!.id, [1.5]), 400, 'playlist_ids must be a list of playlist ids'],
      [await setMembership(alice, 999_999, [pl.id]), 404, LIBRARY_MSG.articleNotFound],
      [await setMembership(alice, mine[0]!.id, 'all'), 400, 'playlist_ids must be a list of playlist ids'],
      [await setMembership(alice, undefined, [pl.id]), 400, 'article_id is required'],
      [await get(alice, '/query_playlist_by_article_id?article_id=999999'), 404, LIBRARY_MSG.articleNotFound],
      [await get(alice, '/playlist_detail'), 400, 'playlist_hash_id is required'],
      [await detail(alice, 'nope00000000'), 404, PLAYLIST_MSG.playlistNotFound],
    ] as const) {
      expect(res.statusCode, res.body).toBe(status)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect([await titlesOf(alice, pl.hash_id), await titlesOf(alice, other.hash_id)]).toEqual(before)
  })

  it('removes one item (by ArticleID or HashID) and says when it is not there', async () => {
    expect((await post(alice, '/del_article_from_playlist', { playlist_hash_id: pl.hash_id, article_id: mine[2]!.id })).json()).toEqual({ success: true, msg: 'ok' })
    expect(await titlesOf(alice, pl.hash_id)).toEqual(['Second talk', 'First talk'])
    const again = await post(alice, '/del_article_from_playlist', { playlist_hash_id: pl.hash_id, article_id: mine[2]!.hashId })
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ success: false, msg: PLAYLIST_MSG.itemNotFound })
    expect((await post(alice, '/del_article_from_playlist', { playlist_hash_id: pl.hash_id, article_id: mine[1]!.hashId })).json().success).toBe(true)
    expect(await titlesOf(alice, pl.hash_id)).toEqual(['First talk'])
  })

  it('renames (trimmed) and switches public; empty titles are refused', async () => {
    expect((await post(alice, '/modify_playlist', { playlist_hash_id: pl.hash_id, title: '  Morning commute  ' })).json()).toEqual({ success: true, msg: 'ok' })
    expect((await detail(alice, pl.hash_id)).json()).toMatchObject({ title: 'Morning commute', public: false })
    await post(alice, '/modify_playlist', { playlist_hash_id: pl.hash_id, public: true })
    expect((await detail(alice, pl.hash_id)).json()).toMatchObject({ title: 'Morning commute', public: true })
    await post(alice, '/modify_playlist', { playlist_hash_id: pl.hash_id, public: false })
    for (const [body, msg] of [
      [{ playlist_hash_id: pl.hash_id, title: ' ' }, 'Playlist title cannot be empty'],
      [{ playlist_hash_id: pl.hash_id }, 'Nothing to change: send title or public'],
    ] as const) {
      const res = await post(alice, '/modify_playlist', body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect((await detail(alice, pl.hash_id)).json()).toMatchObject({ title: 'Morning commute', public: false })
  })

  it('an article deleted from the library leaves every playlist that held it', async () => {
    const repo = createLibraryRepo(t.db.database.db)
    const doomed = await repo.insert(alice.id, { title: 'Doomed talk', audio: '/alice/doomed.mp3' })
    await setMembership(alice, doomed.id, [pl.id, other.id])
    expect(await titlesOf(alice, pl.hash_id)).toContain('Doomed talk')
    expect(await titlesOf(alice, other.hash_id)).toContain('Doomed talk')
    expect((await post(alice, '/delete-article', { article_id: doomed.hashId })).json().success).toBe(true)
    expect(await titlesOf(alice, pl.hash_id)).toEqual(['First talk'])
    expect(await titlesOf(alice, other.hash_id)).toEqual(['First talk'])
    const rows = await t.db.database.db.select().from(playlistItems).where(eq(playlistItems.articleId, doomed.id))
    expect(rows).toEqual([])
  })

  it('gives concurrent additions to one playlist distinct places', async () => {
    const repo = createLibraryRepo(t.db.database.db)
    const fresh = await create(alice, { name: 'Race' })
    const extra = await Promise.all(Array.from({ length: 8 }, (_, i) => repo.insert(alice.id, { title: `Race ${i}` })))
    await Promise.all(extra.map((a) => setMembership(alice, a.id, [fresh.id])))
    const rows = await t.db.database.db.select().from(playlistItems).where(eq(playlistItems.playlistId, fresh.id))
    expect(new Set(rows.map((r) => r.position)).size).toBe(8)
    expect(await titlesOf(alice, fresh.hash_id)).toHaveLength(8)
  })

  it('the owner deletes a playlist: gone, items with it, articles kept', async () => {
    const doomed = await create(alice, { name: 'Short-lived' })
    await setMembership(alice, mine[0]!.id, [doomed.id])
    expect((await post(alice, '/del_playlist', { playlist_hash_id: doomed.hash_id })).json()).toEqual({ success: true, msg: 'ok' })
    expect((await detail(alice, doomed.hash_id)).statusCode).toBe(404)
    expect((await list(alice)).some((p) => p.hash_id === doomed.hash_id)).toBe(false)
    expect((await get(alice, `/article?id=${mine[0]!.hashId}`)).statusCode).toBe(200)
    const again = await post(alice, '/del_playlist', { playlist_hash_id: doomed.hash_id })
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual(notFound)
  })
})

describe('sharing and other users', () => {
  let shared: { id: number; hash_id: string }
  const snapshot = async () => ({ detail: (await detail(alice, shared.hash_id)).json(), list: await list(alice) })

  beforeAll(async () => {
    shared = await create(alice, { name: 'Shared talks' })
    await setMembership(alice, mine[0]!.id, [shared.id])
    await setMembership(alice, mine[1]!.id, [shared.id])
  })

  /** Every call a non-owner could try on Alice's playlist; each must answer not found. */
  const ownerOnlyCalls = () => [
    post(bob, '/modify_playlist', { playlist_hash_id: shared.hash_id, title: 'Hijacked' }),
    post(bob, '/modify_playlist', { playlist_hash_id: shared.hash_id, public: false }),
    post(bob, '/del_article_from_playlist', { playlist_hash_id: shared.hash_id, article_id: mine[0]!.id }),
    setMembership(bob, bobsArticle.id, [shared.id]),
    setMembership(bob, bobsArticle.id, [], [shared.id]),
  ]

  it('a private playlist is not found for anyone else, whatever they call', async () => {
    const before = await snapshot()
    for (const res of [
      await detail(bob, shared.hash_id),
      await post(bob, '/keep_playlist', { playlist_hash_id: shared.hash_id }),
      await post(bob, '/del_playlist', { playlist_hash_id: shared.hash_id }),
      ...(await Promise.all(ownerOnlyCalls())),
    ]) {
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toEqual(notFound)
    }
    expect(await snapshot()).toEqual(before)
    expect(await list(bob)).toEqual([])
  })

  it("another user's article and media stay theirs", async () => {
    const bobs = await create(bob, { name: 'Bob list' })
    // Alice cannot put Bob's article in her playlist, nor ask about it.
    const res = await setMembership(alice, bobsArticle.id, [shared.id])
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
    expect((await get(alice, `/query_playlist_by_article_id?article_id=${bobsArticle.id}`)).statusCode).toBe(404)
    // Bob cannot put Alice's article into his own playlist.
    expect((await setMembership(bob, mine[0]!.id, [bobs.id])).statusCode).toBe(404)
    expect((await titlesOf(bob, bobs.hash_id))).toEqual([])
    // A private playlist shares no media.
    const segments = await t.app.inject({ method: 'GET', url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent('/alice/0.mp3')}`, headers: bob.auth })
    expect(segments.statusCode).toBe(404)
    await post(bob, '/del_playlist', { playlist_hash_id: bobs.hash_id })
  })

  it('a public playlist: opened, kept (is_mine false), still not changeable, removed from the library only', async () => {
    await post(alice, '/modify_playlist', { playlist_hash_id: shared.hash_id, public: true })
    const before = await snapshot()

    const opened = (await detail(bob, shared.hash_id)).json()
    expect(opened).toMatchObject({ success: true, title: 'Shared talks', is_mine: false, public: true, in_library: false })
    expect(opened.articles.map((a: { Title: string }) => a.Title)).toEqual(['First talk', 'Second talk'])
    // Its items' media is shared with him too (the player bar plays it).
    const segments = await t.app.inject({ method: 'GET', url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent('/alice/0.mp3')}`, headers: bob.auth })
    expect(segments.statusCode).toBe(200)
    // He can open its items in the player, read only, without Alice's progress; nothing else of hers.
    await post(alice, '/mark_finished', { article_id: mine[0]!.hashId, finished: true })
    const read = (await get(bob, `/article?id=${mine[0]!.hashId}`)).json()
    expect(read).toMatchObject({ success: true, is_mine: false, article: { HashID: mine[0]!.hashId, Title: 'First talk', IsFinished: false } })
    for (const res of [
      await get(bob, `/article?id=${mine[2]!.hashId}`),
      await post(bob, '/mark_finished', { article_id: mine[0]!.hashId, finished: false }),
      await post(bob, '/delete-article', { article_id: mine[0]!.hashId }),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
    }
    expect((await get(alice, `/article?id=${mine[0]!.hashId}`)).json()).toMatchObject({ is_mine: true, article: { IsFinished: true } })
    await post(alice, '/mark_finished', { article_id: mine[0]!.hashId, finished: false })

    // Nothing to remove before he keeps it.
    expect((await post(bob, '/del_playlist', { playlist_hash_id: shared.hash_id })).statusCode).toBe(404)
    expect((await post(bob, '/keep_playlist', { playlist_hash_id: shared.hash_id })).json()).toEqual({ success: true, msg: 'ok' })
    expect((await post(bob, '/keep_playlist', { playlist_hash_id: shared.hash_id })).json()).toEqual({ success: true, msg: 'ok' })
    expect(await list(bob)).toEqual([{ id: shared.id, hash_id: shared.hash_id, title: 'Shared talks', is_mine: false, public: true }])
    expect((await detail(bob, shared.hash_id)).json().in_library).toBe(true)
    // Kept, it is still not his to add to.
    expect((await get(bob, `/query_playlist_by_article_id?article_id=${bobsArticle.id}`)).json().playlistIDs).toEqual([])

    for (const res of await Promise.all(ownerOnlyCalls())) {
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toEqual(notFound)
    }
    expect(await snapshot()).toEqual(before)

    expect((await post(bob, '/del_playlist', { playlist_hash_id: shared.hash_id })).json()).toEqual({ success: true, msg: 'ok' })
    expect(await list(bob)).toEqual([])
    expect(await snapshot()).toEqual(before)
  })

  it('the owner cannot keep their own; private again hides a kept playlist; the owner delete removes it for everyone', async () => {
    const own = await post(alice, '/keep_playlist', { playlist_hash_id: shared.hash_id })
    expect(own.statusCode).toBe(409)
    expect(own.json()).toEqual({ success: false, msg: PLAYLIST_MSG.ownPlaylist })

    await post(bob, '/keep_playlist', { playlist_hash_id: shared.hash_id })
    await post(alice, '/modify_playlist', { playlist_hash_id: shared.hash_id, public: false })
    expect(await list(bob)).toEqual([])
    expect((await detail(bob, shared.hash_id)).statusCode).toBe(404)
    expect((await get(bob, `/article?id=${mine[0]!.hashId}`)).statusCode).toBe(404)

    await post(alice, '/modify_playlist', { playlist_hash_id: shared.hash_id, public: true })
    expect((await list(bob)).map((p) => p.hash_id)).toEqual([shared.hash_id])
    expect((await post(alice, '/del_playlist', { playlist_hash_id: shared.hash_id })).json().success).toBe(true)
    expect(await list(bob)).toEqual([])
    expect((await detail(bob, shared.hash_id)).statusCode).toBe(404)
  })

  it('needs a token on every call', async () => {
    for (const res of [
      await get(undefined, '/playlists'),
      await post(undefined, '/new_playlist', { name: 'x' }),
      await get(undefined, '/query_playlist_by_article_id?article_id=1'),
      await post(undefined, '/add_article_to_playlist', { article_id: 1, playlist_ids: [] }),
      await get(undefined, '/playlist_detail?playlist_hash_id=x'),
      await post(undefined, '/modify_playlist', { playlist_hash_id: 'x', title: 'y' }),
      await post(undefined, '/del_playlist', { playlist_hash_id: 'x' }),
      await post(undefined, '/del_article_from_playlist', { playlist_hash_id: 'x', article_id: 1 }),
      await post(undefined, '/keep_playlist', { playlist_hash_id: 'x' }),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, msg: MSG.tokenNotFound })
    }
  })
})
