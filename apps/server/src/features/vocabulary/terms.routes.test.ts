import { HINT_MAX_LENGTH, NUL_IN_INPUT, VOCABULARY_MSG, type Comprehension, type Segment } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'
import { createTranscriptsRepo } from '../media/transcripts.repo'

/**
 * The learner's own hints, learning levels 1-4, and phrases of up
 * to 6 words matched on their lemmas wherever they occur, through the calls
 * the popover, the player and the Vocabulary screen make.
 */

let t: TestApp
const db = () => t.db.database.db

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const call = (u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  payload ? t.app.inject({ method, url, headers: u.auth, payload }) : t.app.inject({ method, url, headers: u.auth })
const ok = async (u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await call(u, method, url, payload)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const setStatus = (u: TestUser, words: string[], status: string, level?: number) => ok(u, 'POST', '/english_vocab/api/words/status', { words, status, ...(level ? { level } : {}) })
const setHint = (u: TestUser, word: string, hint: string) => ok(u, 'POST', '/english_vocab/api/words/hint', { word, hint })
const lookup = (u: TestUser, word: string, sentence?: string) =>
  ok(u, 'GET', `/english_vocab/api/words/lookup?word=${encodeURIComponent(word)}${sentence ? `&sentence=${encodeURIComponent(sentence)}` : ''}`)
type Listed = { lemma: string; status: string; level: number | null; hint: string | null; seen: number }
const list = async (u: TestUser, query = ''): Promise<{ words: Listed[]; total: number }> => ok(u, 'GET', `/english_vocab/api/words${query}`)
const termOf = async (u: TestUser, lemma: string) => (await list(u, `?q=${encodeURIComponent(lemma)}&limit=500`)).words.find((w) => w.lemma === lemma)
const exportCsv = async (u: TestUser) => (await call(u, 'GET', '/english_vocab/api/words/export.csv')).body
const importText = (u: TestUser, text: string, status = 'known') => ok(u, 'POST', '/english_vocab/api/words/import', { text, status })
type ArticleWords = { forms: Record<string, string>; statuses: Record<string, string>; levels?: Record<string, number>; hints?: Record<string, string>; comprehension?: Comprehension }
const articleWords = (u: TestUser, hashId: string): Promise<ArticleWords> => ok(u, 'GET', `/english_vocab/api/words/article?article_id=${hashId}`)
const libraryFigure = async (u: TestUser, hashId: string): Promise<Comprehension> => (await ok(u, 'GET', '/english_vocab/api/words/comprehension')).articles[hashId]

let seq = 0
/** An article of `u` whose audio has a done transcript of these sentences, one segment each. */
async function articleOf(u: TestUser, sentences: string[], audio = `http://media.test/terms-${++seq}.mp3`): Promise<string> {
  const segments: Segment[] = sentences.map((text, i) => ({ start: i * 2000, end: i * 2000 + 2000, text, word_timestamps: [] }))
  await createTranscriptsRepo(db()).storeIfAbsent(audio, 'publisher', segments)
  return (await createLibraryRepo(db()).insert(u.id, { title: `Terms ${seq}`, audio })).hashId
}

const PHRASE_TEXT = [
  'We look forward to the holidays.',
  'She looked forward to the trip all year.',
  'In spite of the rain, they were looking forward to it.',
  'I look at the map.',
  'They did it out of spite.',
]

describe('hints', () => {
  it('round-trips a hint from the popover call through the lookup, the Vocabulary list, its search, the export and an import', async () => {
    const u = await createTestUser(t.db.database, 'hinter@example.com')
    // A word without a status becomes learning with its hint, as LingQ and Lute make a term with a meaning.
    expect(await setHint(u, 'Ran', '  laufen, rennen  ')).toEqual({ success: true, lemma: 'run', hint: 'laufen, rennen', status: 'learning', level: 1, msg: 'ok' })
    expect(await lookup(u, 'running', 'She was running late.')).toMatchObject({ lemma: 'run', status: 'learning', level: 1, hint: 'laufen, rennen' })

    // A marked word keeps its status; the hint is replaced.
    await setStatus(u, ['estate'], 'known')
    expect(await setHint(u, 'estates', 'Landgut')).toMatchObject({ lemma: 'estate', status: 'known', level: null, hint: 'Landgut' })
    expect(await setHint(u, 'estate', 'Anwesen')).toMatchObject({ hint: 'Anwesen' })
    expect(await termOf(u, 'estate')).toMatchObject({ status: 'known', level: null, hint: 'Anwesen' })

    // The list searches the hint too, anywhere in it and whatever the case; the lemma by its start.
    expect((await list(u, '?q=RENNEN')).words.map((w) => w.lemma)).toEqual(['run'])
    expect((await list(u, '?q=anwes')).words.map((w) => w.lemma)).toEqual(['estate'])
    expect((await list(u, '?q=est')).words.map((w) => w.lemma)).toEqual(['estate'])

    // The export carries the hint and the level; another user's import of it keeps both.
    const csv = await exportCsv(u)
    expect(csv.split('\n')[0]).toBe('lemma,status,updated_at,level,hint')
    expect(csv).toContain('"laufen, rennen"')
    expect(csv).toMatch(/^run,learning,[^,]+,1,"laufen, rennen"$/m)
    const other = await createTestUser(t.db.database, 'hint-importer@example.com')
    expect(await importText(other, csv)).toMatchObject({ imported: 2, skipped: 0 })
    expect(await termOf(other, 'run')).toMatchObject({ status: 'learning', level: 1, hint: 'laufen, rennen' })
    expect(await termOf(other, 'estate')).toMatchObject({ status: 'known', hint: 'Anwesen' })

    // An empty hint removes it and leaves the status; on a word without a status it changes nothing.
    expect(await setHint(u, 'estate', '   ')).toMatchObject({ lemma: 'estate', status: 'known', hint: null })
    expect(await termOf(u, 'estate')).toMatchObject({ status: 'known', hint: null })
    expect(await setHint(u, 'meadow', '')).toEqual({ success: true, lemma: 'meadow', hint: null, status: 'new', level: null, msg: 'ok' })
    expect(await termOf(u, 'meadow')).toBeUndefined()
  })

  it('forgets the hint with the term on "new", and answers it so an undo can put it back', async () => {
    const u = await createTestUser(t.db.database, 'hint-undo@example.com')
    await setStatus(u, ['settle'], 'learning', 3)
    await setHint(u, 'settle', 'sich niederlassen')
    const reset = await setStatus(u, ['settled'], 'new')
    expect(reset.changed).toEqual([{ lemma: 'settle', before: 'learning', before_level: 3, before_hint: 'sich niederlassen' }])
    expect(await termOf(u, 'settle')).toBeUndefined()
    // What the console's Undo sends back.
    await setStatus(u, ['settle'], 'learning', 3)
    await setHint(u, 'settle', 'sich niederlassen')
    expect(await termOf(u, 'settle')).toMatchObject({ status: 'learning', level: 3, hint: 'sich niederlassen' })
  })

  it("keeps LingQ's hints, Lute's translations and LWT's translations on import", async () => {
    const u = await createTestUser(t.db.database, 'hint-tools@example.com')
    await importText(u, '\uFEFFTerm,Hint,Status\n"estate","property",2\n"turn up","arrive",1\n')
    await importText(u, 'language,term,translation,parent,status,tags\nEnglish,meadows,"field, grassland",,W,\nEnglish,look\u200b \u200bforward\u200b \u200bto,freuen auf,,3,\n')
    await importText(u, 'houses\thome\tThe {houses} stood.\t\t4\tEnglish\t1\t\nmice\t*\t\t\t98\tEnglish\t2\t\n')
    const terms = Object.fromEntries((await list(u, '?limit=500')).words.map((w) => [w.lemma, [w.status, w.level, w.hint]]))
    expect(terms).toEqual({
      estate: ['learning', 2, 'property'],
      'turn up': ['learning', 1, 'arrive'],
      meadow: ['known', null, 'field, grassland'],
      'look forward to': ['learning', 3, 'freuen auf'],
      house: ['learning', 4, 'home'],
      mouse: ['ignored', null, null],
    })
    // A file without a hint leaves the hint the learner wrote.
    await importText(u, 'estate\n', 'known')
    expect(await termOf(u, 'estate')).toMatchObject({ status: 'known', hint: 'property' })
  })

  it('refuses bad hints with a clear message and saves nothing', async () => {
    const u = await createTestUser(t.db.database, 'hint-bad@example.com')
    await setStatus(u, ['estate'], 'known')
    await setHint(u, 'estate', 'Landgut')
    const cases: Array<[object, string | RegExp]> = [
      [{ word: 'estate', hint: 'x'.repeat(10_000) }, VOCABULARY_MSG.hintTooLong],
      [{ word: 'estate', hint: 'x'.repeat(HINT_MAX_LENGTH + 1) }, VOCABULARY_MSG.hintTooLong],
      [{ word: 'estate', hint: 'Land\u0000gut' }, new RegExp(`^${NUL_IN_INPUT}`)],
      [{ word: 'estate', hint: 'Land\u0007gut' }, VOCABULARY_MSG.hintControl],
      [{ word: 'estate' }, VOCABULARY_MSG.hintRequired],
      [{ word: 'estate', hint: 42 }, VOCABULARY_MSG.hintRequired],
      [{ hint: 'Landgut' }, VOCABULARY_MSG.wordRequired],
      [{ word: 'x'.repeat(65), hint: 'Landgut' }, VOCABULARY_MSG.wordTooLong],
      [{ word: 'one two three four five six seven', hint: 'Landgut' }, VOCABULARY_MSG.phraseTooLong],
      [{ word: '!!', hint: 'Landgut' }, VOCABULARY_MSG.wordsRequired],
    ]
    for (const [payload, msg] of cases) {
      const res = await call(u, 'POST', '/english_vocab/api/words/hint', payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(res.json().success).toBe(false)
      if (typeof msg === 'string') expect(res.json().msg).toBe(msg)
      else expect(res.json().msg).toMatch(msg)
    }
    // A hint of exactly the limit is taken.
    expect((await setHint(u, 'meadow', 'y'.repeat(HINT_MAX_LENGTH))).hint).toHaveLength(HINT_MAX_LENGTH)
    expect(await termOf(u, 'estate')).toMatchObject({ status: 'known', hint: 'Landgut' })
    expect((await list(u)).total).toBe(2)
  })
})

describe('levels', () => {
  it('keeps learning levels 1-4 beside known and ignored, answering each change for undo', async () => {
    const u = await createTestUser(t.db.database, 'levels@example.com')
    expect((await setStatus(u, ['settled'], 'learning', 3)).changed).toEqual([{ lemma: 'settle', before: 'new', before_level: null, before_hint: null }])
    expect(await termOf(u, 'settle')).toMatchObject({ status: 'learning', level: 3 })
    expect((await setStatus(u, ['settle'], 'learning', 4)).changed).toEqual([{ lemma: 'settle', before: 'learning', before_level: 3, before_hint: null }])
    // The same level again changes nothing; learning without a level keeps the level it has.
    expect((await setStatus(u, ['settle'], 'learning', 4)).changed).toEqual([])
    expect((await setStatus(u, ['settles'], 'learning')).changed).toEqual([])
    expect(await termOf(u, 'settle')).toMatchObject({ level: 4 })
    // A word first marked learning without a level is at level 1.
    await setStatus(u, ['meadow'], 'learning')
    expect(await termOf(u, 'meadow')).toMatchObject({ status: 'learning', level: 1 })
    expect(await lookup(u, 'meadows')).toMatchObject({ status: 'learning', level: 1 })
    // Known (LingQ's and Lute's 5) and ignored have no level; learning again starts at 1.
    expect((await setStatus(u, ['settle'], 'known')).changed).toEqual([{ lemma: 'settle', before: 'learning', before_level: 4, before_hint: null }])
    expect(await termOf(u, 'settle')).toMatchObject({ status: 'known', level: null })
    await setStatus(u, ['settle'], 'learning')
    expect(await termOf(u, 'settle')).toMatchObject({ status: 'learning', level: 1 })

    // The player reads the levels above 1 with the statuses.
    const hashId = await articleOf(u, ['They settled by the meadow.'])
    await setStatus(u, ['meadow'], 'learning', 2)
    const words = await articleWords(u, hashId)
    expect(words.statuses).toMatchObject({ settle: 'learning', meadow: 'learning' })
    expect(words.levels).toEqual({ meadow: 2 })
  })

  it('refuses a level out of 1-4, or with a status other than learning, and changes nothing', async () => {
    const u = await createTestUser(t.db.database, 'levels-bad@example.com')
    for (const [payload, msg] of [
      [{ words: ['run'], status: 'learning', level: 5 }, VOCABULARY_MSG.badLearningLevel],
      [{ words: ['run'], status: 'learning', level: 0 }, VOCABULARY_MSG.badLearningLevel],
      [{ words: ['run'], status: 'learning', level: 2.5 }, VOCABULARY_MSG.badLearningLevel],
      [{ words: ['run'], status: 'known', level: 2 }, VOCABULARY_MSG.levelNeedsLearning],
      [{ words: ['one two three four five six seven'], status: 'known' }, VOCABULARY_MSG.phraseTooLong],
    ] as const) {
      const res = await call(u, 'POST', '/english_vocab/api/words/status', payload)
      expect(res.statusCode, msg).toBe(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect((await list(u)).total).toBe(0)
  })
})

describe('phrases', () => {
  it('marks a phrase across the inflections of its words and counts each occurrence in comprehension as one unit, its words keeping their own statuses', async () => {
    const u = await createTestUser(t.db.database, 'phrases@example.com')
    const hashId = await articleOf(u, PHRASE_TEXT)
    const before = (await articleWords(u, hashId)).comprehension!
    expect(before.known_share).toBe(0)

    // The popover's lookup of a selection: the phrase's lemmas in its sentence.
    const looked = await lookup(u, 'looked forward to', PHRASE_TEXT[1])
    expect(looked).toMatchObject({ word: 'looked forward to', lemma: 'look forward to', pos: 'PHRASE', status: 'new', level: null, hint: null, seen: 3 })

    // Marked once, in any of its forms: every occurrence, whatever the inflection, counts.
    expect((await setStatus(u, ['Looking forward to'], 'known')).changed).toEqual([{ lemma: 'look forward to', before: 'new', before_level: null, before_hint: null }])
    const after = await articleWords(u, hashId)
    expect(after.statuses['look forward to']).toBe('known')
    // Its words are not marked themselves: "look" alone is still new.
    expect(after.statuses.look).toBeUndefined()
    const known = after.comprehension!
    // Three occurrences, each one known unit in place of its three words; "forward" and "to" occur only in it and are no longer new ("look" is, in "I look at the map").
    expect(known.words).toBe(before.words - 6)
    expect(known.known_share).toBeCloseTo(3 / known.words, 4)
    expect(known.new_words).toBe(before.new_words - 2)
    expect(await libraryFigure(u, hashId)).toEqual(known)

    // A phrase partly covering a word: "spite" is learning in "in spite of" and still new in "out of spite".
    await setStatus(u, ['in spite of'], 'learning', 2)
    const partly = (await articleWords(u, hashId)).comprehension!
    expect(partly.words).toBe(known.words - 2)
    expect(partly.known_share).toBeCloseTo(3 / partly.words, 4)
    expect(partly.learning_share).toBeCloseTo(1 / partly.words, 4)
    // One term being learned, not three words; "in" occurs only there; "spite" and "of" occur outside it too.
    expect(partly.learning_words).toBe(known.learning_words + 1)
    expect(partly.new_words).toBe(known.new_words - 1)
    expect(await libraryFigure(u, hashId)).toEqual(partly)
    const words = await articleWords(u, hashId)
    expect(words.statuses).toMatchObject({ 'look forward to': 'known', 'in spite of': 'learning' })
    expect(words.levels).toEqual({ 'in spite of': 2 })

    // The lookup and the Vocabulary list know it, with how often it occurs.
    expect(await lookup(u, 'in spite of', PHRASE_TEXT[2])).toMatchObject({ lemma: 'in spite of', status: 'learning', level: 2, seen: 1 })
    expect(await termOf(u, 'look forward to')).toMatchObject({ status: 'known', seen: 3 })
    // A hint on the phrase, in any of its forms.
    expect(await setHint(u, 'looks forward to', 'sich freuen auf')).toMatchObject({ lemma: 'look forward to', status: 'known', hint: 'sich freuen auf' })
    expect((await articleWords(u, hashId)).hints).toEqual({ 'look forward to': 'sich freuen auf' })

    // Known phrases are not known words on the statistics line.
    const history = await ok(u, 'GET', '/english_vocab/api/words/known_history?start_date=2000-01-01&end_date=2100-01-01')
    expect(history.days.at(-1).known).toBe(0)

    // Forgotten, the figures are as they were.
    await setStatus(u, ['look forward to', 'in spite of'], 'new')
    expect((await articleWords(u, hashId)).comprehension).toEqual(before)
  })

  it("never changes its words' own statuses: a learning phrase over known words is one learning unit, the words elsewhere still known", async () => {
    const u = await createTestUser(t.db.database, 'phrase-units@example.com')
    const audio = `http://media.test/terms-units-${++seq}.mp3`
    const hashId = await articleOf(u, PHRASE_TEXT, audio)
    await setStatus(u, ['look', 'forward', 'to'], 'known')
    const plain = (await articleWords(u, hashId)).comprehension!
    // "look" four times, "forward" and "to" three times each.
    expect(Math.round(plain.known_share * plain.words)).toBe(10)

    await setStatus(u, ['looking forward to'], 'learning')
    const words = await articleWords(u, hashId)
    expect(words.statuses).toMatchObject({ look: 'known', forward: 'known', to: 'known', 'look forward to': 'learning' })
    expect(await lookup(u, 'look', PHRASE_TEXT[3])).toMatchObject({ lemma: 'look', status: 'known' })
    expect(await termOf(u, 'look')).toMatchObject({ status: 'known' })
    // Three learning units in place of nine known words; "look" in "I look at the map" is still known.
    const units = words.comprehension!
    expect(units.words).toBe(plain.words - 6)
    expect(units.known_share).toBeCloseTo(1 / units.words, 4)
    expect(units.learning_share).toBeCloseTo(3 / units.words, 4)
    expect(units.learning_words).toBe(1)
    expect(await libraryFigure(u, hashId)).toEqual(units)

    // Another learner of the same episode with the same words known and no phrase: their figure is their own.
    const other = await createTestUser(t.db.database, 'phrase-units-other@example.com')
    const theirs = (await createLibraryRepo(db()).insert(other.id, { title: 'Same episode', audio })).hashId
    await setStatus(other, ['look', 'forward', 'to'], 'known')
    expect((await articleWords(other, theirs)).comprehension).toEqual(plain)
    expect((await articleWords(other, theirs)).statuses['look forward to']).toBeUndefined()
    // Forgotten, the phrase leaves the figure as it was.
    await setStatus(u, ['look forward to'], 'new')
    expect((await articleWords(u, hashId)).comprehension).toEqual(plain)
  })

  it('leaves out an article whose transcript lacks a word of the phrase', async () => {
    const u = await createTestUser(t.db.database, 'phrases-elsewhere@example.com')
    const hashId = await articleOf(u, ['We look at the sea.', 'Forward is the way.'])
    await setStatus(u, ['look forward to'], 'known')
    const words = await articleWords(u, hashId)
    expect(words.statuses['look forward to']).toBeUndefined()
    expect(words.comprehension!.known_share).toBe(0)
  })

  it('counts a phrase in an episode added after it was marked, and in another user\'s library holding the same episode', async () => {
    const u = await createTestUser(t.db.database, 'phrases-later@example.com')
    const first = await articleOf(u, ['We look at the sea.', 'Forward is the way.'])
    await setStatus(u, ['look forward to'], 'known')
    // The library's figures are read (the phrase is not in the first episode)...
    expect((await libraryFigure(u, first)).known_share).toBe(0)
    expect(await termOf(u, 'look forward to')).toMatchObject({ seen: 0 })
    // ...then an episode saying it twice arrives: its figures and the times seen count it.
    const audio = `http://media.test/terms-later-${++seq}.mp3`
    const later = await articleOf(u, ['I look forward to it.', 'She looked forward to the summer.'], audio)
    const figure = await libraryFigure(u, later)
    expect(figure.known_share).toBeCloseTo(2 / figure.words, 4)
    expect((await articleWords(u, later)).comprehension).toEqual(figure)
    expect(await termOf(u, 'look forward to')).toMatchObject({ seen: 2 })

    // The counts are shared between users, the statuses never: the same episode is all new to another learner until they mark it.
    const other = await createTestUser(t.db.database, 'phrases-later-other@example.com')
    const theirs = (await createLibraryRepo(db()).insert(other.id, { title: 'Same episode', audio })).hashId
    expect((await libraryFigure(other, theirs)).known_share).toBe(0)
    await setStatus(other, ['looking forward to'], 'learning')
    expect((await libraryFigure(other, theirs)).learning_share).toBeCloseTo(2 / figure.words, 4)
  })
})

describe('lemma sequences, where phrases are found', () => {
  const storedSequence = async (hashId: string) => {
    const found = await db().execute(sql`
      select s.sequence from transcript_lemma_sequences s
      join media_transcripts mt on mt.id = s.transcript_id join articles a on a.audio = mt.media_address where a.hash_id = ${hashId}`)
    return (found.rows[0] as { sequence: string } | undefined)?.sequence
  }

  it('stores a transcript as lemmas when its words are counted, so a new phrase runs no tagger over the library', async () => {
    const u = await createTestUser(t.db.database, 'sequences@example.com')
    const hashId = await articleOf(u, ['They were looking forward to it.', 'Ok.'])
    expect(await storedSequence(hashId)).toBeUndefined()
    await libraryFigure(u, hashId)
    expect(await storedSequence(hashId)).toBe(' they be look forward to it \n ok ')
    await setStatus(u, ['look forward to'], 'known')
    expect(await termOf(u, 'look forward to')).toMatchObject({ seen: 1 })
  })

  it('finds a phrase in a transcript counted before sequences were stored, and stores its sequence then', async () => {
    const u = await createTestUser(t.db.database, 'sequences-old@example.com')
    const hashId = await articleOf(u, ['In spite of the rain, we went.', 'In spite of it all.'])
    await libraryFigure(u, hashId)
    // As a transcript counted by the server before this table existed.
    await db().execute(sql`delete from transcript_lemma_sequences where transcript_id = (select mt.id from media_transcripts mt join articles a on a.audio = mt.media_address where a.hash_id = ${hashId})`)
    // Nothing of it is in memory: no phrase was looked for in it yet.
    await setStatus(u, ['in spite of'], 'learning')
    const listed = (await ok(u, 'GET', `/english_vocab/api/words?q=${encodeURIComponent('in spite of')}`)).words as Listed[]
    expect(listed.find((w) => w.lemma === 'in spite of')).toMatchObject({ seen: 2 })
    expect(await storedSequence(hashId)).toBe(' in spite of the rain we go \n in spite of it all ')
  })
})

describe('isolation of terms between users', () => {
  it("never shows or changes another user's hints, levels or phrases", async () => {
    const alice = await createTestUser(t.db.database, 'alice-terms@example.com')
    const bob = await createTestUser(t.db.database, 'bob-terms@example.com')
    const audio = 'http://media.test/terms-shared.mp3'
    const aliceArticle = await articleOf(alice, PHRASE_TEXT, audio)
    await setStatus(alice, ['settle'], 'learning', 3)
    await setHint(alice, 'settle', 'qzsecret-hint')
    await setStatus(alice, ['look forward to'], 'known')
    await setHint(alice, 'look forward to', 'qzsecret-phrase')

    // The same media in Bob's library: the transcript is shared, Alice's terms are not.
    const bobArticle = (await createLibraryRepo(db()).insert(bob.id, { title: 'Same media', audio })).hashId
    const bobs = await articleWords(bob, bobArticle)
    expect(bobs.statuses).toEqual({})
    expect(bobs.hints).toEqual({})
    expect(bobs.levels).toEqual({})
    expect(bobs.comprehension!.known_share).toBe(0)
    expect(await lookup(bob, 'settle')).toMatchObject({ status: 'new', level: null, hint: null })
    expect(await lookup(bob, 'looked forward to', PHRASE_TEXT[1])).toMatchObject({ status: 'new', hint: null, seen: 3 })
    expect((await list(bob, '?q=qzsecret')).words).toEqual([])
    expect((await list(bob, '?q=look')).words.map((w) => w.lemma)).toEqual(['look'])
    expect(await exportCsv(bob)).not.toContain('qzsecret')
    // Bob's own articles cannot be Alice's: her HashID names nothing for him.
    expect((await call(bob, 'GET', `/english_vocab/api/words/article?article_id=${aliceArticle}`)).statusCode).toBe(404)

    // Bob's hint, level and phrase are his own rows.
    expect(await setHint(bob, 'settle', 'bobs hint')).toMatchObject({ status: 'learning', level: 1, hint: 'bobs hint' })
    await setStatus(bob, ['settle'], 'learning', 2)
    await setStatus(bob, ['look forward to'], 'new')
    await setStatus(bob, ['in spite of'], 'ignored')
    expect(await termOf(alice, 'settle')).toMatchObject({ status: 'learning', level: 3, hint: 'qzsecret-hint' })
    expect(await termOf(alice, 'look forward to')).toMatchObject({ status: 'known', hint: 'qzsecret-phrase' })
    expect(await termOf(alice, 'in spite of')).toBeUndefined()
    const alices = await articleWords(alice, aliceArticle)
    expect(alices.statuses).toEqual({ 'look forward to': 'known' })
    expect(alices.hints).toEqual({ 'look forward to': 'qzsecret-phrase' })
    expect(alices.comprehension!.known_share).toBeGreaterThan(0)
  })
})
