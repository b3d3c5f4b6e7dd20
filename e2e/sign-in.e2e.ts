import { MSG, TOKEN_COOKIE, USERNAME_COOKIE } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { startSmtpServer, type SmtpServer } from '../test/smtp'
import { launchBrowser, type Browser } from './browser'

let smtp: SmtpServer
let db: TestDatabase
let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  smtp = await startSmtpServer()
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, SMTP_URL: smtp.url })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await smtp?.close()
})

async function cookieNames(): Promise<string[]> {
  return (await browser.context.cookies()).map((c) => c.name)
}

async function signInWithEmail(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Code' }).click()
  const code = await smtp.codeFor(email)
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Login' }).click()
}

describe('sign-in in Chromium', () => {
  it('goes from / to the login screen, signs in with a mailed code, survives a reload and logs out', async () => {
    const page = await browser.context.newPage()
    await page.goto(server.url + '/')
    await page.waitForURL('**/console/login')

    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Send Code' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid email address')
    expect(smtp.received).toHaveLength(0)

    await page.getByLabel('Email').fill('learner@example.com')
    await page.getByRole('button', { name: 'Send Code' }).click()
    const code = await smtp.codeFor('learner@example.com')
    // The resend countdown holds the send button while it runs.
    await expect.poll(() => page.getByRole('button', { name: /Resend in \d+s/ }).isDisabled()).toBe(true)
    const codeBox = page.getByLabel('Verification code')
    expect(await codeBox.getAttribute('maxlength')).toBe('6')
    await codeBox.fill(code)
    await page.getByRole('button', { name: 'Login' }).click()

    await page.waitForURL((url) => url.pathname === '/console/')
    await page.getByText('learner', { exact: true }).waitFor()
    expect(await cookieNames()).toEqual(expect.arrayContaining([TOKEN_COOKIE, USERNAME_COOKIE]))

    await page.reload()
    await page.getByRole('button', { name: 'Logout' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/console/')
    await page.getByText('learner', { exact: true }).waitFor()

    const token = (await browser.context.cookies()).find((c) => c.name === TOKEN_COOKIE)!.value
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL('**/console/login')
    expect(await cookieNames()).not.toContain(TOKEN_COOKIE)
    expect(await cookieNames()).not.toContain(USERNAME_COOKIE)

    // Logout revoked the token on the server, not only in the browser.
    const check = await fetch(`${server.url}/user/api/auth`, { method: 'POST', body: new URLSearchParams({ token }) })
    expect(check.status).toBe(401)
    await page.goto(server.url + '/console/feeds')
    await page.waitForURL('**/console/login')
    await page.close()
  })

  it('shows the server message for a wrong code and stays on the login screen', async () => {
    const page = await browser.context.newPage()
    await page.goto(server.url + '/console/login')
    await page.getByLabel('Email').fill('typo@example.com')
    await page.getByRole('button', { name: 'Send Code' }).click()
    const code = await smtp.codeFor('typo@example.com')
    await page.getByLabel('Verification code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
    await page.getByRole('button', { name: 'Login' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Incorrect verification code')
    expect(new URL(page.url()).pathname).toBe('/console/login')
    await page.close()
  })

  it('goes back a step when the address is edited after Send Code, and signs in with the code sent to the new one', async () => {
    const page = await browser.context.newPage()
    await page.goto(server.url + '/console/login')
    await page.getByLabel('Email').fill('first@example.com')
    await page.getByRole('button', { name: 'Send Code' }).click()
    await smtp.codeFor('first@example.com')
    await page.getByText('We sent a 6-digit code to first@example.com.').waitFor()
    await page.getByLabel('Verification code').fill('123')

    // A corrected address: the code step goes (it would say the code went to the new address), Send Code is back.
    await page.getByLabel('Email').fill('second@example.com')
    expect(await page.getByLabel('Verification code').count()).toBe(0)
    expect(await page.getByText(/We sent a 6-digit code/).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0)
    const send = page.getByRole('button', { name: 'Send Code' })
    expect(await send.isEnabled()).toBe(true)
    // Back to the first address: its code step returns, still held by the resend countdown.
    await page.getByLabel('Email').fill('first@example.com')
    await page.getByText('We sent a 6-digit code to first@example.com.').waitFor()
    expect(await page.getByRole('button', { name: /Resend in \d+s/ }).isDisabled()).toBe(true)

    await page.getByLabel('Email').fill('second@example.com')
    await send.click()
    const code = await smtp.codeFor('second@example.com')
    await page.getByText('We sent a 6-digit code to second@example.com.').waitFor()
    // The box starts empty for the new code.
    expect(await page.getByLabel('Verification code').inputValue()).toBe('')
    await page.getByLabel('Verification code').fill(code)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL((url) => url.pathname === '/console/')
    await page.getByText('second', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL('**/console/login')
    await page.close()
  })

  // Login CSRF (decision 0002): the OAuth return's URL holds a one-time ticket that only the browser that
  // started the flow can exchange (oauth.e2e.ts signs in through it). A session token planted in
  // the URL is login CSRF: the victim would be signed in to the planter's account.
  it('does not sign in with a session token planted in the URL, and cleans the URL', async () => {
    await fetch(`${server.url}/user/api/sendRegisterCode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'planter@example.com' }) })
    const res = await fetch(`${server.url}/user/api/loginByEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'planter@example.com', code: await smtp.codeFor('planter@example.com') }),
    })
    const { token } = (await res.json()) as { token: string }
    const page = await browser.context.newPage()
    await page.goto(`${server.url}/console/login?token=${token}`)
    await page.getByText(MSG.invalidToken).waitFor()
    await page.waitForURL((url) => url.pathname === '/console/login' && !url.search.includes('token'))
    expect(await page.getByText('planter', { exact: true }).count()).toBe(0)
    await page.close()
  })

  it("checks a kept session once, with the request the page's first script sends, and signs a refused token out", async () => {
    const page = await browser.context.newPage()
    await page.goto(server.url + '/console/login')
    await signInWithEmail(page, 'early@example.com')
    await page.waitForURL((url) => url.pathname === '/console/')
    const checks: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/user/api/auth') checks.push(r.method())
    })

    // A kept session opens its screen after one check (sent before the main chunk runs, read by the console).
    await page.goto(server.url + '/console/feeds')
    await page.getByRole('heading', { name: 'My Feed' }).waitFor()
    await page.getByText('early', { exact: true }).waitFor()
    expect(checks).toEqual(['POST'])

    // A token the server no longer knows: that same early answer signs out, cookies gone.
    const token = (await browser.context.cookies()).find((c) => c.name === TOKEN_COOKIE)!.value
    const out = await fetch(`${server.url}/user/api/logout`, { method: 'POST', body: new URLSearchParams({ token }) })
    expect(out.ok).toBe(true)
    await page.goto(server.url + '/console/feeds')
    await page.waitForURL('**/console/login')
    await page.getByLabel('Email').waitFor()
    expect(await cookieNames()).not.toContain(TOKEN_COOKIE)
    expect(checks).toEqual(['POST', 'POST'])
    await page.close()
  })

  it('redirects deep links to the login screen when signed out, and the login screen home when signed in', async () => {
    const page = await browser.context.newPage()
    await page.goto(server.url + '/console/memories/review')
    await page.waitForURL('**/console/login')
    await signInWithEmail(page, 'deep@example.com')
    await page.waitForURL((url) => url.pathname === '/console/')
    await page.goto(server.url + '/console/login')
    await page.waitForURL((url) => url.pathname === '/console/')
    await page.goto(server.url + '/console/subscriptions')
    await page.waitForURL('**/console/feeds')
    await page.goto(server.url + '/console/memories')
    await page.waitForURL('**/console/memories/deck')
    await page.close()
  })
})

describe('shell on a phone', () => {
  it('opens the drawer from the menu button and closes it on navigation', async () => {
    const phone = await launchBrowser({ viewport: { width: 375, height: 740 } })
    try {
      const page = await phone.context.newPage()
      await page.goto(server.url + '/console/login')
      await signInWithEmail(page, 'phone@example.com')
      await page.waitForURL((url) => url.pathname === '/console/')
      const myFeed = page.getByRole('link', { name: 'My Feed' })
      expect(await myFeed.isVisible()).toBe(false)
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect.poll(() => myFeed.isVisible()).toBe(true)
      await myFeed.click()
      await page.waitForURL('**/console/feeds')
      await expect.poll(() => myFeed.isVisible()).toBe(false)
      // An outside click (on the overlay) closes it too.
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect.poll(() => myFeed.isVisible()).toBe(true)
      await page.mouse.click(350, 400)
      await expect.poll(() => myFeed.isVisible()).toBe(false)
    } finally {
      await phone.close()
    }
  })
})
