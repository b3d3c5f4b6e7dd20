import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatCardBack, MEMORIES_MSG, type Flashcard } from '@lingocast/contract'
import { strFromU8, unzipSync } from 'fflate'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { ffconcatNaming, hlsPlaylistNaming } from '../../../../../test/hostile-media'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { articles } from '../../db/schema'
import { DEMO_DIR, demoArticles } from '../library/demo-content'
import { createTranscriptsRepo } from '../media/transcripts.repo'
import { CLIP_PAD_AFTER_MS, CLIP_PAD_BEFORE_MS } from './clip-window'

/*
 * Cards that keep their sentence's audio: the clip is cut by the
 * real job with real ffmpeg, from stored media (the demo article) and from
 * remote media fetched through the SSRF-safe fetch (a streamed episode on a
 * loopback host); it is served only to the card's owner and goes with the card.
 */

let t: TestApp
let alice: TestUser
let bob: TestUser
let host: FeedServer
let work: string
let demoHash: string
let deckId: number
const demo = demoArticles()[0]!
// The demo's second sentence: "He was not an ill-disposed young man," (7.5 s to 10.49 s).
const SECOND = demo.segments[1]!

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'lingocast-card-audio-'))
  host = await startFeedServer()
  host.set('/episode.mp3', { file: path.join(DEMO_DIR, 'sense-and-sensibility.mp3'), type: 'audio/mpeg' })
  t = await buildTestApp({ processRole: 'both', fetchAllowHosts: ['127.0.0.1'] })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  demoHash = (await call(alice, 'GET', '/english_vocab/api/word_collections')).json().collections[0].HashID
  deckId = (await call(alice, 'POST', '/english_vocab/memories/deck', { name: 'Sounds' })).json().deck.id
}, 60_000)
afterAll(async () => {
  await t?.close()
  await host?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const call = (u: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...u.auth, ...headers }, ...(payload ? { payload } : {}) })
const create = (u: TestUser, body: object) => call(u, 'POST', '/english_vocab/memories/flashcard', { deck_id: deckId, front: 'ill-disposed', back: 'unkind', ...body })
const fromSentence = (article_id: string, start_ms = SECOND.start, end_ms = SECOND.end) => ({ source: { article_id, start_ms, end_ms } })
const listed = async (u: TestUser, deck = deckId): Promise<Flashcard[]> => (await call(u, 'GET', `/english_vocab/memories/flashcards?deck_id=${deck}`)).json().flashcards

/** Polls the deck until the card's clip is no longer pending. */
async function settled(u: TestUser, id: number, deck = deckId): Promise<Flashcard> {
  const until = Date.now() + 30_000
  for (;;) {
    const card = (await listed(u, deck)).find((c) => c.id === id)!
    if (card.audio?.status !== 'pending' || Date.now() > until) return card
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The duration of MP3 bytes, read by ffprobe (not by our code). */
function durationOf(bytes: Buffer): number {
  const file = path.join(work, `probe-${Date.now()}.mp3`)
  writeFileSync(file, bytes)
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim())
}

const storedFile = (address: string) => path.join(t.config.storageDir, address)
const clipAddressOf = async (id: number) => String((await t.db.database.db.execute<{ audio: string }>(sql`select audio from flashcards where id = ${id}`)).rows[0]!.audio)

describe('sentence audio on cards', () => {
  it('cuts the sentence from the demo article: pending at first, then a clip as long as the sentence', async () => {
    const res = await create(alice, fromSentence(demoHash))
    expect(res.statusCode).toBe(200)
    const made = res.json().flashcard as Flashcard
    expect(made.kind).toBe('standard')
    expect(made.audio).toEqual({ status: 'pending', url: null })

    const card = await settled(alice, made.id)
    expect(card.audio).toEqual({ status: 'ready', url: `/english_vocab/memories/flashcard/${made.id}/audio` })
    const clip = await call(alice, 'GET', card.audio!.url!)
    expect(clip.statusCode).toBe(200)
    expect(clip.headers['content-type']).toBe('audio/mpeg')
    const seconds = durationOf(clip.rawPayload)
    expect(Math.abs(seconds - (SECOND.end - SECOND.start) / 1000)).toBeLessThanOrEqual(0.3)
    // From just before the first word to just after the last, never into the sentences around it (MP3 frames add ~50 ms).
    const span = SECOND.word_timestamps.at(-1)!.end - SECOND.word_timestamps[0]!.start
    expect(seconds * 1000).toBeGreaterThanOrEqual(span)
    expect(seconds * 1000).toBeLessThanOrEqual(span + CLIP_PAD_BEFORE_MS + CLIP_PAD_AFTER_MS + 80)

    // The review screen's <audio> seeks with Range.
    const part = await call(alice, 'GET', card.audio!.url!, undefined, { range: 'bytes=0-99' })
    expect(part.statusCode).toBe(206)
    expect(part.rawPayload.length).toBe(100)
  })

  it('makes a listening card from a streamed episode, fetched through the safe fetch', async () => {
    const url = `${host.url}/episode.mp3`
    const [row] = await t.db.database.db
      .insert(articles)
      .values({ hashId: 'streamedep01', userId: alice.id, title: 'A streamed episode', audio: url, durationSeconds: demo.durationSeconds })
      .returning()
    await createTranscriptsRepo(t.db.database.db).storeIfAbsent(url, 'demo', demo.segments)
    const before = host.requests.filter((r) => r.path === '/episode.mp3').length

    const res = await create(alice, { kind: 'listening', ...fromSentence(row!.hashId) })
    expect(res.statusCode).toBe(200)
    const card = await settled(alice, res.json().flashcard.id)
    expect(card.kind).toBe('listening')
    expect(card.audio?.status).toBe('ready')
    expect(host.requests.filter((r) => r.path === '/episode.mp3').length).toBeGreaterThan(before)
    const seconds = durationOf((await call(alice, 'GET', card.audio!.url!)).rawPayload)
    expect(Math.abs(seconds - (SECOND.end - SECOND.start) / 1000)).toBeLessThanOrEqual(0.3)
  })

  it('says when the media cannot be cut, and keeps the card', async () => {
    const url = `${host.url}/gone.mp3`
    const [row] = await t.db.database.db.insert(articles).values({ hashId: 'goneepisode1', userId: alice.id, title: 'Gone', audio: url }).returning()
    await createTranscriptsRepo(t.db.database.db).storeIfAbsent(url, 'demo', demo.segments)
    const res = await create(alice, fromSentence(row!.hashId))
    expect(res.statusCode).toBe(200)
    const card = await settled(alice, res.json().flashcard.id)
    expect(card.audio).toEqual({ status: 'failed', url: null })
    expect(card.front).toBe('ill-disposed')
    expect((await call(alice, 'GET', `/english_vocab/memories/flashcard/${card.id}/audio`)).json()).toEqual({ success: false, msg: MEMORIES_MSG.audioNotFound })
  })

  it('never follows a playlist or concat script stored as media to another file (the clip fails, nothing is read)', async () => {
    const secret = path.join(DEMO_DIR, 'sense-and-sensibility.mp3')
    for (const [name, text] of [['playlist.mp3', hlsPlaylistNaming(secret, 26)], ['concat.mp3', ffconcatNaming(secret)]] as const) {
      const address = `/uploads/${alice.id}/${name}`
      mkdirSync(path.dirname(storedFile(address)), { recursive: true })
      writeFileSync(storedFile(address), text)
      const [row] = await t.db.database.db.insert(articles).values({ hashId: `hostile${name.slice(0, 5)}`, userId: alice.id, title: name, audio: address }).returning()
      await createTranscriptsRepo(t.db.database.db).storeIfAbsent(address, 'demo', demo.segments)
      const res = await create(alice, fromSentence(row!.hashId))
      expect(res.statusCode).toBe(200)
      expect((await settled(alice, res.json().flashcard.id)).audio, name).toEqual({ status: 'failed', url: null })
    }
  })

  it('refuses a listening card without a sentence, bad times, and a stretch with no words', async () => {
    const cases: Array<[object, string]> = [
      [{ kind: 'listening' }, MEMORIES_MSG.listeningNeedsSource],
      [{ kind: 'cloze' }, MEMORIES_MSG.listeningNeedsSource],
      [{ kind: 'spoken', ...fromSentence(demoHash) }, MEMORIES_MSG.badCardKind],
      [fromSentence(demoHash, 5000, 4000), MEMORIES_MSG.badClipTimes],
      [fromSentence(demoHash, 0, 70_000), MEMORIES_MSG.badClipTimes],
      [fromSentence(demoHash, -5, 1000), MEMORIES_MSG.badClipTimes],
      [fromSentence(demoHash, 1.5, 1000), MEMORIES_MSG.badClipTimes],
      [fromSentence(demoHash, 3_000_000_000, 3_000_001_000), MEMORIES_MSG.badClipTimes],
      [fromSentence(demoHash, 60_000, 61_000), MEMORIES_MSG.sourceHasNoWords],
    ]
    const count = (await listed(alice)).length
    for (const [body, msg] of cases) {
      const res = await create(alice, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect(await listed(alice)).toHaveLength(count)
  })

  it('never lets another user cut from, read or delete a card\'s sound', async () => {
    const bobDeck = (await call(bob, 'POST', '/english_vocab/memories/deck', { name: 'Bob' })).json().deck.id
    // Alice's article is not Bob's to cut from.
    const stolen = await call(bob, 'POST', '/english_vocab/memories/flashcard', { deck_id: bobDeck, front: 'x', back: 'y', ...fromSentence(demoHash) })
    expect(stolen.statusCode).toBe(404)
    const card = (await listed(alice)).find((c) => c.audio?.status === 'ready')!
    for (const url of [card.audio!.url!, `${card.audio!.url!}?x=1`]) {
      const res = await call(bob, 'GET', url)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg: MEMORIES_MSG.audioNotFound })
    }
    expect((await call(bob, 'DELETE', `/english_vocab/memories/flashcard/${card.id}`)).statusCode).toBe(404)
    expect((await call(alice, 'GET', card.audio!.url!)).statusCode).toBe(200)
    // Signed out: the cookie-less, header-less request is refused.
    expect((await t.app.inject({ method: 'GET', url: card.audio!.url! })).statusCode).toBe(401)
  })

  it('deletes the clip with the card', async () => {
    const res = await create(alice, fromSentence(demoHash))
    const card = await settled(alice, res.json().flashcard.id)
    const address = await clipAddressOf(card.id)
    expect(address).toMatch(new RegExp(`^/cards/${alice.id}/[0-9a-f]{24}\\.mp3$`))
    expect(existsSync(storedFile(address))).toBe(true)
    expect((await call(alice, 'DELETE', `/english_vocab/memories/flashcard/${card.id}`)).statusCode).toBe(200)
    expect(existsSync(storedFile(address))).toBe(false)
    expect((await call(alice, 'GET', card.audio!.url!)).statusCode).toBe(404)
  })
})

/*
 * The package is read by Python's standard library, not by our code: the
 * media map names files that are in the zip, each [sound:...] names a file of
 * the map, the files are MP3, and a listening card is a note of a cloze type.
 */
const READER = String.raw`
import sys, json, zipfile, sqlite3, tempfile, os, re
z = zipfile.ZipFile(sys.argv[1])
media = json.loads(z.read('media').decode('utf-8'))
path = os.path.join(tempfile.mkdtemp(), 'collection.anki2')
with open(path, 'wb') as f: f.write(z.read('collection.anki2'))
db = sqlite3.connect(path)
models = json.loads(db.execute('select models from col').fetchone()[0])
notes = []
for mid, flds in db.execute('select mid, flds from notes order by id'):
    model = models[str(mid)]
    fields = dict(zip([f['name'] for f in model['flds']], flds.split('\x1f')))
    sounds = re.findall(r'\[sound:([^\]]+)\]', flds)
    notes.append(dict(model=model['name'], type=model['type'], fields=fields, sounds=sounds))
files = {entry: dict(name=name, size=len(z.read(entry)), head=z.read(entry)[:3].hex()) for entry, name in media.items()}
print(json.dumps(dict(notes=notes, files=files, names=sorted(z.namelist()))))
`

describe('Anki package and CSV with sound', () => {
  it('carries each clip as a media file its note plays, and listening cards as cloze notes', async () => {
    const deck = (await call(alice, 'POST', '/english_vocab/memories/deck', { name: 'Listening' })).json().deck.id
    const back = formatCardBack({ context: { Article: demoHash, Title: demo.title, Position: '0:07', Sentence: SECOND.text }, cue: 'unkind' })
    const make = async (body: object) => (await call(alice, 'POST', '/english_vocab/memories/flashcard', { deck_id: deck, front: 'ill-disposed', back, ...body })).json().flashcard.id as number
    const standard = await make(fromSentence(demoHash))
    const cloze = await make({ kind: 'cloze', ...fromSentence(demoHash) })
    const hidden = await make({ kind: 'listening', ...fromSentence(demoHash) })
    await make({})
    for (const id of [standard, cloze, hidden]) expect((await settled(alice, id, deck)).audio?.status).toBe('ready')

    const res = await call(alice, 'GET', `/english_vocab/memories/deck/${deck}/export.apkg`)
    expect(res.statusCode).toBe(200)
    const file = path.join(work, 'deck.apkg')
    writeFileSync(file, res.rawPayload)
    const read = JSON.parse(execFileSync('python3', ['-c', READER, file]).toString()) as {
      notes: Array<{ model: string; type: number; fields: Record<string, string>; sounds: string[] }>
      files: Record<string, { name: string; size: number; head: string }>
      names: string[]
    }
    const byName = new Map(Object.values(read.files).map((f) => [f.name, f]))
    expect(read.names.sort()).toEqual(['0', '1', '2', 'collection.anki2', 'media'])
    for (const f of Object.values(read.files)) {
      // An MP3 starts with an ID3 tag or a frame sync.
      expect(f.head === '494433' || f.head.startsWith('fff'), f.name).toBe(true)
      expect(f.size).toBeGreaterThan(5_000)
    }
    const [first, second, third, fourth] = read.notes
    expect(first).toMatchObject({ model: 'Lingocast', type: 0, sounds: [`lingocast-${standard}.mp3`] })
    expect(first!.fields.Front).toBe('ill-disposed')
    expect(second).toMatchObject({ model: 'Lingocast Listening', type: 1, sounds: [`lingocast-${cloze}.mp3`] })
    expect(second!.fields.Text).toBe('He was not an {{c1::ill-disposed}} young man,')
    expect(third).toMatchObject({ model: 'Lingocast Listening', type: 1, sounds: [`lingocast-${hidden}.mp3`] })
    expect(third!.fields.Text).toBe('{{c1::He was not an ill-disposed young man,}}')
    expect(fourth).toMatchObject({ model: 'Lingocast', sounds: [] })
    for (const n of read.notes) for (const s of n.sounds) expect(byName.has(s), s).toBe(true)

    const csv = (await call(alice, 'GET', `/english_vocab/memories/deck/${deck}/export.csv`)).body
    const lines = csv.trim().split('\n')
    expect(lines[0]!.endsWith(',kind,audio')).toBe(true)
    expect(lines.filter((l) => l.endsWith(`,standard,lingocast-${standard}.mp3`))).toHaveLength(1)
    expect(lines.filter((l) => l.endsWith(`,cloze,lingocast-${cloze}.mp3`))).toHaveLength(1)
    expect(lines.at(-1)!.endsWith(',standard,')).toBe(true)
    expect(strFromU8(unzipSync(new Uint8Array(res.rawPayload)).media!)).toContain('lingocast-')
  })
})
