import { MSG, TOKEN_COOKIE } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startOAuthProvider } from '../test/oauth-provider'
import { freePort, startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'

let provider: Awaited<ReturnType<typeof startOAuthProvider>>
let db: TestDatabase
let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  provider = await startOAuthProvider({ id: '777', login: 'hub-learner', email: 'hub@example.com', emailVerified: true })
  db = await createTestDatabase({ open: false })
  const port = await freePort()
  server = await startServerProcess({
    ...db.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    GITHUB_CLIENT_ID: provider.client.id,
    GITHUB_CLIENT_SECRET: provider.client.secret,
    GITHUB_URL: provider.base,
    GITHUB_API_URL: `${provider.base}/api`,
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await provider?.close()
})

describe('GitHub sign-in in Chromium', () => {
  it('goes to the provider and back, and lands signed in with the provider login as username', async () => {
    const page = await browser.context.newPage()
    await page.goto(server.url + '/console/login')
    await page.getByRole('link', { name: 'Continue with GitHub' }).click()
    await page.waitForURL((url) => url.pathname === '/console/' && !url.search.includes('token'))
    await page.getByText('hub-learner', { exact: true }).waitFor()
    expect(provider.seen).toContain('GET /login/oauth/authorize')
    expect((await browser.context.cookies()).map((c) => c.name)).toContain(TOKEN_COOKIE)
    await page.close()
  })

  // Login CSRF (decision 0002): the return URL holds a one-time ticket of the browser that started the flow.
  it("does not sign a victim in to the attacker's account through the attacker's return link", async () => {
    // The attacker runs the flow with their own cookie jar and stops at the return URL.
    const attackerReturn = async () => {
      const start = await fetch(`${server.url}/user/api/oauth/github/start?jump=%2Fconsole%2Flogin`, { redirect: 'manual' })
      const cookie = start.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
      const approved = await fetch(start.headers.get('location')!, { redirect: 'manual' })
      const callback = await fetch(approved.headers.get('location')!, { redirect: 'manual', headers: { cookie } })
      const returnUrl = callback.headers.get('location')!
      expect(returnUrl).toMatch(/^\/console\/login\?token=ticket\./)
      return { returnUrl, cookie, ticket: new URL(returnUrl, server.url).searchParams.get('token')! }
    }
    const unspent = await attackerReturn()

    // A session token planted in the link is no better: the console only accepts an exchanged ticket.
    const spent = await attackerReturn()
    const exchanged = await fetch(`${server.url}/user/api/info`, {
      method: 'POST',
      headers: { cookie: spent.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: spent.ticket }),
    })
    const attackerSession = ((await exchanged.json()) as { token: string }).token
    expect(attackerSession).toMatch(/^[\w-]{43}$/)

    const victim = await launchBrowser()
    try {
      for (const link of [`${server.url}${unspent.returnUrl}`, `${server.url}/console/login?token=${attackerSession}`]) {
        const page = await victim.context.newPage()
        await page.goto(link)
        await page.getByText(MSG.invalidToken).waitFor()
        expect(new URL(page.url()).pathname).toBe('/console/login')
        expect((await victim.context.cookies()).map((c) => c.name)).not.toContain(TOKEN_COOKIE)
        await page.close()
      }
    } finally {
      await victim.close()
    }
  })
})
