import { MEMORIES_MSG } from '@lingocast/contract'
import { strFromU8, unzipSync } from 'fflate'
import initSqlJs from 'sql.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createMemoriesRepo } from './memories.repo'

let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
})
afterAll(async () => t?.close())

const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  payload ? t.app.inject({ method, url, headers: u.auth, payload }) : t.app.inject({ method, url, headers: u.auth })
const createDeck = async (u: TestUser, name: string, scheduler?: string) => (await call(u, 'POST', '/english_vocab/memories/deck', { name, ...(scheduler ? { scheduler } : {}) })).json().deck
const createCard = async (u: TestUser, deck_id: number, front: string, back = 'a cue') =>
  (await call(u, 'POST', '/english_vocab/memories/flashcard', { deck_id, front, back })).json().flashcard
const cards = async (u: TestUser, deckId: number) => (await call(u, 'GET', `/english_vocab/memories/flashcards?deck_id=${deckId}`)).json().flashcards
const review = (u: TestUser, flashcard_id: number, rating: string) => call(u, 'POST', '/english_vocab/memories/review', { flashcard_id, rating })
const today = () => new Date().toISOString().slice(0, 10)

describe('decks', () => {
  it('creates and lists the user\'s decks, FSRS-6 unless SM-2 is asked for', async () => {
    const created = await call(alice, 'POST', '/english_vocab/memories/deck', { name: '  Podcast words  ' })
    expect(created.json()).toEqual({ success: true, deck: { id: expect.any(Number), name: 'Podcast words', scheduler: 'fsrs', answer_buttons: 2 }, msg: 'ok' })
    await createDeck(alice, 'Old school', 'sm2')
    const listed = (await call(alice, 'GET', '/english_vocab/memories/decks')).json()
    expect(listed.success).toBe(true)
    expect(listed.decks.map((d: { name: string; scheduler: string }) => [d.name, d.scheduler])).toEqual([
      ['Podcast words', 'fsrs'],
      ['Old school', 'sm2'],
    ])
  })

  it('requires a name', async () => {
    for (const payload of [{ name: '   ' }, {}]) {
      const res = await call(alice, 'POST', '/english_vocab/memories/deck', payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: MEMORIES_MSG.deckNameRequired })
    }
    expect((await call(alice, 'POST', '/english_vocab/memories/deck', { name: 'x', scheduler: 'leitner' })).json().msg).toBe(MEMORIES_MSG.badScheduler)
  })
})

describe('flashcards', () => {
  it('creates a card due at once, never reviewed, at the default ef', async () => {
    const deck = await createDeck(alice, 'Cards')
    const res = await call(alice, 'POST', '/english_vocab/memories/flashcard', { deck_id: deck.id, front: ' settle ', back: 'make a home' })
    const body = res.json()
    expect(body.success).toBe(true)
    expect(body.flashcard).toMatchObject({ deck_id: deck.id, front: 'settle', back: 'make a home', ef: 2.5, repetition: 0, last_reviewed: null })
    expect(Date.parse(body.flashcard.next_review)).toBeLessThanOrEqual(Date.now())
    // The spec's fields, and ours beside them: a card made by hand is a standard card without audio.
    expect(Object.keys(body.flashcard).sort()).toEqual(['audio', 'back', 'created_at', 'deck_id', 'ef', 'front', 'id', 'kind', 'last_reviewed', 'next_review', 'repetition'])
    expect(body.flashcard).toMatchObject({ kind: 'standard', audio: null })
    expect(await cards(alice, deck.id)).toEqual([body.flashcard])
  })

  it('requires front, back and an existing deck', async () => {
    const deck = await createDeck(alice, 'Validation')
    const post = (payload: object) => call(alice, 'POST', '/english_vocab/memories/flashcard', payload)
    expect((await post({ deck_id: deck.id, front: '', back: 'b' })).json()).toEqual({ success: false, msg: MEMORIES_MSG.frontRequired })
    expect((await post({ deck_id: deck.id, front: 'f', back: ' ' })).json()).toEqual({ success: false, msg: MEMORIES_MSG.backRequired })
    expect((await post({ front: 'f', back: 'b' })).json()).toEqual({ success: false, msg: MEMORIES_MSG.deckIdRequired })
    const missing = await post({ deck_id: 999_999, front: 'f', back: 'b' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, msg: MEMORIES_MSG.deckNotFound })
    expect((await post({ deck_id: deck.id, front: 'x'.repeat(1001), back: 'b' })).json().msg).toBe('Front is too long (at most 1000 characters)')
    expect(await cards(alice, deck.id)).toEqual([])
    expect((await call(alice, 'GET', '/english_vocab/memories/flashcards?deck_id=abc')).json()).toEqual({ success: false, msg: MEMORIES_MSG.deckIdRequired })
  })

  it('updates front and back, and deletes', async () => {
    const deck = await createDeck(alice, 'Edit')
    const card = await createCard(alice, deck.id, 'settle')
    const updated = await call(alice, 'PUT', `/english_vocab/memories/flashcard/${card.id}`, { front: 'settled', back: 'new cue' })
    expect(updated.json()).toEqual({ success: true, flashcard: { ...card, front: 'settled', back: 'new cue' }, msg: 'ok' })
    expect((await call(alice, 'PUT', `/english_vocab/memories/flashcard/${card.id}`, { front: 'settled', back: '' })).json().msg).toBe(MEMORIES_MSG.backRequired)
    expect((await call(alice, 'DELETE', `/english_vocab/memories/flashcard/${card.id}`)).json()).toEqual({ success: true, msg: 'ok' })
    expect(await cards(alice, deck.id)).toEqual([])
    expect((await call(alice, 'DELETE', `/english_vocab/memories/flashcard/${card.id}`)).statusCode).toBe(404)
  })
})

describe('review', () => {
  it('moves the next review to a later day, counts the repetition and logs before and after', async () => {
    const deck = await createDeck(alice, 'Review')
    const card = await createCard(alice, deck.id, 'settle')
    const res = await review(alice, card.id, 'Good')
    const { updated_flashcard: u } = res.json()
    expect(res.json().success).toBe(true)
    expect(u).toMatchObject({ id: card.id, repetition: 1, ef: 2.5 })
    expect(Date.parse(u.next_review) - Date.now()).toBeGreaterThan(86_400_000)
    expect(Date.parse(u.last_reviewed)).toBeGreaterThan(Date.now() - 60_000)
    const again = (await review(alice, card.id, 'Again')).json().updated_flashcard
    expect(again.repetition).toBe(0)
    expect(again.ef).toBeLessThanOrEqual(1.9)
    const log = await createMemoriesRepo(t.db.database.db).reviewLog(alice.id, card.id)
    expect(log.map((l) => l.rating)).toEqual(['Good', 'Again'])
    expect(log[1]!.previous).toEqual(log[0]!.next)
    expect((log[0]!.previous as { repetition: number }).repetition).toBe(0)
  })

  it('uses SM-2 in an SM-2 deck', async () => {
    const deck = await createDeck(alice, 'SM2', 'sm2')
    const card = await createCard(alice, deck.id, 'word')
    const first = (await review(alice, card.id, 'Easy')).json().updated_flashcard
    expect(first.ef).toBe(2.6)
    expect(Math.round((Date.parse(first.next_review) - Date.parse(first.last_reviewed)) / 86_400_000)).toBe(1)
  })

  it('refuses a bad rating and a deleted card, and changes nothing', async () => {
    const deck = await createDeck(alice, 'Gone')
    const card = await createCard(alice, deck.id, 'gone')
    expect((await review(alice, card.id, 'Perfect')).json()).toEqual({ success: false, msg: MEMORIES_MSG.badRating })
    await call(alice, 'DELETE', `/english_vocab/memories/flashcard/${card.id}`)
    const res = await review(alice, card.id, 'Good')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: MEMORIES_MSG.flashcardNotFound })
    expect(await createMemoriesRepo(t.db.database.db).reviewLog(alice.id, card.id)).toEqual([])
  })

  it('keeps one consistent state under 50 concurrent reviews of one card', async () => {
    const deck = await createDeck(alice, 'Race')
    const card = await createCard(alice, deck.id, 'race')
    const results = await Promise.all(Array.from({ length: 50 }, () => review(alice, card.id, 'Good')))
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200))
    const [final] = await cards(alice, deck.id)
    expect(final.repetition).toBe(50)
    const log = await createMemoriesRepo(t.db.database.db).reviewLog(alice.id, card.id)
    expect(log).toHaveLength(50)
    // Each review started from exactly the state the one before it saved: no lost update.
    for (let i = 1; i < log.length; i++) expect(log[i]!.previous).toEqual(log[i - 1]!.next)
    expect((log[49]!.next as { reps: number }).reps).toBe(50)
    expect(results.map((r) => r.json().updated_flashcard.repetition).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
  })
})

describe('stats', () => {
  it('counts cards added and reviewed per day, every day of the period', async () => {
    const carol = await createTestUser(t.db.database, 'carol@example.com')
    const deck = await createDeck(carol, 'Stats')
    const a = await createCard(carol, deck.id, 'one')
    await createCard(carol, deck.id, 'two')
    await review(carol, a.id, 'Good')
    await review(carol, a.id, 'Again')
    const end = today()
    const start = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)
    const res = (await call(carol, 'GET', `/english_vocab/memories/stats?start_date=${start}&end_date=${end}&tz=UTC`)).json()
    expect(res.success).toBe(true)
    expect(res.stats).toHaveLength(7)
    expect(res.stats[0]).toEqual({ date: start, cards_added: 0, cards_reviewed: 0 })
    expect(res.stats[6]).toEqual({ date: end, cards_added: 2, cards_reviewed: 2 })
    expect(res.summary).toEqual({ total_added: 2, total_reviewed: 2, start_date: start, end_date: end })
  })

  it('puts activity on the learner\'s calendar day', async () => {
    const dave = await createTestUser(t.db.database, 'dave@example.com')
    const deck = await createDeck(dave, 'Zones')
    const repo = createMemoriesRepo(t.db.database.db)
    // 23:30 UTC on 1 March is already 2 March in Tokyo.
    const at = new Date('2025-03-01T23:30:00Z')
    await repo.insertCard(dave.id, deck.id, { front: 'late', back: 'b', schedule: (await import('./schedule')).newCardSchedule(at), createdAt: at })
    const day = async (tz: string) =>
      (await call(dave, 'GET', `/english_vocab/memories/stats?start_date=2025-03-01&end_date=2025-03-02&tz=${encodeURIComponent(tz)}`)).json().stats.map((s: { cards_added: number }) => s.cards_added)
    expect(await day('UTC')).toEqual([1, 0])
    expect(await day('Asia/Tokyo')).toEqual([0, 1])
  })

  it('says what is wrong with a period', async () => {
    const get = (qs: string) => call(alice, 'GET', `/english_vocab/memories/stats?${qs}`)
    expect((await get('end_date=2025-01-01')).json()).toEqual({ success: false, msg: 'start_date is required' })
    expect((await get('start_date=2025-02-30&end_date=2025-03-01')).json().msg).toBe('start_date must be a date (YYYY-MM-DD)')
    expect((await get('start_date=2025-03-02&end_date=2025-03-01')).json().msg).toBe(MEMORIES_MSG.badPeriod)
    expect((await get('start_date=2020-01-01&end_date=2025-03-01')).json().msg).toBe(MEMORIES_MSG.badPeriod)
    expect((await get('start_date=2025-03-01&end_date=2025-03-01&tz=Mars/Olympus')).json().msg).toBe(MEMORIES_MSG.badTimeZone)
  })
})

describe("another user's decks and cards", () => {
  it('are not found on every call and stay unchanged', async () => {
    const deck = await createDeck(alice, 'Private')
    const card = await createCard(alice, deck.id, 'secret', 'secret cue')
    await review(alice, card.id, 'Good')
    const before = await cards(alice, deck.id)

    expect((await call(bob, 'GET', '/english_vocab/memories/decks')).json().decks).toEqual([])
    const checks = [
      [await call(bob, 'GET', `/english_vocab/memories/flashcards?deck_id=${deck.id}`), MEMORIES_MSG.deckNotFound],
      [await call(bob, 'POST', '/english_vocab/memories/flashcard', { deck_id: deck.id, front: 'x', back: 'y' }), MEMORIES_MSG.deckNotFound],
      [await call(bob, 'PUT', `/english_vocab/memories/flashcard/${card.id}`, { front: 'x', back: 'y' }), MEMORIES_MSG.flashcardNotFound],
      [await call(bob, 'DELETE', `/english_vocab/memories/flashcard/${card.id}`), MEMORIES_MSG.flashcardNotFound],
      [await review(bob, card.id, 'Again'), MEMORIES_MSG.flashcardNotFound],
    ] as const
    for (const [res, msg] of checks) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg })
    }
    const bobStats = (await call(bob, 'GET', `/english_vocab/memories/stats?start_date=${today()}&end_date=${today()}&tz=UTC`)).json()
    expect(bobStats.summary).toMatchObject({ total_added: 0, total_reviewed: 0 })
    expect(await cards(alice, deck.id)).toEqual(before)
  })

  it('need a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/english_vocab/memories/decks' })
    expect(res.statusCode).toBe(401)
    expect(res.json().success).toBe(false)
  })
})

describe('CSV export and import (beyond the spec)', () => {
  it('exports a deck with its source sentence and imports it back into another deck', async () => {
    const deck = await createDeck(alice, 'Export')
    const back = '```context\nTitle: Sense and Sensibility\nSentence: They had "long" been settled, in Sussex.\n```\nsettle = make a home'
    await createCard(alice, deck.id, 'settle', back)
    await createCard(alice, deck.id, 'naïve, "quoted"', 'line one\nline two')
    const res = await call(alice, 'GET', `/english_vocab/memories/deck/${deck.id}/export.csv`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toContain('filename="Export.csv"')
    expect(res.body.split('\n')[0]).toBe('\uFEFFfront,back,source_title,source_sentence,next_review,last_reviewed,repetition,ef,kind,audio')
    expect(res.body).toContain('"They had ""long"" been settled, in Sussex."')

    const copy = await createDeck(alice, 'Copy')
    const imported = await call(alice, 'POST', `/english_vocab/memories/deck/${copy.id}/import`, { csv: res.body })
    expect(imported.json()).toEqual({ success: true, imported: 2, msg: 'ok' })
    const copied = await cards(alice, copy.id)
    expect(copied.map((c: { front: string; back: string }) => [c.front, c.back])).toEqual([
      ['settle', back],
      ['naïve, "quoted"', 'line one\nline two'],
    ])
    expect(copied.every((c: { repetition: number; last_reviewed: null }) => c.repetition === 0 && c.last_reviewed === null)).toBe(true)
  })

  it('escapes cells a spreadsheet would run as formulas, and imports them back as they were', async () => {
    const deck = await createDeck(alice, 'Formulas')
    const hostile = ['=cmd|\' /C calc\'!A0', '@SUM(1)', '+1+1', '-2+3', '\tTab', "'=already quoted", 'plain -dash']
    for (const front of hostile) await createCard(alice, deck.id, front, `${front} back`)
    const res = await call(alice, 'GET', `/english_vocab/memories/deck/${deck.id}/export.csv`)
    const cells = res.body.replace(/^\uFEFF/, '').split('\n').slice(1, -1).map((line) => line.split(',')[0] ?? '')
    // No cell of the file starts with a formula character: each gets a leading quote.
    for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/)
    expect(res.body).toContain("'=cmd|' /C calc'!A0")
    expect(res.body).toContain("'@SUM(1)")
    expect(res.body).toContain("''=already quoted")

    const copy = await createDeck(alice, 'Formulas copy')
    const imported = await call(alice, 'POST', `/english_vocab/memories/deck/${copy.id}/import`, { csv: res.body })
    expect(imported.json()).toEqual({ success: true, imported: hostile.length, msg: 'ok' })
    const fronts = (await cards(alice, copy.id)).map((c: { front: string; back: string }) => [c.front, c.back])
    expect(fronts).toEqual(hostile.map((f) => [f.trim(), `${f} back`]))
  })

  it('rejects a bad file whole, saying which row is wrong', async () => {
    const deck = await createDeck(alice, 'Bad import')
    const post = (csv: string) => call(alice, 'POST', `/english_vocab/memories/deck/${deck.id}/import`, { csv })
    expect((await post('  ')).json()).toEqual({ success: false, msg: MEMORIES_MSG.csvEmpty })
    expect((await post('word,meaning\na,b')).json()).toEqual({ success: false, msg: MEMORIES_MSG.csvNoColumns })
    expect((await post('Front,Back\na,b\n,c')).json()).toEqual({ success: false, msg: `Row 3: ${MEMORIES_MSG.frontRequired}` })
    expect((await post('front,back\n"a,b')).json()).toEqual({ success: false, msg: MEMORIES_MSG.csvUnreadable })
    expect(await cards(alice, deck.id)).toEqual([])
  })

  it("never exports or imports into another user's deck", async () => {
    const deck = await createDeck(alice, 'Mine')
    await createCard(alice, deck.id, 'secret')
    const exported = await call(bob, 'GET', `/english_vocab/memories/deck/${deck.id}/export.csv`)
    expect(exported.statusCode).toBe(404)
    expect(exported.json()).toEqual({ success: false, msg: MEMORIES_MSG.deckNotFound })
    const imported = await call(bob, 'POST', `/english_vocab/memories/deck/${deck.id}/import`, { csv: 'front,back\nx,y' })
    expect(imported.statusCode).toBe(404)
    expect(await cards(alice, deck.id)).toHaveLength(1)
  })

  it('lets a plain link download the CSV with the Token cookie', async () => {
    const deck = await createDeck(alice, 'Cookie')
    const res = await t.app.inject({ method: 'GET', url: `/english_vocab/memories/deck/${deck.id}/export.csv`, cookies: { Token: alice.token } })
    expect(res.statusCode).toBe(200)
  })
})

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: alice.auth, payload })

describe('Anki package export (beyond the spec)', () => {
  it('holds an Anki collection with the deck, one note per card with its source sentence, and the schedule', async () => {
    const deck = (await post('/english_vocab/memories/deck', { name: 'Podcast <words>' })).json().deck
    const back = '```context\nTitle: Sense and Sensibility\nSentence: They had long been settled in Sussex.\n```\n**settle** = make a home'
    const settle = (await post('/english_vocab/memories/flashcard', { deck_id: deck.id, front: 'settle', back })).json().flashcard
    await post('/english_vocab/memories/flashcard', { deck_id: deck.id, front: 'a < b', back: 'plain\ncue' })
    const reviewed = (await post('/english_vocab/memories/review', { flashcard_id: settle.id, rating: 'Good' })).json().updated_flashcard
    const days = Math.round((Date.parse(reviewed.next_review) - Date.parse(reviewed.last_reviewed)) / 86_400_000)
    expect(days).toBeGreaterThanOrEqual(1)

    const res = await t.app.inject({ method: 'GET', url: `/english_vocab/memories/deck/${deck.id}/export.apkg`, headers: alice.auth })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain('filename="Podcast-words.apkg"')
    const files = unzipSync(new Uint8Array(res.rawPayload))
    expect(Object.keys(files).sort()).toEqual(['collection.anki2', 'media'])
    expect(strFromU8(files.media!)).toBe('{}')

    const SQL = await initSqlJs()
    const db = new SQL.Database(files['collection.anki2'])
    const one = (sql: string) => db.exec(sql)[0]!.values
    const [[models, decks]] = one('SELECT models, decks FROM col') as [[string, string]]
    const model = Object.values(JSON.parse(models) as Record<string, { id: number; name: string; flds: Array<{ name: string }> }>).find((m) => m.name === 'Lingocast')!
    expect(model.flds.map((f) => f.name)).toEqual(['Front', 'Back', 'Sentence', 'Source', 'Audio'])
    const deckEntry = Object.values(JSON.parse(decks) as Record<string, { id: number; name: string }>).find((d) => d.name === 'Podcast <words>')!
    expect(deckEntry).toBeDefined()

    const notes = one('SELECT id, mid, flds, sfld FROM notes ORDER BY id')
    expect(notes).toHaveLength(2)
    expect(notes[0]![1]).toBe(model.id)
    // The cue's markdown arrives as the HTML Anki shows, a single newline as a space, as the console shows it.
    // Cards made by hand have no sound: the Audio field is empty.
    expect(String(notes[0]![2]).split('\x1f')).toEqual(['settle', '<strong>settle</strong> = make a home', 'They had long been settled in Sussex.', 'Sense and Sensibility', ''])
    expect(String(notes[1]![2]).split('\x1f')).toEqual(['a &lt; b', 'plain\ncue', '', '', ''])

    const cards = one('SELECT nid, did, type, queue, ivl, factor, reps FROM cards ORDER BY nid')
    expect(cards.map((c) => c[0])).toEqual(notes.map((n) => n[0]))
    expect(cards.every((c) => c[1] === deckEntry.id)).toBe(true)
    // The reviewed card is a review card with its interval and ease; the other is new.
    expect(cards[0]!.slice(2)).toEqual([2, 2, days, 2500, 1])
    expect(cards[1]!.slice(2)).toEqual([0, 0, 0, 0, 0])
    db.close()
  })

  it("is not found for another user's deck", async () => {
    const deck = (await post('/english_vocab/memories/deck', { name: 'Private' })).json().deck
    const res = await t.app.inject({ method: 'GET', url: `/english_vocab/memories/deck/${deck.id}/export.apkg`, headers: bob.auth })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: 'Deck not found' })
  })
})
