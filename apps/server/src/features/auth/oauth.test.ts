import { MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, form, type TestApp } from '../../../../../test/app'
import { startOAuthProvider } from '../../../../../test/oauth-provider'
import { startSmtpServer, type SmtpServer } from '../../../../../test/smtp'

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

/** Follows the browser's path: our start -> provider authorize -> our callback; returns where the callback sends it. */
async function roundTrip(name: 'github' | 'oidc', jump = '/console/login') {
  const start = await t.app.inject({ method: 'GET', url: `/user/api/oauth/${name}/start?jump=${encodeURIComponent(jump)}` })
  expect(start.statusCode).toBe(302)
  const authorize = new URL(start.headers.location as string)
  expect(authorize.origin).toBe(provider.base)
  const approved = await fetch(authorize, { redirect: 'manual' })
  expect(approved.status).toBe(302)
  const callback = new URL(approved.headers.get('location')!)
  expect(callback.pathname).toBe(`/user/api/oauth/${name}/callback`)
  const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` })
  expect(done.statusCode).toBe(302)
  return { location: done.headers.location as string, callbackPath: `${callback.pathname}${callback.search}` }
}

const tokenIn = (location: string) => new URL(location, 'http://x').searchParams.get('token')

describe('OAuth sign-in', () => {
  it('offers the enabled providers on the login options', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/api/login-options' })
    expect(res.json()).toMatchObject({ github: true, oidc: { name: 'Loopback SSO' } })
  })

  it('signs in through GitHub and returns to /console/login?token=...', async () => {
    const { location } = await roundTrip('github')
    expect(location).toMatch(/^\/console\/login\?token=/)
    const info = await t.app.inject({ method: 'POST', url: '/user/api/info', ...form({ token: tokenIn(location)! }) })
    expect(info.json()).toEqual({ success: true, msg: 'ok', username: 'octo-learner' })
    expect(provider.seen).toContain('GET /api/user/emails')
  })

  it('signs the same person in through OIDC as the same account, by verified email', async () => {
    const { location } = await roundTrip('oidc')
    const info = await t.app.inject({ method: 'POST', url: '/user/api/info', ...form({ token: tokenIn(location)! }) })
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
