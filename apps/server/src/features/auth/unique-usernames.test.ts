import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, form, type TestApp } from '../../../../../test/app'
import { startOAuthProvider } from '../../../../../test/oauth-provider'
import { startSmtpServer, type SmtpServer } from '../../../../../test/smtp'
import type { Database } from '../../db/client'
import { createAuthRepo } from './auth.repo'
import { OAUTH_BROWSER_COOKIE } from './auth.routes'
import { firstFreeUsername } from './usernames'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

let smtp: SmtpServer
let provider: Awaited<ReturnType<typeof startOAuthProvider>>
let t: TestApp

beforeAll(async () => {
  smtp = await startSmtpServer()
  // A provider account whose login is a name e-mail users already have, with its own verified address.
  provider = await startOAuthProvider({ id: '9001', login: 'Alice', email: 'alice@provider.example', emailVerified: true })
  t = await buildTestApp({ smtpUrl: smtp.url, signinIpLimitPerHour: 1000, github: provider.githubConfig, publicUrl: 'http://localhost:3000' })
})
afterAll(async () => {
  await t?.close()
  await provider?.close()
  await smtp?.close()
})

const info = (token: string, cookie?: string) => t.app.inject({ method: 'POST', url: '/user/api/info', ...form({ token }, cookie ? { cookie } : {}) })

/** Signs in by code as the console does; answers the login call's body. */
async function signIn(email: string): Promise<{ token: string; username: string; user_id: string }> {
  await sendCode(email)
  return login(email)
}
async function sendCode(email: string) {
  const sent = await t.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', payload: { email } })
  expect(sent.statusCode, sent.body).toBe(200)
}
async function login(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/user/api/loginByEmail', ...form({ email, code: await smtp.codeFor(email) }) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('the first free name', () => {
  it('keeps a free name, else takes the first free -n from 2, without regard to case', () => {
    expect(firstFreeUsername('alice', ['bob'])).toBe('alice')
    expect(firstFreeUsername('alice', ['alice'])).toBe('alice-2')
    expect(firstFreeUsername('alice', ['ALICE', 'alice-2', 'Alice-4'])).toBe('alice-3')
    expect(firstFreeUsername('Alice', ['alice', 'alice-2'])).toBe('Alice-3')
    // A name that already ends in a number is a name like any other.
    expect(firstFreeUsername('alice-2', ['alice-2'])).toBe('alice-2-2')
  })
})

describe('two addresses with the same local part', () => {
  it('get two names and two ids, each token answering only its own account', async () => {
    const one = await signIn('alice@one.example')
    const two = await signIn('alice@two.example')
    expect(one.username).toBe('alice')
    expect(two.username).toBe('alice-2')
    expect(one.user_id).toMatch(UUID)
    expect(two.user_id).toMatch(UUID)
    expect(two.user_id).not.toBe(one.user_id)

    // The verification call with the other account's token answers that account, never this one.
    expect((await info(one.token)).json()).toEqual({ success: true, msg: 'ok', username: 'alice', user_id: one.user_id })
    expect((await info(two.token)).json()).toEqual({ success: true, msg: 'ok', username: 'alice-2', user_id: two.user_id })

    // Signing in again is the same account: same name, same id.
    const again = await signIn('Alice@Two.example')
    expect(again).toMatchObject({ username: 'alice-2', user_id: two.user_id })

    // A session that ended answers nothing of its account; the other's still answers its own.
    const out = await t.app.inject({ method: 'POST', url: '/user/api/logout', ...form({ token: one.token }) })
    expect(out.statusCode).toBe(200)
    expect((await info(one.token)).statusCode).toBe(401)
    expect((await info(two.token)).json()).toMatchObject({ username: 'alice-2', user_id: two.user_id })
  })

  it('is not the serial number of the row: the id is random and stays the same', async () => {
    const first = await signIn('serial@one.example')
    const { rows } = await t.db.database.pool.query('SELECT id, public_id FROM users WHERE email = $1', ['serial@one.example'])
    expect(first.user_id).toBe(rows[0].public_id)
    expect(first.user_id).toMatch(UUID)
    expect((await signIn('serial@one.example')).user_id).toBe(first.user_id)
  })

  it('gives two sign-ins at the same moment two names', async () => {
    await sendCode('twin@one.example')
    await sendCode('twin@two.example')
    const [a, b] = await Promise.all([login('twin@one.example'), login('twin@two.example')])
    expect([a.username, b.username].sort()).toEqual(['twin', 'twin-2'])
    expect(a.user_id).not.toBe(b.user_id)
  })

  it('gives a provider account whose login is taken a name of its own', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/user/api/oauth/github/start?jump=%2Fconsole%2Flogin' })
    const cookie = `${OAUTH_BROWSER_COOKIE}=${start.cookies.find((c) => c.name === OAUTH_BROWSER_COOKIE)!.value}`
    const approved = await fetch(start.headers.location as string, { redirect: 'manual' })
    const callback = new URL(approved.headers.get('location')!)
    const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } })
    const ticket = new URL(done.headers.location as string, 'http://x').searchParams.get('token')!
    const exchanged = (await info(ticket, cookie)).json()
    // "alice" and "alice-2" are e-mail accounts already (above), whatever the case of the provider's login.
    expect(exchanged).toMatchObject({ success: true, username: 'Alice-3', user_id: expect.stringMatching(UUID) })
    expect((await info(exchanged.token)).json()).toEqual({ success: true, msg: 'ok', username: 'Alice-3', user_id: exchanged.user_id })
  })
})

describe('names taken by concurrent sign-ins on separate connections', () => {
  /** One sign-in's user creation, holding its transaction open a moment so the others wait on its row. */
  const create = (database: Database, email: string) => {
    const repo = createAuthRepo(database.db)
    return repo.transaction(async (tx) => {
      const user = await repo.upsertUserByEmail(email, email.split('@')[0]!, tx)
      await tx.execute(sql`SELECT pg_sleep(0.1)`)
      return user
    })
  }

  it('never gives one name twice, and gives each address one account', async () => {
    // Two pools on one PostgreSQL, as two web processes have; PGlite is one process's, with one connection.
    const other = t.db.database.mode === 'postgres' ? await t.db.reopen() : t.db.database
    try {
      const pools = [t.db.database, other]
      const emails = Array.from({ length: 6 }, (_, i) => `crowd@host${i}.example`)
      const made = await Promise.all([...emails, emails[0]!].map((email, i) => create(pools[i % 2]!, email)))
      const names = made.slice(0, 6).map((u) => u.username)
      expect(new Set(names).size).toBe(6)
      expect(names.sort()).toEqual(['crowd', 'crowd-2', 'crowd-3', 'crowd-4', 'crowd-5', 'crowd-6'])
      // The same address signing in twice at once is one account.
      expect(made[6]!.id).toBe(made[0]!.id)
    } finally {
      if (other !== t.db.database) await other.close()
    }
  })
})
