import { DEV_LOGIN_EMAIL } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { SmtpServer } from '../test/smtp'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'

export interface DemoSession {
  server: ServerProcess
  browser: Browser
  page: Page
  /** The demo article's player, its HashID, and the signed-in token. */
  playerUrl: string
  hashId: string
  token: string
  stop(): Promise<void>
}

/**
 * A server on a fresh database (DEV_LOGIN=1 plus `env`), a browser (launched
 * with `browserOptions`) signed in with the developer shortcut, and the demo
 * article every new user gets.
 */
export async function startDemoSession(env: Record<string, string> = {}, browserOptions: Parameters<typeof launchBrowser>[0] = {}): Promise<DemoSession> {
  const db: TestDatabase = await createTestDatabase({ open: false })
  const server = await startServerProcess({ ...db.env, DEV_LOGIN: '1', ...env })
  const browser = await launchBrowser(browserOptions)
  const page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
  const { hashId, token } = await demoArticleOf(page)
  return {
    server,
    browser,
    page,
    playerUrl: `${server.url}/console/player/audio/${hashId}`,
    hashId,
    token,
    async stop() {
      await browser.close()
      await server.stop()
      await db.drop()
    },
  }
}

/** The signed-in page's demo article (its HashID) and session token, read in the page with its Token cookie. */
export function demoArticleOf(page: Page): Promise<{ hashId: string; token: string }> {
  return page.evaluate(async () => {
    const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('Token='))!.slice('Token='.length))
    const res = await fetch('/english_vocab/api/word_collections', { headers: { authorization: `Bearer ${token}` } })
    const body = (await res.json()) as { collections: Array<{ HashID: string; Audio: string | null }> }
    return { hashId: body.collections.find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!.HashID, token }
  })
}

/** The developer shortcut (DEV_LOGIN=1): the fixed address signs in without a code and lands on the Learning screen. */
export async function signInAsDeveloper(page: Page, serverUrl: string): Promise<void> {
  await page.goto(serverUrl + '/console/login')
  await page.getByLabel('Email').fill(DEV_LOGIN_EMAIL)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.waitForURL((url) => url.pathname === '/console/')
}

/** Signs in with the emailed code, as a learner would, and waits for the Learning screen. */
export async function signInByEmail(page: Page, serverUrl: string, smtp: SmtpServer, email: string): Promise<void> {
  await page.goto(serverUrl + '/console/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Verification code').fill(await smtp.codeFor(email))
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname === '/console/')
}

/** Calls the API with the session's token, as another device of the learner would; the answer must be 200. */
export async function sessionApi<T>(s: Pick<DemoSession, 'server' | 'token'>, path: string, body?: object): Promise<T> {
  const res = await fetch(`${s.server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${s.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

/**
 * Opens a console address inside the console, as its own links do (the router, not a page load), so
 * that the screen asks for its data from the browser, where a test can hold or answer it with
 * `page.route`. A page load of the player or the review comes with the learner's data already in the
 * page (decision 0021) and then asks for nothing, unless the console's service worker answered the
 * navigation with its cached shell: which of the two happens depends on when the worker took over.
 */
export async function openInConsole(page: Page, url: string): Promise<void> {
  const target = new URL(url)
  // A new page load (an empty query cache) of a screen that asks for no data of its own.
  await page.goto(`${target.origin}/console/downloads`)
  await consoleTookOver(page)
  await page.evaluate((path) => {
    // What the router does on the browser's back and forward: it follows the address it is shown.
    window.history.pushState(null, '', path)
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, target.pathname + target.search)
  await page.waitForURL(target.href)
}

/** Waits until the console's own screen has replaced the page's inert frame (decisions 0019, 0021): its router is running and it takes input. */
export async function consoleTookOver(page: Page, timeout = 15_000): Promise<void> {
  await expect.poll(() => page.locator('#root > div[inert]').count(), { timeout }).toBe(0)
}

/** A word of the player's caption line (the first of that name). */
export const subtitleWord = (page: Page, name: string) =>
  page.locator('section[aria-label="Subtitles"] button[data-word-index]').filter({ hasText: new RegExp(`^${name}$`) }).first()

/** Steps with Next or Previous segment until the segment starting at `start` (ms) is the player's caption line. */
export async function showSegment(page: Page, start: number, timeout?: number): Promise<void> {
  await page.locator('[data-segment-start]').first().waitFor(timeout === undefined ? {} : { timeout })
  for (let i = 0; i < 10; i++) {
    const shown = Number(await page.locator('section[aria-label="Subtitles"] [data-segment-start]').first().getAttribute('data-segment-start'))
    if (shown === start) return
    await page.getByRole('button', { name: shown < start ? 'Next segment' : 'Previous segment' }).click()
    await page.waitForTimeout(100)
  }
  await page.locator(`section[aria-label="Subtitles"] [data-segment-start="${start}"]`).waitFor()
}

/** Marks a word of the caption line Known from its lookup popover, as a learner does, and closes the popover. */
export async function markKnownInPlayer(page: Page, word: string): Promise<void> {
  await subtitleWord(page, word).hover()
  await page.getByRole('button', { name: `Look up ${word}` }).click()
  const dialog = page.getByRole('dialog', { name: `Look up ${word}` })
  await dialog.getByRole('button', { name: 'Known' }).click()
  await expect.poll(() => dialog.getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('true')
  await page.keyboard.press('Escape')
}
