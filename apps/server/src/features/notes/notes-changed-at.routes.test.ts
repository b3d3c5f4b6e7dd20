import { CHANGE_TIME_MSG, LIBRARY_MSG, NOTES_CHANGED_AT_HEADER } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'

/**
 * Decision 0016: notes written offline are sent later with the time they were
 * written; the server keeps the newer notes (last write wins), answers an
 * older save ok without applying it, and a replay changes nothing.
 */
let t: TestApp
let alice: TestUser
let bob: TestUser
let aliceArticle: string
let bobArticle: string
let aliceSecond: string

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice-notes@example.com')
  bob = await createTestUser(t.db.database, 'bob-notes@example.com')
  const repo = createLibraryRepo(t.db.database.db)
  aliceArticle = (await repo.insert(alice.id, { title: 'Alice offline' })).hashId
  bobArticle = (await repo.insert(bob.id, { title: 'Bob offline' })).hashId
  aliceSecond = (await repo.insert(alice.id, { title: 'Alice offline again' })).hashId
})
afterAll(async () => t?.close())

const url = (hashId: string) => `/storage/api/config/${hashId}_outline.txt`
const read = async (u: TestUser, hashId: string) => (await t.app.inject({ method: 'GET', url: url(hashId), headers: u.auth })).body
const write = (u: TestUser, hashId: string, text: string, changedAt?: string) =>
  t.app.inject({
    method: 'PUT',
    url: url(hashId),
    headers: { ...u.auth, 'content-type': 'text/plain; charset=utf-8', ...(changedAt === undefined ? {} : { [NOTES_CHANGED_AT_HEADER]: changedAt }) },
    payload: text,
  })
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

describe('notes written offline', () => {
  it('are saved when nothing newer is stored, and an older save sent later is answered ok and not applied', async () => {
    expect((await write(alice, aliceArticle, 'written offline', ago(60_000))).json()).toEqual({ success: true, msg: 'ok' })
    expect(await read(alice, aliceArticle)).toBe('written offline')
    // Written online now: newer than anything that waited offline.
    await write(alice, aliceArticle, 'written online')
    const late = await write(alice, aliceArticle, 'older offline draft', ago(30_000))
    expect(late.json()).toEqual({ success: true, msg: 'ok' })
    expect(await read(alice, aliceArticle)).toBe('written online')
  })

  it('keep the later of two offline saves whatever order they arrive in, and a replay changes nothing', async () => {
    const first = ago(20_000)
    const second = ago(10_000)
    await write(alice, aliceSecond, 'second draft', second)
    await write(alice, aliceSecond, 'first draft', first)
    expect(await read(alice, aliceSecond)).toBe('second draft')
    await write(alice, aliceSecond, 'second draft', second)
    expect(await read(alice, aliceSecond)).toBe('second draft')
  })

  it('answer 400 with a clear text for a time that is not one, or is in the future; the notes stay', async () => {
    const before = await read(alice, aliceArticle)
    for (const bad of ['soon', '2026-11-26 10:00', '']) {
      const res = await write(alice, aliceArticle, 'never saved', bad)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: CHANGE_TIME_MSG.invalid })
    }
    const future = await write(alice, aliceArticle, 'never saved', new Date(Date.now() + 3_600_000).toISOString())
    expect(future.statusCode).toBe(400)
    expect(future.json()).toEqual({ success: false, msg: CHANGE_TIME_MSG.future })
    expect(await read(alice, aliceArticle)).toBe(before)
  })

  it("never read or write another user's notes, with or without a time", async () => {
    await write(bob, bobArticle, "Bob's notes")
    const res = await write(alice, bobArticle, 'from Alice', ago(1_000))
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
    expect(await read(bob, bobArticle)).toBe("Bob's notes")
    // Bob's newer notes do not hold back Alice's save of her own article (a new one: her first article's
    // notes were written online by an earlier test, maybe less than 500 ms ago).
    const fresh = (await createLibraryRepo(t.db.database.db).insert(alice.id, { title: 'Alice offline, third' })).hashId
    await write(alice, fresh, "Alice's own", ago(500))
    expect(await read(alice, fresh)).toBe("Alice's own")
  })
})
