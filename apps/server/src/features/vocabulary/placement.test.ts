import { VOCABULARY_MSG } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { estimateLevel, placementBands, topLemmas } from './placement'

describe('placement sample and estimate', () => {
  it('samples content words in base form across the bands, the same all day for one user', () => {
    const day = new Date('2026-03-01T08:00:00Z')
    const bands = placementBands(7, day)
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
    expect(placementBands(7, new Date('2026-03-01T22:00:00Z'))).toEqual(bands)
    expect(placementBands(8, day)).not.toEqual(bands)
    expect(placementBands(7, new Date('2026-03-02T08:00:00Z'))).not.toEqual(bands)
  })

  it('estimates the highest band where most shown words were known', () => {
    const bands = placementBands(1, new Date('2026-03-01'))
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
})

let t: TestApp
let alice: TestUser
let bob: TestUser
const status = async (u: TestUser, word: string) =>
  (await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/lookup', headers: u.auth, query: { word } })).json().status
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
    expect(res.json()).toEqual({ success: true, bands: placementBands(alice.id), msg: 'ok' })
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

  it('estimates the level from ticked words, then marks it', async () => {
    const bands = placementBands(bob.id)
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
