import { CSV_IMPORT_MAX_ROWS, MEMORIES_MSG } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { probeDuring } from '../../../../../test/request-probe'
import { createTestUser, type TestUser } from '../../../../../test/users'

/**
 * A deck file at the stated limit, on the database of the run (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): 15 bind parameters a card once put one
 * INSERT of 4,370 cards or more past PostgreSQL's 65,535, and the failure's
 * log line held every card's text.
 */
let t: TestApp
let user: TestUser
let base: string
const logLines: string[] = []

beforeAll(async () => {
  t = await buildTestApp({}, { logLines })
  user = await createTestUser(t.db.database, 'deck-limit@example.com')
  // The vocabulary's tagger loads its model at its first card in the process, whatever makes it: not an import's doing.
  const deckId = await newDeck('Warm-up')
  const warm = await t.app.inject({ method: 'POST', url: '/english_vocab/memories/flashcard', headers: user.auth, payload: { deck_id: deckId, front: 'tagger', back: 'loaded' } })
  expect(warm.statusCode).toBe(200)
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => t?.close())

/** One word, as most cards' fronts are: each is also tagged for the vocabulary. */
const front = (i: number) => `front-${String(i).padStart(5, '0')}`
const back = (i: number) => `back-${String(i).padStart(5, '0')} “le sens” d’un café à 5 €`
/** A spreadsheet's CSV of `rows` cards, as the console sends a file: its bytes in base64. */
const deckFile = (rows: number) => {
  const lines = ['Front,Back', ...Array.from({ length: rows }, (_, i) => `${front(i + 1)},"${back(i + 1)}"`)]
  return { file_base64: Buffer.from(lines.join('\r\n') + '\r\n').toString('base64') }
}

async function newDeck(name: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/english_vocab/memories/deck', headers: user.auth, payload: { name } })
  return (res.json().deck as { id: number }).id
}

const importFile = (deckId: number, payload: object) => fetch(`${base}/english_vocab/memories/deck/${deckId}/import`, { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) })

async function cardsOf(deckId: number): Promise<Array<{ front: string; back: string }>> {
  const res = await t.app.inject({ method: 'GET', url: `/english_vocab/memories/flashcards?deck_id=${deckId}`, headers: user.auth })
  return res.json().flashcards
}

describe('a deck file at the row limit', () => {
  it(`imports ${CSV_IMPORT_MAX_ROWS} rows whole, every card as written, while other requests keep answering`, async () => {
    const deckId = await newDeck('Five thousand')
    const { result: res, latencies, statuses, longestHoldMs } = await probeDuring(`${base}/healthz`, () => importFile(deckId, deckFile(CSV_IMPORT_MAX_ROWS)))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, msg: 'ok', imported: CSV_IMPORT_MAX_ROWS })
    const cards = await cardsOf(deckId)
    expect(cards).toHaveLength(CSV_IMPORT_MAX_ROWS)
    expect(cards.map((c) => [c.front, c.back])).toEqual(Array.from({ length: CSV_IMPORT_MAX_ROWS }, (_, i) => [front(i + 1), back(i + 1)]))
    // Wide margins on a shared machine: /healthz answers throughout, and no step of the import holds the event loop for long.
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect(Math.max(...latencies), `the slowest of ${latencies.length} answers of /healthz, ms`).toBeLessThan(1000)
    expect(longestHoldMs, 'the longest hold of the event loop, ms of CPU').toBeLessThan(150)
  })

  it(`refuses ${CSV_IMPORT_MAX_ROWS + 1} rows with the limit's words and imports none of them`, async () => {
    const deckId = await newDeck('One too many')
    const res = await importFile(deckId, deckFile(CSV_IMPORT_MAX_ROWS + 1))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ success: false, msg: MEMORIES_MSG.csvTooManyRows })
    expect(await cardsOf(deckId)).toEqual([])
  })

  it('leaves nothing half imported when the database fails mid-import, and logs no card text', async () => {
    const deckId = await newDeck('Fails late')
    // A real failure of the database on a card far into the file, after earlier batches were written; its message names the card.
    await t.db.database.db.execute(sql.raw(`
      create function refuse_card() returns trigger language plpgsql as $$
      begin
        if new.front = '${front(4321)}' then raise exception 'refused card %', new.front using errcode = 'P0001'; end if;
        return new;
      end $$`))
    await t.db.database.db.execute(sql.raw('create trigger refuse_card before insert on flashcards for each row execute function refuse_card()'))
    const from = logLines.length
    try {
      const res = await importFile(deckId, deckFile(CSV_IMPORT_MAX_ROWS))
      expect(res.status).toBe(500)
    } finally {
      await t.db.database.db.execute(sql.raw('drop trigger refuse_card on flashcards; drop function refuse_card()'))
    }
    expect(await cardsOf(deckId)).toEqual([])
    const logged = logLines.slice(from)
    const failure = logged.map((l) => JSON.parse(l) as { level: number; err?: { rows?: number; code?: string } }).find((l) => l.level === 50)
    // The row count and the database's code are what the log says of it; not the cards, which may be anyone's private notes.
    expect({ rows: failure?.err?.rows, code: failure?.err?.code }).toEqual({ rows: CSV_IMPORT_MAX_ROWS, code: 'P0001' })
    const withCardText = logged.filter((l) => /front-\d{5}|back-\d{5}|café|le sens/.test(l))
    expect(withCardText.map((l) => `${l.length} characters: ${l.slice(0, 300)}`)).toEqual([])
  })
})
