import { VOCABULARY_MSG } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createWordNet } from '../tutor/offline/wordnet'
import { lemmaOf } from './lemmatise'
import { estimateLevel, placementBands, topLemmas } from './placement'
import { SPOKEN_NAMES, VULGAR } from './spoken-words'

const wordnet = createWordNet()

describe('placement sample and estimate', () => {
  it('samples content words in base form across the bands, the same all day for one user', async () => {
    const day = new Date('2026-03-01T08:00:00Z')
    const bands = await placementBands(wordnet, 7, day)
    expect(bands.map((b) => [b.from_rank, b.to_rank])).toEqual([
      [1, 1000],
      [1001, 2000],
      [2001, 4000],
      [4001, 8000],
      [8001, 16000],
      [16001, 30000],
    ])
    for (const band of bands) {
      expect(band.words).toHaveLength(8)
      expect(new Set(band.words).size).toBe(8)
      for (const w of band.words) expect(w).toMatch(/^[a-z]{3,}$/)
    }
    const all = bands.flatMap((b) => b.words)
    for (const functionWord of ['the', 'and', 'because', 'with', 'you']) expect(all).not.toContain(functionWord)
    expect(await placementBands(wordnet, 7, new Date('2026-03-01T22:00:00Z'))).toEqual(bands)
    expect(await placementBands(wordnet, 8, day)).not.toEqual(bands)
    expect(await placementBands(wordnet, 7, new Date('2026-03-02T08:00:00Z'))).not.toEqual(bands)
  })

  it('shows a learner no name, vulgar word, slur or oddity, over many users’ samples', async () => {
    const shown = new Set<string>()
    for (let user = 1; user <= 60; user++) for (const band of await placementBands(wordnet, user, new Date('2026-03-01'))) band.words.forEach((w) => shown.add(w))
    expect(shown.size).toBeGreaterThan(1500)
    const names = new Set([...SPOKEN_NAMES].map((n) => n.toLowerCase()))
    const bad = [...shown].filter((w) => VULGAR.has(w) || names.has(w))
    expect(bad).toEqual([])
    // Foreign words, slang spellings and subtitle debris the list holds lower case: none is a dictionary word.
    for (const odd of ['ami', 'chica', 'ers', 'beaucoup', 'caballeros', 'deux']) expect(shown).not.toContain(odd)
    // Every word shown is one WordNet has as a common word.
    for (const word of [...shown].slice(0, 200)) expect((await wordnet.senses(word)).some((s) => !s.proper), word).toBe(true)
  })

  it('estimates the highest band where most shown words were known', async () => {
    const bands = await placementBands(wordnet, 1, new Date('2026-03-01'))
    const shown = bands.flatMap((b) => b.words)
    const firstBands = (n: number) => bands.slice(0, n).flatMap((b) => b.words)
    expect(estimateLevel(firstBands(3), shown)).toBe(4000)
    expect(estimateLevel([], shown)).toBe(0)
    // Half of a band is not most of it.
    expect(estimateLevel([...firstBands(1), ...bands[1]!.words.slice(0, 4)], shown)).toBe(1000)
    expect(estimateLevel(shown, shown)).toBe(30000)
  })

  it('ranks lemmas by their most frequent form', () => {
    const top = topLemmas(1000)
    for (const lemma of ['go', 'be', 'know', 'think', 'good']) expect(top).toContain(lemma)
    expect(top).not.toContain('went')
    expect(topLemmas(1000).length).toBeLessThan(topLemmas(2000).length)
  })

  it('counts the common words SUBTLEX stores capitalised, and leaves names out by a list, not by capitals', () => {
    const top = topLemmas(1000)
    // Sentence starts: stored as "What", "How", "Well", "Yes", "Okay", "Listen", "Perhaps".
    for (const lemma of ['what', 'how', 'well', 'yes', 'okay', 'why', 'where', 'hey', 'listen', 'perhaps', 'maybe', 'hello', 'thank']) expect(top).toContain(lemma)
    // Names, even those that are also words ("Jack", "Frank", "Bill"): their rank is the name's.
    for (const name of ['michael', 'george', 'york', 'jack']) expect(top).not.toContain(name)
    for (const name of ['michael', 'george', 'york', 'charlie', 'david']) expect(topLemmas(8000)).not.toContain(name)
    expect(topLemmas(4000)).toEqual(expect.arrayContaining(['however', 'apparently', 'meanwhile', 'unfortunately', 'french']))
  })
})

let t: TestApp
let alice: TestUser
let bob: TestUser
/** The user's status of a word's lemma, as stored (no row: new). */
const status = async (u: TestUser, word: string) => {
  const lemma = lemmaOf(word)?.lemma ?? word
  const found = await t.db.database.db.execute(sql`select status from user_words where user_id = ${u.id} and lemma = ${lemma}`)
  return (found.rows[0]?.status as string | undefined) ?? 'new'
}
const apply = (u: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/english_vocab/api/words/placement', headers: u.auth, payload })

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
})
afterAll(async () => t?.close())

describe('placement calls', () => {
  it('serves the sample', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/placement', headers: alice.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, bands: await placementBands(wordnet, alice.id), msg: 'ok' })
  })

  it('marks the top words of a level as known, keeps learning and ignored marks, and touches no one else', async () => {
    await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/placement', headers: alice.auth })
    await t.db.database.db.execute(sql`insert into user_words (user_id, lemma, status) values (${alice.id}, 'time', 'learning'), (${alice.id}, 'man', 'ignored')`)
    const res = await apply(alice, { level: 2000 })
    expect(res.statusCode, res.body).toBe(200)
    const { level, marked } = res.json()
    expect(level).toBe(2000)
    expect(marked).toBe(topLemmas(2000).length - 2)
    expect(await status(alice, 'went')).toBe('known')
    expect(await status(alice, 'time')).toBe('learning')
    expect(await status(alice, 'man')).toBe('ignored')
    // Rare words stay new.
    expect(await status(alice, 'tachycardia')).toBe('new')
    expect(await status(bob, 'went')).toBe('new')
    // Again: nothing new to mark.
    expect((await apply(alice, { level: 2000 })).json()).toMatchObject({ level: 2000, marked: 0 })
    const daily = await t.db.database.db.execute(sql`select known from known_words_daily where user_id = ${alice.id}`)
    expect(daily.rows).toEqual([{ known: topLemmas(2000).length - 2 }])
  })

  it('after level 4,000, the most common words are known, sentence starts too; names stay new; no one else is touched', async () => {
    const carol = await createTestUser(t.db.database, 'carol@example.com')
    for (const word of ['how', 'what', 'yes', 'okay']) expect(await status(carol, word)).toBe('new')
    const res = await apply(carol, { level: 4000 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, level: 4000, marked: topLemmas(4000).length, msg: 'ok' })
    for (const word of ['how', 'what', 'yes', 'okay', 'well', 'listen', 'however']) expect(await status(carol, word), word).toBe('known')
    // In a sentence too: "How" starting it is the common word.
    const inSentence = await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/lookup', headers: carol.auth, query: { word: 'How', sentence: 'How did you find it?' } })
    expect(inSentence.json()).toMatchObject({ lemma: 'how', status: 'known' })
    for (const name of ['george', 'michael']) expect(await status(carol, name)).toBe('new')
    const rows = await t.db.database.db.execute(sql`select count(*)::int as n from user_words where user_id = ${carol.id} and lemma in ('jack', 'george', 'michael', 'york')`)
    expect(rows.rows[0]!.n).toBe(0)
    // Bob, who placed himself nowhere, still has "how" as new.
    expect(await status(bob, 'how')).toBe('new')
  })

  it('estimates the level from ticked words, then marks it', async () => {
    const bands = await placementBands(wordnet, bob.id)
    const res = await apply(bob, { known: bands.slice(0, 2).flatMap((b) => b.words), shown: bands.flatMap((b) => b.words) })
    expect(res.json()).toEqual({ success: true, level: 2000, marked: topLemmas(2000).length, msg: 'ok' })
    expect(await status(bob, 'went')).toBe('known')
  })

  it('refuses a level out of range, not whole, or no answer at all', async () => {
    for (const payload of [{ level: -1 }, { level: 30001 }, { level: 1.5 }, { level: 'ten' }, {}]) {
      const res = await apply(alice, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: VOCABULARY_MSG.badLevel })
    }
    const long = await apply(alice, { known: ['x'.repeat(65)], shown: [] })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ msg: VOCABULARY_MSG.wordTooLong })
  })
})
