import { CHANGE_TIME_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'

/**
 * A mark made offline (decision 0016) carries the time it was made (`changed_at`);
 * the server keeps the later change of each term (last write wins), answers
 * an older one ok without applying it, and a replay changes nothing.
 */
let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice-offline@example.com')
  bob = await createTestUser(t.db.database, 'bob-offline@example.com')
})
afterAll(async () => t?.close())

const mark = (u: TestUser, words: string[], status: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/english_vocab/api/words/status', headers: u.auth, payload: { words, status, ...extra } })
const statusOf = async (u: TestUser, lemma: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/english_vocab/api/words?q=${encodeURIComponent(lemma)}&limit=500`, headers: u.auth })
  const word = (res.json() as { words: Array<{ lemma: string; status: string; level: number | null }> }).words.find((w) => w.lemma === lemma)
  return word ? `${word.status}${word.level ? `:${word.level}` : ''}` : 'new'
}
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

describe('word marks with the time they were made', () => {
  it('applies a change made offline, and not an older one that arrives after it', async () => {
    const res = await mark(alice, ['meadow'], 'learning', { level: 2, changed_at: ago(60_000) })
    expect(res.statusCode).toBe(200)
    expect(res.json().changed).toEqual([{ lemma: 'meadow', before: 'new', before_level: null, before_hint: null }])
    expect(await statusOf(alice, 'meadow')).toBe('learning:2')

    // Made earlier on another device, sent later: answered ok, nothing changed.
    const older = await mark(alice, ['meadows'], 'known', { changed_at: ago(120_000) })
    expect(older.statusCode).toBe(200)
    expect(older.json()).toEqual({ success: true, changed: [], msg: 'ok' })
    expect(await statusOf(alice, 'meadow')).toBe('learning:2')

    // A later one wins.
    expect((await mark(alice, ['meadow'], 'known', { changed_at: ago(30_000) })).json().changed).toHaveLength(1)
    expect(await statusOf(alice, 'meadow')).toBe('known')
  })

  it('lets a change made now (no time sent) outrank an offline change made before it, also when it set the term back to new', async () => {
    expect((await mark(alice, ['brook'], 'known')).statusCode).toBe(200)
    expect((await mark(alice, ['brook'], 'new')).statusCode).toBe(200)
    expect(await statusOf(alice, 'brook')).toBe('new')
    // The row is gone, its time is not: the offline mark from a minute ago stays unapplied.
    expect((await mark(alice, ['brook'], 'ignored', { changed_at: ago(60_000) })).json().changed).toEqual([])
    expect(await statusOf(alice, 'brook')).toBe('new')
  })

  it('applies the same change sent twice once: the replay changes nothing', async () => {
    const change = { changed_at: ago(10_000) }
    expect((await mark(alice, ['willow'], 'known', change)).json().changed).toHaveLength(1)
    expect((await mark(alice, ['willow'], 'known', change)).json().changed).toEqual([])
    expect(await statusOf(alice, 'willow')).toBe('known')
  })

  it('applies only the terms of a call that no later change holds', async () => {
    await mark(alice, ['heron'], 'learning', { level: 3 })
    const res = await mark(alice, ['heron', 'otter'], 'known', { changed_at: ago(60_000) })
    expect(res.json().changed.map((c: { lemma: string }) => c.lemma)).toEqual(['otter'])
    expect(await statusOf(alice, 'heron')).toBe('learning:3')
    expect(await statusOf(alice, 'otter')).toBe('known')
  })

  it('answers 400 with a clear text for a time that is not one, or is in the future; nothing is saved', async () => {
    for (const changed_at of ['yesterday', '2026-13-40T00:00:00Z', '2026-11-26T10:00:00', 12345]) {
      const res = await mark(alice, ['kingfisher'], 'known', { changed_at })
      expect(res.statusCode, String(changed_at)).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: CHANGE_TIME_MSG.invalid })
    }
    const future = await mark(alice, ['kingfisher'], 'known', { changed_at: new Date(Date.now() + 60 * 60_000).toISOString() })
    expect(future.statusCode).toBe(400)
    expect(future.json()).toEqual({ success: false, msg: CHANGE_TIME_MSG.future })
    expect(await statusOf(alice, 'kingfisher')).toBe('new')
    // A clock a minute fast is taken as now.
    expect((await mark(alice, ['kingfisher'], 'known', { changed_at: new Date(Date.now() + 60_000).toISOString() })).statusCode).toBe(200)
    expect(await statusOf(alice, 'kingfisher')).toBe('known')
  })

  it("never touches another user's terms or their change times", async () => {
    await mark(bob, ['reed'], 'known', { changed_at: ago(10_000) })
    // Alice's older offline change of the same term is hers alone: applied to her, Bob's untouched.
    expect((await mark(alice, ['reed'], 'ignored', { changed_at: ago(60_000) })).json().changed).toHaveLength(1)
    expect(await statusOf(alice, 'reed')).toBe('ignored')
    expect(await statusOf(bob, 'reed')).toBe('known')
    // And Bob's later marks are not held back by Alice's times.
    await mark(alice, ['sedge'], 'known', { changed_at: ago(1_000) })
    expect((await mark(bob, ['sedge'], 'learning', { changed_at: ago(50_000) })).json().changed).toHaveLength(1)
    expect(await statusOf(bob, 'sedge')).toBe('learning:1')
    expect(await statusOf(alice, 'sedge')).toBe('known')
  })
})
