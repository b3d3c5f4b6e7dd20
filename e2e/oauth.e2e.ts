import { TOKEN_COOKIE } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startOAuthProvider } from '../test/oauth-provider'
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process'
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
})
