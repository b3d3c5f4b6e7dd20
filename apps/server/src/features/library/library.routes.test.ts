import { LIBRARY_MSG, MSG } from '@lingocast/contract'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, form, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { toArticleDto } from './article-dto'
import { createLibraryRepo } from './library.repo'

let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
})
afterAll(async () => t?.close())

const list = (u: TestUser) => t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: u.auth })
const get = (u: TestUser, id: string | number) => t.app.inject({ method: 'GET', url: `/english_vocab/api/article?id=${id}`, headers: u.auth })
const mark = (u: TestUser, article_id: unknown, finished: unknown) =>
  t.app.inject({ method: 'POST', url: '/english_vocab/api/mark_finished', headers: u.auth, payload: { article_id, finished } })
const del = (u: TestUser, article_id: unknown) => t.app.inject({ method: 'POST', url: '/english_vocab/api/delete-article', headers: u.auth, payload: { article_id } })

describe('library', () => {
  it('gives a new user the demo article, playable with its transcript, exactly once', async () => {
    const first = (await list(alice)).json()
    expect(first.success).toBe(true)
    expect(first.collections).toHaveLength(1)
    const demo = first.collections[0]
    expect(demo).toMatchObject({ Title: 'Sense and Sensibility, Chapter 1 (excerpt)', Audio: '/demo/sense-and-sensibility.mp3', Video: null, IsFinished: false })
    expect(demo.HashID).toMatch(/^[0-9A-Za-z]{12}$/)
    expect(Object.keys(demo).sort()).toEqual(['Audio', 'CollectionID', 'Description', 'Duration', 'HashID', 'IsFinished', 'Outline', 'PlainText', 'Thumbnail', 'Title', 'Video'])
    expect((await list(alice)).json().collections).toHaveLength(1)
  })

  it('shows the demo article to every first read at once (two tabs opening together), seeded once', async () => {
    const carol = await createTestUser(t.db.database, 'carol@example.com')
    const reads = await Promise.all(Array.from({ length: 6 }, () => list(carol)))
    for (const r of reads) expect(r.json().collections.map((a: { Title: string }) => a.Title)).toEqual(['Sense and Sensibility, Chapter 1 (excerpt)'])
    expect((await list(carol)).json().collections).toHaveLength(1)
  })

  it('never lets a concurrent first read see a half-written seed', async () => {
    // Forty items make the seeding window wide enough that a read racing it
    // would see part of them if the claim and the inserts did not commit together.
    const dave = await createTestUser(t.db.database, 'dave@example.com')
    const repo = createLibraryRepo(t.db.database.db)
    const items = Array.from({ length: 40 }, (_, i) => ({ title: `Seed ${i}` }))
    const counts = await Promise.all(
      Array.from({ length: 6 }, async () => {
        await repo.seedOnce(dave.id, items)
        return (await repo.listForUser(dave.id)).length
      }),
    )
    expect(counts).toEqual([40, 40, 40, 40, 40, 40])
  })

  it('lists by CollectionID descending', async () => {
    const repo = createLibraryRepo(t.db.database.db)
    await repo.insert(alice.id, { title: 'Second' })
    await repo.insert(alice.id, { title: 'Third' })
    const ids = (await list(alice)).json().collections.map((a: { CollectionID: number }) => a.CollectionID)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(ids).toHaveLength(3)
  })

  it('reads one article by HashID or CollectionID, and says when it is not there', async () => {
    const [newest] = (await list(alice)).json().collections
    expect((await get(alice, newest.HashID)).json()).toEqual({ success: true, article: newest, is_mine: true, msg: 'ok' })
    expect((await get(alice, newest.CollectionID)).json().article.HashID).toBe(newest.HashID)
    const missing = await get(alice, 'nope00000000')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
    expect((await t.app.inject({ method: 'GET', url: '/english_vocab/api/article', headers: alice.auth })).json()).toEqual({ success: false, msg: 'id is required' })
  })

  it('marks finished and active, from JSON or a form', async () => {
    const [a] = (await list(alice)).json().collections
    const marked = await mark(alice, a.CollectionID, true)
    expect(marked.json(), marked.body).toEqual({ success: true, msg: 'ok' })
    expect((await get(alice, a.HashID)).json().article.IsFinished).toBe(true)
    const viaForm = await t.app.inject({ method: 'POST', url: '/english_vocab/api/mark_finished', ...form({ article_id: a.HashID, finished: 'false' }, alice.auth) })
    expect(viaForm.json()).toEqual({ success: true, msg: 'ok' })
    expect((await get(alice, a.HashID)).json().article.IsFinished).toBe(false)
    const bad = await mark(alice, a.CollectionID, 'maybe')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ success: false, msg: 'finished must be true or false' })
  })

  it('deletes an article, and a deleted demo article does not come back', async () => {
    const before = (await list(alice)).json().collections
    const demo = before.find((a: { Title: string }) => a.Title.startsWith('Sense'))
    expect((await del(alice, demo.HashID)).json()).toEqual({ success: true, msg: 'ok' })
    const after = (await list(alice)).json().collections
    expect(after).toHaveLength(before.length - 1)
    expect(after.some((a: { HashID: string }) => a.HashID === demo.HashID)).toBe(false)
    expect((await del(alice, demo.HashID)).statusCode).toBe(404)
  })
})

/**
 * Decision 0017: the list is kept serialised per user while their articles do not
 * change. Writes here go straight to the table, as another web process or a
 * job would make them: the next list must still be the rows as stored.
 */
describe('the list kept between reads', () => {
  const db = () => t.db.database.db
  const stored = async (u: TestUser) => (await createLibraryRepo(db()).listForUser(u.id)).map(toArticleDto)
  const listed = async (u: TestUser) => {
    const res = await list(u)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    return res.json()
  }

  it('answers the rows as stored after every kind of write, from whichever process', async () => {
    const erin = await createTestUser(t.db.database, 'erin@example.com')
    expect(await listed(erin)).toEqual({ success: true, collections: await stored(erin), msg: 'ok' })
    const writes = [
      sql`insert into articles (hash_id, user_id, title, audio) values ('erinAdded001', ${erin.id}, 'Added elsewhere', 'http://media.test/e.mp3')`,
      sql`update articles set title = 'Renamed elsewhere', duration_seconds = 61.5, thumbnail = '/storage/api/jump/t.jpg' where hash_id = 'erinAdded001'`,
      sql`update articles set is_finished = true where user_id = ${erin.id}`,
      sql`delete from articles where hash_id = 'erinAdded001'`,
    ]
    for (const write of writes) {
      await listed(erin)
      await db().execute(write)
      const after = await listed(erin)
      expect(after.collections).toEqual(await stored(erin))
    }
    expect((await listed(erin)).collections.map((a: { IsFinished: boolean }) => a.IsFinished)).toEqual([true])
  })

  it("keeps each user's list apart: one user's write leaves the other's answer as it was, and neither shows the other's", async () => {
    const frank = await createTestUser(t.db.database, 'frank@example.com')
    const gina = await createTestUser(t.db.database, 'gina@example.com')
    const repo = createLibraryRepo(db())
    const franks = await repo.insert(frank.id, { title: 'Frank only' })
    const ginaBefore = (await list(gina)).body
    await listed(frank)
    // One statement writing both users' articles moves both lists.
    await db().execute(sql`update articles set title = title || ' (edited)' where user_id in (${frank.id}, ${gina.id})`)
    const franksAfter = (await listed(frank)).collections
    const ginasAfter = (await listed(gina)).collections
    expect(franksAfter).toEqual(await stored(frank))
    expect(ginasAfter).toEqual(await stored(gina))
    expect(ginasAfter.map((a: { Title: string }) => a.Title)).toEqual(JSON.parse(ginaBefore).collections.map((a: { Title: string }) => `${a.Title} (edited)`))
    expect(ginasAfter.some((a: { HashID: string }) => a.HashID === franks.hashId)).toBe(false)
    await repo.delete(frank.id, franks.hashId)
    expect((await listed(gina)).collections).toEqual(ginasAfter)
    expect((await listed(frank)).collections.some((a: { HashID: string }) => a.HashID === franks.hashId)).toBe(false)
  })

  it('sends the kept list compressed to a browser that asks for it, the same JSON once unpacked', async () => {
    const ivan = await createTestUser(t.db.database, 'ivan@example.com')
    for (let i = 0; i < 20; i++) await createLibraryRepo(db()).insert(ivan.id, { title: `Long enough to compress ${i}` })
    const plain = (await list(ivan)).body
    const packed = await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: { ...ivan.auth, 'accept-encoding': 'gzip' } })
    expect(packed.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(packed.rawPayload).toString()).toBe(plain)
  })

  it('answers the same text many readers at once, and the version of the rows they asked after', async () => {
    const hana = await createTestUser(t.db.database, 'hana@example.com')
    const repo = createLibraryRepo(db())
    for (let i = 0; i < 30; i++) await repo.insert(hana.id, { title: `Item ${i}` })
    const bodies = await Promise.all(Array.from({ length: 8 }, async () => (await list(hana)).body))
    expect(new Set(bodies).size).toBe(1)
    expect(JSON.parse(bodies[0]!).collections).toEqual(await stored(hana))
    await repo.insert(hana.id, { title: 'One more' })
    const later = await Promise.all(Array.from({ length: 8 }, async () => (await list(hana)).json().collections))
    for (const c of later) expect(c).toHaveLength(32)
  })
})

describe("another user's articles", () => {
  it('answer not found on every call and stay unchanged', async () => {
    const [target] = (await list(alice)).json().collections
    await list(bob)
    for (const ref of [target.HashID, target.CollectionID]) {
      for (const res of [await get(bob, ref), await mark(bob, ref, true), await del(bob, ref)]) {
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
      }
    }
    expect((await get(alice, target.HashID)).json().article).toEqual(target)
    expect((await list(bob)).json().collections.some((a: { HashID: string }) => a.HashID === target.HashID)).toBe(false)
  })

  it('needs a token on every call', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections' }),
      await t.app.inject({ method: 'GET', url: '/english_vocab/api/article?id=x' }),
      await t.app.inject({ method: 'POST', url: '/english_vocab/api/mark_finished', payload: { article_id: 1, finished: true } }),
      await t.app.inject({ method: 'POST', url: '/english_vocab/api/delete-article', payload: { article_id: 1 } }),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, msg: MSG.tokenNotFound })
    }
  })
})
