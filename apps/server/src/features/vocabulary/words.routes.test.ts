import { VOCABULARY_MSG, WORD_IMPORT_MAX_BYTES, WORD_IMPORT_MAX_LINES } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { articles, mediaTranscripts, transcriptLemmas } from '../../db/schema'

let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
})
afterAll(async () => t?.close())

const call = (u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  payload ? t.app.inject({ method, url, headers: u.auth, payload }) : t.app.inject({ method, url, headers: u.auth })
const list = async (u: TestUser, query = '') => (await call(u, 'GET', `/english_vocab/api/words${query}`)).json()
const setStatus = (u: TestUser, words: string[], status: string) => call(u, 'POST', '/english_vocab/api/words/status', { words, status })
const importText = (u: TestUser, text: string, status?: string) => call(u, 'POST', '/english_vocab/api/words/import', status ? { text, status } : { text })
const statusOf = async (u: TestUser, lemma: string) => (await list(u, `?q=${encodeURIComponent(lemma)}&limit=500`)).words.find((w: { lemma: string }) => w.lemma === lemma)?.status ?? 'new'
const today = () => new Date().toISOString().slice(0, 10)
const history = async (u: TestUser) => (await call(u, 'GET', `/english_vocab/api/words/known_history?start_date=2000-01-01&end_date=2100-01-01`)).json()

let articleSeq = 0
/** An article of `u` whose audio has a done transcript with these lemma counts (what counting a transcript stores). */
async function articleWithLemmas(u: TestUser, counts: Record<string, number>) {
  const { db } = t.db.database
  const audio = `https://media.example.test/episode-${++articleSeq}.mp3`
  await db.insert(articles).values({ hashId: `words-test-${articleSeq}-${u.id}`, userId: u.id, title: `Episode ${articleSeq}`, audio })
  const [transcript] = await db.insert(mediaTranscripts).values({ mediaAddress: audio, source: 'demo', status: 'done' }).returning()
  await db.insert(transcriptLemmas).values(Object.entries(counts).map(([lemma, count]) => ({ transcriptId: transcript!.id, lemma, count })))
  return audio
}

describe('listWords', () => {
  it("lists the library's lemmas as new, the user's marks, and card words as learning, with counts per status", async () => {
    const u = await createTestUser(t.db.database, 'lister@example.com')
    await articleWithLemmas(u, { estate: 3, settle: 2, run: 5, reluctant: 1 })
    await articleWithLemmas(u, { run: 2, meadow: 1 })
    expect(await list(u)).toEqual({
      success: true,
      total: 5,
      counts: { new: 5, learning: 0, known: 0, ignored: 0 },
      // Never marked: the most met first.
      words: [
        { lemma: 'run', status: 'new', level: null, hint: null, seen: 7, updated_at: null },
        { lemma: 'estate', status: 'new', level: null, hint: null, seen: 3, updated_at: null },
        { lemma: 'settle', status: 'new', level: null, hint: null, seen: 2, updated_at: null },
        { lemma: 'meadow', status: 'new', level: null, hint: null, seen: 1, updated_at: null },
        { lemma: 'reluctant', status: 'new', level: null, hint: null, seen: 1, updated_at: null },
      ],
      msg: 'ok',
    })

    await setStatus(u, ['running'], 'known')
    await setStatus(u, ['Estates'], 'ignored')
    const body = await list(u)
    expect(body.counts).toEqual({ new: 3, learning: 0, known: 1, ignored: 1 })
    // The latest change first.
    expect(body.words.slice(0, 2).map((w: { lemma: string; status: string }) => `${w.lemma}:${w.status}`)).toEqual(['estate:ignored', 'run:known'])
    expect(Date.parse(body.words[0].updated_at)).toBeGreaterThan(Date.now() - 60_000)
    expect(body.words[1].seen).toBe(7)

    const filtered = await list(u, '?status=new&q=Re')
    expect(filtered.words.map((w: { lemma: string }) => w.lemma)).toEqual(['reluctant'])
    expect(filtered.total).toBe(1)
    expect(filtered.counts).toEqual({ new: 1, learning: 0, known: 0, ignored: 0 })

    const paged = await list(u, '?limit=2&offset=2')
    expect(paged.words.map((w: { lemma: string }) => w.lemma)).toEqual(['settle', 'meadow'])
    expect(paged.total).toBe(5)
    // A search is a prefix, never a pattern.
    expect((await list(u, '?q=%25')).total).toBe(0)
  })

  it("counts a one-word card front as learning, and a mark wins over the card", async () => {
    const u = await createTestUser(t.db.database, 'cards@example.com')
    const deck = (await call(u, 'POST', '/english_vocab/memories/deck', { name: 'Words' })).json().deck
    for (const front of ['Mice', 'turn up', 'reluctant']) {
      expect((await call(u, 'POST', '/english_vocab/memories/flashcard', { deck_id: deck.id, front, back: 'a cue' })).statusCode).toBe(200)
    }
    const words = (await list(u)).words.map((w: { lemma: string; status: string }) => `${w.lemma}:${w.status}`).sort()
    expect(words).toEqual(['mouse:learning', 'reluctant:learning'])
    await setStatus(u, ['reluctant'], 'known')
    expect((await list(u)).counts).toEqual({ new: 0, learning: 1, known: 1, ignored: 0 })
  })

  it('answers 400 for a status it does not know', async () => {
    const res = await call(alice, 'GET', '/english_vocab/api/words?status=familiar')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: VOCABULARY_MSG.badStatus })
  })
})

describe('card creation', () => {
  it("makes a one-word front's lemma learning, keeps an existing mark, ignores phrases", async () => {
    const u = await createTestUser(t.db.database, 'creator@example.com')
    const deck = (await call(u, 'POST', '/english_vocab/memories/deck', { name: 'Podcast' })).json().deck
    await setStatus(u, ['settle'], 'known')
    for (const front of [' Houses ', 'settled', 'make do']) await call(u, 'POST', '/english_vocab/memories/flashcard', { deck_id: deck.id, front, back: 'cue' })
    expect(await statusOf(u, 'house')).toBe('learning')
    expect(await statusOf(u, 'settle')).toBe('known')
    // A stored mark: forgetting the card's word leaves it learning (the card still implies it), with a date.
    expect((await list(u, '?q=house')).words[0].updated_at).not.toBeNull()
    expect(await statusOf(u, 'make')).toBe('new')
  })
})

describe('setWordStatus', () => {
  it('marks lemmas and answers what changed with the status before, so it can be undone', async () => {
    const u = await createTestUser(t.db.database, 'marker@example.com')
    const first = await setStatus(u, ['ran', 'Mice', 'well-known', "didn't"], 'known')
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({
      success: true,
      changed: [
        { lemma: 'run', before: 'new', before_level: null, before_hint: null },
        { lemma: 'mouse', before: 'new', before_level: null, before_hint: null },
        { lemma: 'well-known', before: 'new', before_level: null, before_hint: null },
        { lemma: 'do', before: 'new', before_level: null, before_hint: null },
      ],
      msg: 'ok',
    })
    // "runs" is the same lemma, already known: nothing changes.
    expect((await setStatus(u, ['runs', 'mouse'], 'known')).json().changed).toEqual([])
    expect((await setStatus(u, ['running', 'houses'], 'learning')).json().changed).toEqual([
      { lemma: 'run', before: 'known', before_level: null, before_hint: null },
      { lemma: 'house', before: 'new', before_level: null, before_hint: null },
    ])
    // 'new' forgets the mark.
    expect((await setStatus(u, ['run'], 'new')).json().changed).toEqual([{ lemma: 'run', before: 'learning', before_level: 1, before_hint: null }])
    expect(await statusOf(u, 'run')).toBe('new')
    expect((await list(u)).counts).toEqual({ new: 0, learning: 1, known: 3, ignored: 0 })
  })

  it('answers 400 with the contract texts for bad input', async () => {
    const cases: Array<[object, string]> = [
      [{ words: [], status: 'known' }, VOCABULARY_MSG.wordsRequired],
      [{ status: 'known' }, VOCABULARY_MSG.wordsRequired],
      [{ words: ['run'], status: 'familiar' }, VOCABULARY_MSG.badStatus],
      [{ words: ['run'] }, VOCABULARY_MSG.badStatus],
      [{ words: ['x'.repeat(65)], status: 'known' }, VOCABULARY_MSG.wordTooLong],
      [{ words: ['  '], status: 'known' }, VOCABULARY_MSG.wordRequired],
      [{ words: Array.from({ length: 5001 }, () => 'run'), status: 'known' }, VOCABULARY_MSG.tooManyWords],
      // Nothing in it is a word.
      [{ words: ['42', '!!'], status: 'known' }, VOCABULARY_MSG.wordsRequired],
    ]
    for (const [payload, msg] of cases) {
      const res = await call(alice, 'POST', '/english_vocab/api/words/status', payload)
      expect(res.statusCode, msg).toBe(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
  })

  it('requires a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/english_vocab/api/words/status', payload: { words: ['run'], status: 'known' } })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/english_vocab/api/words' })).statusCode).toBe(401)
  })
})

describe('knownWordsHistory', () => {
  it("keeps today's known count current after every change", async () => {
    const u = await createTestUser(t.db.database, 'history@example.com')
    expect(await history(u)).toEqual({ success: true, days: [], msg: 'ok' })
    await setStatus(u, ['estate', 'settle', 'meadow'], 'known')
    expect((await history(u)).days).toEqual([{ date: today(), known: 3 }])
    await setStatus(u, ['meadow'], 'ignored')
    await importText(u, 'reluctant\nhouses\n')
    expect((await history(u)).days).toEqual([{ date: today(), known: 4 }])
    // A range without the day holds nothing.
    expect((await call(u, 'GET', '/english_vocab/api/words/known_history?start_date=2000-01-01&end_date=2000-12-31')).json().days).toEqual([])
  })

  it('answers 400 for a malformed date', async () => {
    const res = await call(alice, 'GET', '/english_vocab/api/words/known_history?start_date=yesterday&end_date=2026-01-01')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: 'start_date must be YYYY-MM-DD' })
  })
})

describe('importWords and exportWords', () => {
  it('imports a plain list with a BOM, quotes, duplicates and blank lines, as known by default', async () => {
    const u = await createTestUser(t.db.database, 'plain@example.com')
    const res = await importText(u, '\uFEFFestate\r\n\r\n"Settled"\nran\nruns\n  estate  \n1811\n\n')
    expect(res.json()).toEqual({ success: true, imported: 3, skipped: 1, msg: 'ok' })
    expect((await list(u)).words.map((w: { lemma: string; status: string }) => `${w.lemma}:${w.status}`).sort()).toEqual(['estate:known', 'run:known', 'settle:known'])
    expect((await importText(u, 'meadow', 'learning')).json().imported).toBe(1)
    expect(await statusOf(u, 'meadow')).toBe('learning')
  })

  it("imports LingQ's, Lute's and LWT's exports with their own statuses", async () => {
    const u = await createTestUser(t.db.database, 'tools@example.com')
    const lingq = '\uFEFFTerm,Hint,Status\n"estate","property",2\nreluctant,unwilling,known\n"turn up",arrive,1\n'
    // A phrase ("turn up") is a term of its own.
    expect((await importText(u, lingq)).json()).toEqual({ success: true, imported: 3, skipped: 0, msg: 'ok' })
    const lute = 'language,term,translation,parent,status,tags\nEnglish,meadows,field,,W,\nEnglish,dashwood,,,I,names\nEnglish,settle,,,3,\n'
    expect((await importText(u, lute)).json()).toEqual({ success: true, imported: 3, skipped: 0, msg: 'ok' })
    const lwt = 'houses\thome\tThe {houses} stood.\t\t99\tEnglish\t1\t\nmice\t\t\t\t98\tEnglish\t2\t\n'
    expect((await importText(u, lwt)).json()).toEqual({ success: true, imported: 2, skipped: 0, msg: 'ok' })
    const statuses = Object.fromEntries((await list(u)).words.map((w: { lemma: string; status: string }) => [w.lemma, w.status]))
    expect(statuses).toEqual({ estate: 'learning', reluctant: 'known', 'turn up': 'learning', meadow: 'known', dashwood: 'ignored', settle: 'learning', house: 'known', mouse: 'ignored' })
  })

  it('exports the marked words as CSV that imports back the same', async () => {
    const u = await createTestUser(t.db.database, 'export@example.com')
    await setStatus(u, ['estate'], 'known')
    await setStatus(u, ['settle'], 'learning')
    await setStatus(u, ['dashwood'], 'ignored')
    const res = await call(u, 'GET', '/english_vocab/api/words/export.csv')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toContain('vocabulary.csv')
    const lines = res.body.trim().split('\n')
    expect(lines[0]).toBe('lemma,status,updated_at,level,hint')
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['dashwood,ignored', 'estate,known', 'settle,learning'])
    expect(Number.isNaN(Date.parse(lines[1]!.split(',')[2]!))).toBe(false)
    // A plain link with the Token cookie downloads it too.
    expect((await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/export.csv', cookies: { Token: u.token } })).body).toBe(res.body)

    const other = await createTestUser(t.db.database, 'export2@example.com')
    expect((await importText(other, res.body, 'known')).json()).toEqual({ success: true, imported: 3, skipped: 0, msg: 'ok' })
    const statuses = Object.fromEntries((await list(other)).words.map((w: { lemma: string; status: string }) => [w.lemma, w.status]))
    expect(statuses).toEqual({ dashwood: 'ignored', estate: 'known', settle: 'learning' })
  })

  it('answers 400 with the contract texts for an empty file or a table without a word column', async () => {
    for (const [text, msg] of [
      ['\uFEFF\n\n', VOCABULARY_MSG.importEmpty],
      ['front,back\nestate,property\n', VOCABULARY_MSG.importNoWordColumn],
    ] as const) {
      const res = await importText(alice, text)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect((await call(alice, 'POST', '/english_vocab/api/words/import', {})).json()).toEqual({ success: false, msg: VOCABULARY_MSG.importEmpty })
    expect((await importText(alice, 'run', 'familiar')).json()).toEqual({ success: false, msg: VOCABULARY_MSG.badStatus })
    const tooLarge = await importText(alice, 'a\n'.repeat(WORD_IMPORT_MAX_BYTES / 2 + 1))
    expect(tooLarge.statusCode).toBe(400)
    expect(tooLarge.json()).toEqual({ success: false, msg: VOCABULARY_MSG.importTooLarge })
  })

  it('imports 100,000 lines in one request', async () => {
    const u = await createTestUser(t.db.database, 'bulk@example.com')
    // Distinct made-up words (letters only, no ending the lemmatiser would undo), so every line is its own lemma.
    const word = (i: number) => `quasiword${[...i.toString(26)].map((d) => 'abcdefghijklmnopqrstuvwxyz'[Number.parseInt(d, 26)]).join('')}x`
    const text = Array.from({ length: 100_000 }, (_, i) => word(i)).join('\n')
    // Larger than the app's usual 1 MB body limit: an import has its own.
    expect(text.length).toBeGreaterThan(1024 * 1024)
    const res = await importText(u, text)
    expect(res.json()).toMatchObject({ success: true, skipped: 0 })
    expect(res.json().imported).toBe(100_000)
    const body = await list(u, '?status=known&limit=1')
    expect(body.counts.known).toBe(res.json().imported)
    expect((await history(u)).days).toEqual([{ date: today(), known: res.json().imported }])
  }, 60_000)

  // A list of 200,001 lines was once taken (its first 200,000), though docs/vocabulary.md says up to 200,000.
  it('takes a list of 200,000 lines and refuses one of 200,001 with the contract text, saving nothing of it', async () => {
    const words = ['estate', 'meadow', 'orchard', 'harvest', 'barrel']
    const lines = (n: number) => Array.from({ length: n }, (_, i) => words[i % words.length]).join('\n')
    expect(WORD_IMPORT_MAX_LINES).toBe(200_000)

    const refusedUser = await createTestUser(t.db.database, 'too-many-lines@example.com')
    const refused = await importText(refusedUser, `${lines(200_001)}\n`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ success: false, msg: VOCABULARY_MSG.importTooManyLines })
    expect((await list(refusedUser)).counts).toEqual({ new: 0, learning: 0, known: 0, ignored: 0 })
    expect((await history(refusedUser)).days).toEqual([])

    const taken = await importText(refusedUser, `${lines(200_000)}\n`)
    expect(taken.json()).toEqual({ success: true, imported: words.length, skipped: 0, msg: 'ok' })
    expect((await list(refusedUser)).counts.known).toBe(words.length)
  }, 60_000)
})

describe('isolation', () => {
  it("never shows or changes another user's words, counts or history", async () => {
    const audio = await articleWithLemmas(alice, { orchard: 4, harvest: 2 })
    await setStatus(alice, ['orchard'], 'known')
    await importText(alice, 'cider\nbarrel\n', 'learning')

    // Bob sees none of it, even with the same search.
    const bobs = await list(bob, '?q=orchard')
    expect(bobs.words).toEqual([])
    expect(bobs.counts).toEqual({ new: 0, learning: 0, known: 0, ignored: 0 })
    expect((await list(bob)).total).toBe(0)
    expect((await call(bob, 'GET', '/english_vocab/api/words/export.csv')).body.trim()).toBe('lemma,status,updated_at,level,hint')
    expect((await history(bob)).days).toEqual([])

    // Bob marking the same lemmas changes only his own rows.
    expect((await setStatus(bob, ['orchard', 'cider'], 'ignored')).json().changed).toEqual([
      { lemma: 'orchard', before: 'new', before_level: null, before_hint: null },
      { lemma: 'cider', before: 'new', before_level: null, before_hint: null },
    ])
    expect(await statusOf(alice, 'orchard')).toBe('known')
    expect(await statusOf(alice, 'cider')).toBe('learning')
    expect((await history(alice)).days[0].known).toBeGreaterThanOrEqual(1)
    expect((await history(bob)).days).toEqual([{ date: today(), known: 0 }])

    // The same media in Bob's library shares the transcript, not Alice's marks.
    const { db } = t.db.database
    await db.insert(articles).values({ hashId: 'bob-same-media', userId: bob.id, title: 'Same episode', audio })
    const shared = Object.fromEntries((await list(bob)).words.map((w: { lemma: string; status: string }) => [w.lemma, w.status]))
    expect(shared).toMatchObject({ orchard: 'ignored', harvest: 'new', cider: 'ignored' })
  })
})
