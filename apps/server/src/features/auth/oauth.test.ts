import { MSG } from '@lingocast/contract'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, form, type TestApp } from '../../../../../test/app'
import { startOAuthProvider } from '../../../../../test/oauth-provider'
import { startSmtpServer, type SmtpServer } from '../../../../../test/smtp'
import { OAUTH_BROWSER_COOKIE } from './auth.routes'

type Provider = Awaited<ReturnType<typeof startOAuthProvider>>
let provider: Provider
let smtp: SmtpServer
let t: TestApp

beforeAll(async () => {
  provider = await startOAuthProvider({ id: '4242', login: 'octo-learner', email: 'Octo@Example.com', emailVerified: true })
  smtp = await startSmtpServer()
  t = await buildTestApp({ github: provider.githubConfig, oidc: provider.oidcConfig, publicUrl: 'http://localhost:3000', smtpUrl: smtp.url })
})
afterAll(async () => {
  await t?.close()
  await provider?.close()
  await smtp?.close()
})

/** The cookie a browser would send back: the OAuth browser secret set at start. */
function browserCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === OAUTH_BROWSER_COOKIE)
  expect(cookie).toBeDefined()
  return `${OAUTH_BROWSER_COOKIE}=${cookie!.value}`
}

/**
 * Follows the browser's path: our start -> provider authorize -> our callback; returns where the
 * callback sends it and the browser's cookie. `app` defaults to the suite's app.
 */
async function roundTrip(name: 'github' | 'oidc', jump = '/console/login', app = t.app) {
  const start = await app.inject({ method: 'GET', url: `/user/api/oauth/${name}/start?jump=${encodeURIComponent(jump)}` })
  expect(start.statusCode).toBe(302)
  const cookie = browserCookie(start)
  const authorize = new URL(start.headers.location as string)
  expect(authorize.origin).toBe(provider.base)
  const approved = await fetch(authorize, { redirect: 'manual' })
  expect(approved.status).toBe(302)
  const callback = new URL(approved.headers.get('location')!)
  expect(callback.pathname).toBe(`/user/api/oauth/${name}/callback`)
  const done = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } })
  expect(done.statusCode).toBe(302)
  return { location: done.headers.location as string, callbackPath: `${callback.pathname}${callback.search}`, cookie, callback }
}

const tokenIn = (location: string) => new URL(location, 'http://x').searchParams.get('token')
/** The console's verification call of the OAuth return, from a browser with `cookie` (or none). */
const verify = (token: string, cookie?: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/user/api/info', ...form({ token }, cookie ? { cookie } : {}) })
/** Signs in through a provider the way the console does: the return's ticket exchanged for a session token. */
async function signInVia(name: 'github' | 'oidc'): Promise<string> {
  const { location, cookie } = await roundTrip(name)
  const res = await verify(tokenIn(location)!, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().token
}

describe('OAuth sign-in', () => {
  it('offers the enabled providers on the login options', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/api/login-options' })
    expect(res.json()).toMatchObject({ github: true, oidc: { name: 'Loopback SSO' } })
  })

  it('signs in through GitHub and returns to /console/login?token=<ticket>, which the verification call exchanges', async () => {
    const { location, cookie } = await roundTrip('github')
    expect(location).toMatch(/^\/console\/login\?token=/)
    const exchanged = await verify(tokenIn(location)!, cookie)
    expect(exchanged.json()).toEqual({ success: true, msg: 'ok', username: 'octo-learner', user_id: expect.any(String), token: expect.stringMatching(/^[\w-]{43}$/) })
    // The session token answers as any token does, and carries no other token.
    const info = await verify(exchanged.json().token)
    expect(info.json()).toEqual({ success: true, msg: 'ok', username: 'octo-learner', user_id: exchanged.json().user_id })
    expect(provider.seen).toContain('GET /api/user/emails')
  })

  it('signs the same person in through OIDC as the same account, by verified email', async () => {
    const info = await verify(await signInVia('oidc'))
    expect(info.json().username).toBe('octo-learner')
    const users = await t.db.database.pool.query('SELECT count(*)::int AS n FROM users')
    expect(users.rows[0].n).toBe(1)
  })

  it('links to the account made by an email code for the same verified address', async () => {
    await t.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', payload: { email: 'octo@example.com' } })
    const code = await smtp.codeFor('octo@example.com')
    const byEmail = await t.app.inject({ method: 'POST', url: '/user/api/loginByEmail', ...form({ email: 'octo@example.com', code }) })
    expect(byEmail.json().username).toBe('octo-learner')
  })

  it('refuses a replayed callback: the state is single use', async () => {
    const { callbackPath } = await roundTrip('github')
    const replay = await t.app.inject({ method: 'GET', url: callbackPath })
    expect(replay.statusCode).toBe(302)
    expect(new URL(replay.headers.location as string, 'http://x').searchParams.get('error')).toBe(MSG.oauthFailed)
    expect(tokenIn(replay.headers.location as string)).toBeNull()
  })

  it('refuses a callback with a forged state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/api/oauth/github/callback?code=abc&state=forged' })
    expect(new URL(res.headers.location as string, 'http://x').searchParams.get('error')).toBe(MSG.oauthFailed)
  })

  it.each([['https://evil.example/steal'], ['//evil.example'], ['/\\evil.example']])('never redirects off-site (jump %s)', async (jump) => {
    const { location } = await roundTrip('github', jump)
    expect(location.startsWith('/console/login?token=')).toBe(true)
  })

  it('answers 404 for a provider that is not configured', async () => {
    const bare = await buildTestApp()
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/user/api/oauth/github/start' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg: MSG.oauthDisabled })
      expect((await bare.app.inject({ method: 'GET', url: '/user/api/oauth/gitlab/start' })).statusCode).toBe(400)
    } finally {
      await bare.close()
    }
  })
})

// Login CSRF (decision 0002): the return URL's token is a one-time ticket of the browser that started the flow.
describe('the OAuth return ticket', () => {
  afterEach(() => vi.useRealTimers())
  const refused = { success: false, msg: MSG.invalidToken }

  it('works once, not twice', async () => {
    const { location, cookie } = await roundTrip('github')
    const ticket = tokenIn(location)!
    expect((await verify(ticket, cookie)).statusCode).toBe(200)
    const again = await verify(ticket, cookie)
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual(refused)
  })

  it('is refused after 60 seconds', async () => {
    const { location, cookie } = await roundTrip('github')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 61_000)
    const late = await verify(tokenIn(location)!, cookie)
    expect(late.statusCode).toBe(401)
    expect(late.json()).toEqual(refused)
  })

  it("signs in no other browser (an attacker's ticket sent to a victim), and stays its own browser's", async () => {
    const attacker = await roundTrip('github')
    const ticket = tokenIn(attacker.location)!
    const victim = browserCookie(await t.app.inject({ method: 'GET', url: '/user/api/oauth/oidc/start' }))
    for (const cookie of [undefined, victim]) {
      const res = await verify(ticket, cookie)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(refused)
    }
    // The refused tries did not spend it.
    expect((await verify(ticket, attacker.cookie)).json().username).toBe('octo-learner')
  })

  it("refuses another browser's callback (the attacker's own code and state sent to a victim)", async () => {
    const victim = browserCookie(await t.app.inject({ method: 'GET', url: '/user/api/oauth/github/start' }))
    for (const headers of [{ cookie: victim }, {}]) {
      // A fresh flow of the attacker's each time: a refused callback spends its state.
      const start = await t.app.inject({ method: 'GET', url: '/user/api/oauth/github/start' })
      const approved = await fetch(new URL(start.headers.location as string), { redirect: 'manual' })
      const callback = new URL(approved.headers.get('location')!)
      const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers })
      expect(new URL(res.headers.location as string, 'http://x').searchParams.get('error')).toBe(MSG.oauthFailed)
      expect(tokenIn(res.headers.location as string)).toBeNull()
    }
  })

  it('keeps one browser secret across flows, so two tabs signing in at once both work', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/user/api/oauth/github/start' })
    const cookie = browserCookie(first)
    const second = await t.app.inject({ method: 'GET', url: '/user/api/oauth/github/start', headers: { cookie } })
    expect(browserCookie(second)).toBe(cookie)
    for (const start of [first, second]) {
      const approved = await fetch(new URL(start.headers.location as string), { redirect: 'manual' })
      const callback = new URL(approved.headers.get('location')!)
      const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } })
      expect((await verify(tokenIn(done.headers.location as string)!, cookie)).statusCode).toBe(200)
    }
  })

  it('sets the browser secret HttpOnly, SameSite=Lax, on the sign-in paths only', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/user/api/oauth/github/start' })
    expect(start.cookies.find((c) => c.name === OAUTH_BROWSER_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/user/api' })
  })
})

describe('the access log of an OAuth sign-in', () => {
  it('holds no ticket, token, code or state, nor a bearer token or cookie', async () => {
    const lines: string[] = []
    const logged = await buildTestApp({ github: provider.githubConfig, publicUrl: 'http://localhost:3000' }, { logLines: lines })
    try {
      const { location, cookie, callback } = await roundTrip('github', '/console/login', logged.app)
      const ticket = tokenIn(location)!
      // The browser lands on the return URL (the console's page) and the console verifies the ticket.
      await logged.app.inject({ method: 'GET', url: location, headers: { accept: 'text/html' } })
      const token = (await verify(ticket, cookie, logged.app)).json().token as string
      await logged.app.inject({ method: 'GET', url: `/user/api/oauth/github/callback?code=${callback.searchParams.get('code')}&state=x`, headers: { authorization: `Bearer ${token}`, cookie } })

      const log = lines.join('\n')
      expect(log).toContain('/console/login?token=[redacted]')
      expect(log).toContain('/user/api/oauth/github/callback?code=[redacted]&state=[redacted]')
      const secrets = [ticket, token, callback.searchParams.get('code')!, callback.searchParams.get('state')!, cookie.split('=')[1]!]
      for (const secret of secrets) expect(log).not.toContain(secret)
    } finally {
      await logged.close()
    }
  })
})
