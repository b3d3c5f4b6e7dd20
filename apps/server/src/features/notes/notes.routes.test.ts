import { LIBRARY_MSG, NOTES_MAX_LENGTH, NOTES_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'

let t: TestApp
let alice: TestUser
let bob: TestUser
let aliceArticle: string
let bobArticle: string

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  const repo = createLibraryRepo(t.db.database.db)
  aliceArticle = (await repo.insert(alice.id, { title: 'Alice listens' })).hashId
  bobArticle = (await repo.insert(bob.id, { title: 'Bob listens' })).hashId
})
afterAll(async () => t?.close())

const url = (hashId: string) => `/storage/api/config/${hashId}_outline.txt`
const read = (u: TestUser, hashId: string) => t.app.inject({ method: 'GET', url: url(hashId), headers: u.auth })
const write = (u: TestUser, hashId: string, text: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: url(hashId), headers: { ...u.auth, 'content-type': 'text/plain; charset=utf-8', ...headers }, payload: text })

describe('notes', () => {
  it('answers 404 before the first save, then returns exactly what was saved, as plain text', async () => {
    const none = await read(alice, aliceArticle)
    expect(none.statusCode).toBe(404)
    expect(none.json()).toEqual({ success: false, msg: NOTES_MSG.notFound })

    const text = 'Notes: Alice listens\n\nKey Points:\n1. "reluctant" — not eager ✓\n  - ümlaut, 中文, emoji 🎧\n'
    const saved = await write(alice, aliceArticle, text)
    expect(saved.json(), saved.body).toEqual({ success: true, msg: 'ok' })
    const back = await read(alice, aliceArticle)
    expect(back.statusCode).toBe(200)
    expect(back.headers['content-type']).toMatch(/^text\/plain/)
    expect(back.body).toBe(text)
  })

  it('keeps the latest save, and an emptied note stays empty (not 404)', async () => {
    await write(alice, aliceArticle, 'first')
    await write(alice, aliceArticle, 'second')
    expect((await read(alice, aliceArticle)).body).toBe('second')
    expect((await write(alice, aliceArticle, '')).statusCode).toBe(200)
    const empty = await read(alice, aliceArticle)
    expect(empty.statusCode).toBe(200)
    expect(empty.body).toBe('')
  })

  it('skips a late save that is older than the last one from the same editor, but not from another editor', async () => {
    const editor = { 'x-notes-editor': 'tab-aaaaaaaa' }
    await write(alice, aliceArticle, 'edit 5 (final, sent on leaving)', { ...editor, 'x-notes-revision': '5' })
    const late = await write(alice, aliceArticle, 'edit 4 (slow)', { ...editor, 'x-notes-revision': '4' })
    expect(late.json()).toEqual({ success: true, msg: 'ok' })
    expect((await read(alice, aliceArticle)).body).toBe('edit 5 (final, sent on leaving)')
    await write(alice, aliceArticle, 'from another tab', { 'x-notes-editor': 'tab-bbbbbbbb', 'x-notes-revision': '1' })
    expect((await read(alice, aliceArticle)).body).toBe('from another tab')
  })

  it('refuses notes that are too long and keeps the saved ones', async () => {
    await write(alice, aliceArticle, 'kept')
    const big = await write(alice, aliceArticle, 'x'.repeat(NOTES_MAX_LENGTH + 1))
    expect(big.statusCode).toBe(400)
    expect(big.json()).toEqual({ success: false, msg: NOTES_MSG.tooLong })
    expect((await read(alice, aliceArticle)).body).toBe('kept')
  })

  it('answers 404 for a file name that is not {HashID}_outline.txt, and for an unknown article', async () => {
    for (const path of [`/storage/api/config/${aliceArticle}.txt`, `/storage/api/config/${aliceArticle}_outline.md`, '/storage/api/config/_outline.txt']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: alice.auth })
      expect(res.statusCode, path).toBe(404)
    }
    const unknown = await write(alice, 'nope00000000', 'x')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
  })

  it('requires a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(aliceArticle) })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, msg: 'Authentication token not found.' })
  })
})

describe("another user's notes", () => {
  it('are neither readable nor writable with the same HashID, and stay unchanged', async () => {
    await write(alice, aliceArticle, 'private to alice')
    const peek = await read(bob, aliceArticle)
    expect(peek.statusCode).toBe(404)
    expect(peek.body).not.toContain('private')
    const overwrite = await write(bob, aliceArticle, 'bob was here')
    expect(overwrite.statusCode).toBe(404)
    expect((await read(alice, aliceArticle)).body).toBe('private to alice')
    // Bob's own article is unaffected by Alice's notes and has none.
    expect((await read(bob, bobArticle)).statusCode).toBe(404)
    expect((await read(alice, bobArticle)).statusCode).toBe(404)
  })
})
