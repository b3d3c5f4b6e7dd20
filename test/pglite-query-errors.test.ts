import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './app'
import { createTestUser, type TestUser } from './users'

let t: TestApp
let user: TestUser
const warnings: Error[] = []
const keepWarning = (warning: Error) => void warnings.push(warning)

beforeAll(async () => {
  process.on('warning', keepWarning)
  t = await buildTestApp()
  user = await createTestUser(t.db.database, 'errors@example.com')
})
afterAll(async () => {
  process.off('warning', keepWarning)
  await t?.close()
})

const library = () => t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: user.auth })

describe('after a query fails', () => {
  // On PGlite, one failed query used to break every request after it: the
  // reconnect was refused, then sign-in's named statement "already existed".
  it('keeps answering signed-in requests, on either database', async () => {
    expect((await library()).statusCode).toBe(200)
    for (let i = 0; i < 3; i++) {
      await expect(t.db.database.pool.query('select * from no_such_table')).rejects.toThrow(/no_such_table/)
      for (let j = 0; j < 3; j++) {
        const res = await library()
        expect(res.statusCode).toBe(200)
        expect(res.json().collections.length).toBeGreaterThan(0)
      }
    }
    // A new connection's set-up query ran beside the first query handed to it, which node-postgres 9
    // refuses ("already executing a query"); node warns once per process, so this file sees it first.
    await new Promise((resolve) => setImmediate(resolve))
    expect(warnings.map((w) => w.message).filter((m) => m.includes('already executing'))).toEqual([])
  })

  it('rolls back a transaction that failed, and the next one commits', async () => {
    await expect(
      t.db.database.db.transaction(async (tx) => {
        await tx.execute('update articles set title = title')
        await tx.execute('select 1/0')
      }),
    ).rejects.toThrow()
    expect((await library()).statusCode).toBe(200)
  })
})
