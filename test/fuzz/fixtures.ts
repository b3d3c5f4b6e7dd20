import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { createAuthRepo } from '../../apps/server/src/features/auth/auth.repo'
import { generateToken, hashToken } from '../../apps/server/src/features/auth/secrets'
import { createFeedsRepo } from '../../apps/server/src/features/feeds/feeds.repo'
import { createLibraryRepo } from '../../apps/server/src/features/library/library.repo'
import type { TestApp } from '../app'
import { makeAudio, makeVideo } from '../media'
import { multipart } from '../multipart'
import { createTestUser, type TestUser } from '../users'

/**
 * Every text of A's that B must never see carries this marker (titles, note,
 * card, deck, channel, A's own user name). B's requests never contain it, so
 * finding it in an answer to B is a leak, not an echo.
 */
export const SECRET = 'qza7secret'

/** Rows of one user that requests may name. */
export interface OwnedRefs {
  articleIds: number[]
  hashIds: string[]
  playlistIds: number[]
  playlistHashIds: string[]
  deckIds: number[]
  cardIds: number[]
  channelIds: number[]
  itemIds: number[]
  /** Stored files and media addresses (uploads, thumbnails, remote media). */
  addresses: string[]
  notesFiles: string[]
}

const emptyRefs = (): OwnedRefs => ({ articleIds: [], hashIds: [], playlistIds: [], playlistHashIds: [], deckIds: [], cardIds: [], channelIds: [], itemIds: [], addresses: [], notesFiles: [] })

function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`fixture: ${what} answered ${res.statusCode} ${res.body.slice(0, 300)}`)
  return res.headers['content-type']?.includes('json') ? res.json() : res.body
}

type Call = (user: TestUser, method: string, url: string, payload?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>

export function caller(t: TestApp): Call {
  return (user, method, url, payload, headers = {}) =>
    t.app.inject({ method: method as 'GET', url, headers: { ...user.auth, ...headers }, ...(payload === undefined ? {} : { payload: payload as string }) })
}

async function uploadMedia(t: TestApp, user: TestUser, file: string) {
  const res = await t.app.inject({ method: 'POST', url: '/storage/api/upload_file', ...multipart([{ field: 'file', filename: path.basename(file), content: readFileSync(file) }], user.auth) })
  return ok(res, `upload ${file}`).storage_path as string
}

export interface World {
  a: TestUser
  b: TestUser
  /** A's rows, all of which must stay hidden from B and unchanged. */
  aRefs: OwnedRefs
  /** B's stored uploads (audio, video), reused by each route's fresh B rows. */
  bUploads: { audio: string; video: string }
  /** The bytes of a real audio and video file, for uploads that pass the probe. */
  mediaSamples: Buffer[]
  close(): void
}

/** A with real data of every kind, B with its own uploads. */
export async function buildWorld(t: TestApp): Promise<World> {
  const call = caller(t)
  const work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-fuzz-'))
  const a = await createTestUser(t.db.database, `${SECRET}-alice@example.com`)
  const b = await createTestUser(t.db.database, 'bob@example.com')
  const refs = emptyRefs()
  const rand = randomBytes(4).toString('hex')

  const audioFile = await makeAudio(work, 'talk.mp3', 2)
  const videoFile = await makeVideo(work, { name: 'lecture.mp4', seconds: 2 })

  // The demo article is seeded on the first listing.
  ok(await call(a, 'GET', '/english_vocab/api/word_collections'), 'listing')
  const aAudio = await uploadMedia(t, a, audioFile)
  const aVideo = await uploadMedia(t, a, videoFile)
  const remote = `http://127.0.0.1:9/a-remote-${rand}.mp3`
  const publicAudio = `http://127.0.0.1:9/a-public-${rand}.mp3`
  for (const body of [
    { title: `${SECRET} audio title`, audio: aAudio, text: `<p>${SECRET} description</p>`, plainText: `${SECRET} plain text` },
    { title: `${SECRET} video title`, video: aVideo },
    { title: `${SECRET} remote title`, audio: remote },
    { title: 'A public talk', audio: publicAudio },
  ]) ok(await call(a, 'POST', '/english_vocab/api/collect', body), 'collect')

  const library = ok(await call(a, 'GET', '/english_vocab/api/word_collections'), 'listing').collections as Array<{ CollectionID: number; HashID: string; Title: string; Audio: string | null; Video: string | null; Thumbnail: string | null }>
  for (const article of library) {
    refs.articleIds.push(article.CollectionID)
    refs.hashIds.push(article.HashID)
    refs.notesFiles.push(`${article.HashID}_outline.txt`)
    for (const address of [article.Audio, article.Video, article.Thumbnail]) if (address) refs.addresses.push(address)
  }
  const byTitle = (start: string) => library.find((x) => x.Title.startsWith(start))!
  const secretAudio = byTitle(`${SECRET} audio`)

  const privateList = ok(await call(a, 'POST', '/english_vocab/api/new_playlist', { name: `${SECRET} playlist`, public: false }), 'playlist').playlist
  const publicList = ok(await call(a, 'POST', '/english_vocab/api/new_playlist', { name: 'A shared list', public: true }), 'playlist').playlist
  for (const p of [privateList, publicList]) {
    refs.playlistIds.push(p.id)
    refs.playlistHashIds.push(p.hash_id)
  }
  for (const article of library.filter((x) => x.Title.startsWith(SECRET))) {
    ok(await call(a, 'POST', '/english_vocab/api/add_article_to_playlist', { article_id: article.CollectionID, playlist_ids: [privateList.id] }), 'add to playlist')
  }
  ok(await call(a, 'POST', '/english_vocab/api/add_article_to_playlist', { article_id: byTitle('A public').HashID, playlist_ids: [publicList.id] }), 'add to playlist')

  const deck = ok(await call(a, 'POST', '/english_vocab/memories/deck', { name: `${SECRET} deck` }), 'deck').deck
  refs.deckIds.push(deck.id)
  const card = ok(await call(a, 'POST', '/english_vocab/memories/flashcard', { deck_id: deck.id, front: `${SECRET} front`, back: `${SECRET} back` }), 'card').flashcard
  refs.cardIds.push(card.id)
  ok(await call(a, 'POST', '/english_vocab/memories/review', { flashcard_id: card.id, rating: 'Good' }), 'review')

  ok(await call(a, 'PUT', `/storage/api/config/${secretAudio.HashID}_outline.txt`, `${SECRET} note`, { 'content-type': 'text/plain; charset=utf-8' }), 'note')
  // A's language and web dictionary: never B's to read or change.
  ok(await call(a, 'PUT', '/english_vocab/api/words/settings', { native_language: 'de', dictionary_url: `https://dict.example/${SECRET}/{word}` }), 'word settings')
  // A's levels, hints and phrase: never B's to read or change.
  ok(await call(a, 'POST', '/english_vocab/api/words/status', { words: ['estate', 'look forward to'], status: 'learning', level: 3 }), 'word levels')
  ok(await call(a, 'POST', '/english_vocab/api/words/hint', { word: 'estate', hint: `${SECRET} hint` }), 'word hint')
  ok(await call(a, 'POST', '/english_vocab/api/words/hint', { word: 'looked forward to', hint: `${SECRET} phrase hint` }), 'phrase hint')

  // A private channel, as an import of A's would make it (no fetch: this test never leaves loopback).
  const feeds = createFeedsRepo(t.db.database.db)
  const episodeAudio = `http://127.0.0.1:9/a-episode-${rand}.mp3`
  const channel = await feeds.createFetched({
    url: `http://127.0.0.1:9/${SECRET}-feed.xml`,
    feed: {
      title: `${SECRET} channel`,
      description: `${SECRET} channel description`,
      image: null,
      category: null,
      items: [{ guid: 'ep-1', title: `${SECRET} episode`, description: `${SECRET} episode text`, thumbnail: null, pubDate: new Date('2026-01-02T10:00:00Z'), durationSeconds: 61, audio: episodeAudio, video: null, link: null, transcript: null }],
    },
    etag: null,
    lastModified: null,
    nextFetchAt: new Date(Date.now() + 365 * 86_400_000),
    userId: a.id,
  })
  refs.channelIds.push(channel.id)
  refs.addresses.push(episodeAudio)
  ok(await call(a, 'POST', '/english_vocab/api/rss-subscribe', { rss_id: channel.id }), 'subscribe')
  const items = ok(await call(a, 'GET', `/english_vocab/api/rss-items?rss_id=${channel.id}`), 'items').items as Array<{ id: number }>
  for (const item of items) refs.itemIds.push(item.id)
  ok(await call(a, 'POST', '/english_vocab/api/rss-item-played', { rss_item_id: items[0]!.id, played: true }), 'played')
  const catalogue = (ok(await call(a, 'GET', '/english_vocab/api/rss-list'), 'rss-list').data as Array<{ id: number; url: string }>).find((c) => c.id !== channel.id)
  if (catalogue) ok(await call(a, 'POST', '/english_vocab/api/rss-subscribe', { rss_id: catalogue.id }), 'subscribe catalogue')

  ok(await call(b, 'GET', '/english_vocab/api/word_collections'), 'listing')
  const bUploads = { audio: await uploadMedia(t, b, audioFile), video: await uploadMedia(t, b, videoFile) }
  return { a, b, aRefs: refs, bUploads, mediaSamples: [readFileSync(audioFile), readFileSync(videoFile)], close: () => rmSync(work, { recursive: true, force: true }) }
}

/** Fresh rows of B's (a route's fuzz may delete them), so requests also take the owner's paths. */
export async function freshOwnRows(t: TestApp, world: World): Promise<OwnedRefs> {
  const call = caller(t)
  const { b, bUploads } = world
  const refs = emptyRefs()
  const repo = createLibraryRepo(t.db.database.db)
  const rows = [
    await repo.insert(b.id, { title: 'B audio', audio: bUploads.audio, durationSeconds: 2 }),
    await repo.insert(b.id, { title: 'B video', video: bUploads.video, durationSeconds: 2 }),
    await repo.insert(b.id, { title: 'B remote', audio: 'http://127.0.0.1:9/b-remote.mp3' }),
  ]
  for (const row of rows) {
    refs.articleIds.push(row.id)
    refs.hashIds.push(row.hashId)
    refs.notesFiles.push(`${row.hashId}_outline.txt`)
  }
  refs.addresses.push(bUploads.audio, bUploads.video, 'http://127.0.0.1:9/b-remote.mp3')
  const playlist = ok(await call(b, 'POST', '/english_vocab/api/new_playlist', { name: 'B list' }), 'playlist').playlist
  refs.playlistIds.push(playlist.id)
  refs.playlistHashIds.push(playlist.hash_id)
  ok(await call(b, 'POST', '/english_vocab/api/add_article_to_playlist', { article_id: rows[0]!.id, playlist_ids: [playlist.id] }), 'add to playlist')
  const deck = ok(await call(b, 'POST', '/english_vocab/memories/deck', { name: 'B deck' }), 'deck').deck
  refs.deckIds.push(deck.id)
  const card = ok(await call(b, 'POST', '/english_vocab/memories/flashcard', { deck_id: deck.id, front: 'B front', back: 'B back' }), 'card').flashcard
  refs.cardIds.push(card.id)
  ok(await call(b, 'PUT', `/storage/api/config/${rows[0]!.hashId}_outline.txt`, 'B note', { 'content-type': 'text/plain; charset=utf-8' }), 'note')
  return refs
}

/** B signed in again if a request signed B out (logout is one of the routes). */
export async function keepSignedIn(t: TestApp, user: TestUser): Promise<void> {
  const repo = createAuthRepo(t.db.database.db)
  if (await repo.findUserByToken(hashToken(user.token))) return
  const token = generateToken()
  await repo.insertToken({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })
  user.token = token
  user.auth = { authorization: `Bearer ${token}` }
}

// Fixed once, so both reads ask for the same period even across midnight.
const STARTED = Date.now()
const day = (offset: number) => new Date(STARTED + offset * 86_400_000).toISOString().slice(0, 10)

/** Everything of A's that A can read, as A reads it: compared before and after the fuzz. */
export async function readState(t: TestApp, world: World): Promise<Record<string, unknown>> {
  const call = caller(t)
  const { a, aRefs } = world
  const read = async (url: string) => {
    const res = await call(a, 'GET', url)
    return { status: res.statusCode, body: res.headers['content-type']?.includes('json') ? res.json() : res.body }
  }
  const state: Record<string, unknown> = {}
  const urls = [
    '/english_vocab/api/word_collections',
    '/english_vocab/api/playlists',
    '/english_vocab/memories/decks',
    '/english_vocab/api/user-rss-id-list',
    '/english_vocab/api/user-rss-subscribe-items',
    '/user/api/login-options',
    ...aRefs.hashIds.map((h) => `/english_vocab/api/article?id=${h}`),
    ...aRefs.hashIds.map((h) => `/english_vocab/api/query_playlist_by_article_id?article_id=${h}`),
    ...aRefs.notesFiles.map((f) => `/storage/api/config/${f}`),
    ...aRefs.playlistHashIds.map((h) => `/english_vocab/api/playlist_detail?playlist_hash_id=${h}`),
    ...aRefs.deckIds.map((d) => `/english_vocab/memories/flashcards?deck_id=${d}`),
    ...aRefs.deckIds.map((d) => `/english_vocab/memories/deck/${d}/export.csv`),
    ...aRefs.channelIds.map((c) => `/english_vocab/api/rss-items?rss_id=${c}`),
    `/english_vocab/memories/stats?start_date=${day(-30)}&end_date=${day(1)}`,
    '/english_vocab/api/words/settings',
    '/english_vocab/api/words?limit=500',
    '/english_vocab/api/words/export.csv',
  ]
  for (const url of urls) state[url] = await read(url)
  const channels = (await read('/english_vocab/api/rss-list')).body as { data: Array<{ id: number }> }
  state['rss-list (A private channels)'] = channels.data.filter((c) => aRefs.channelIds.includes(c.id))
  state['user/api/info'] = (await call(a, 'POST', '/user/api/info')).json()
  return state
}
