import { DEV_LOGIN_EMAIL, DEV_LOGIN_TOKEN, type Article } from '@lingocast/contract'
import type { Dialog, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { startSmtpServer, type SmtpServer } from '../test/smtp'
import { launchBrowser, type Browser } from './browser'
import { signInAsDeveloper, signInByEmail } from './session'

const DEMO_TITLE = 'Sense and Sensibility, Chapter 1 (excerpt)'
const EMPTY = 'No items match the current filter.'
const CONFIRM = `Are you sure you want to delete "${DEMO_TITLE}"? This cannot be undone.`

let smtp: SmtpServer
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let demo: Article

/** The library as the server has it, read with the developer token. */
async function serverLibrary(token = DEV_LOGIN_TOKEN): Promise<Article[]> {
  const res = await fetch(`${server.url}/english_vocab/api/word_collections`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { collections: Article[] }).collections
}

async function markFinished(hashId: string, finished: boolean) {
  const res = await fetch(`${server.url}/english_vocab/api/mark_finished`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ article_id: hashId, finished }),
  })
  expect(res.status).toBe(200)
}

/** The developer shortcut: the fixed email skips the code and lands on /console/. */
async function devSignIn(target: Page) {
  const options = target.waitForResponse((r) => r.url().endsWith('/user/api/login-options'))
  await signInAsDeveloper(target, server.url)
  expect((await (await options).json()).devLogin).toBe(true)
}

/** Answers every confirm with `confirm` and records every native dialog's message. */
function onDialogs(target: Page, confirm: 'accept' | 'dismiss') {
  const seen: Array<{ type: string; message: string }> = []
  const handler = (d: Dialog) => {
    seen.push({ type: d.type(), message: d.message() })
    void (d.type() === 'confirm' && confirm === 'dismiss' ? d.dismiss() : d.accept())
  }
  target.on('dialog', handler)
  return { seen, off: () => target.off('dialog', handler) }
}

const card = (target: Page, title = DEMO_TITLE) => target.getByRole('listitem').filter({ has: target.getByRole('link', { name: title, exact: true }) })
const sidebar = (target: Page) => target.getByRole('navigation', { name: 'Main' })
const menuButton = (target: Page, title = DEMO_TITLE) => target.getByRole('button', { name: `More actions for ${title}` })
// A string, not a function: this file is type-checked without the DOM library.
const activeText = (target: Page) => target.evaluate('document.activeElement?.textContent')
const hasFocus = (locator: Locator) => locator.evaluate((el) => el === el.ownerDocument.activeElement)

beforeAll(async () => {
  smtp = await startSmtpServer()
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1', SMTP_URL: smtp.url })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await devSignIn(page)
  const [first] = await serverLibrary()
  demo = first!
  expect(demo.Title).toBe(DEMO_TITLE)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await smtp?.close()
})

describe('Learning screen in Chromium', () => {
  it('shows the demo article as a card with its duration, a placeholder and a link to the audio player', async () => {
    await page.getByRole('heading', { level: 1, name: 'Learning' }).waitFor()
    await card(page).waitFor()
    expect(await card(page).getByText('0:26', { exact: true }).isVisible()).toBe(true)
    // No thumbnail: the placeholder, no image.
    expect(await card(page).locator('img').count()).toBe(0)
    expect(await card(page).getByText('Finished', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('link', { name: DEMO_TITLE }).getAttribute('href')).toBe(`/console/player/audio/${demo.HashID}`)
    expect(await page.getByRole('button', { name: 'Active' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('draws the cards with how much of each the learner knows at once, asked for once', async () => {
    const fresh = await browser.context.newPage()
    // Which of the console's first cards (not the frame's) had their figure when they were first drawn.
    await fresh.addInitScript(`new MutationObserver((_, observer) => {
      const cards = [...document.querySelectorAll('#root ul[aria-label="Active items"] > li')].filter((li) => !li.closest('[inert]'))
      if (cards.length === 0) return
      window.firstCards = cards.map((li) => li.querySelector('[data-testid="comprehension"]') !== null)
      observer.disconnect()
    }).observe(document, { subtree: true, childList: true })`)
    await fresh.goto(`${server.url}/console/`)
    await card(fresh).getByTestId('comprehension').waitFor()
    expect(await fresh.evaluate('window.firstCards')).toEqual([true])
    const asked = await fresh.evaluate(`performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/english_vocab/api/words/comprehension').length`)
    expect(asked).toBe(1)
    await fresh.close()
  })

  it('filters by status: Finished is empty, All and Active show the card', async () => {
    await page.getByRole('button', { name: 'Finished' }).click()
    await page.getByText(EMPTY).waitFor()
    expect(await page.getByRole('button', { name: 'Finished' }).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('button', { name: 'Active' }).getAttribute('aria-pressed')).toBe('false')
    expect(await card(page).count()).toBe(0)

    await page.getByRole('button', { name: 'All' }).click()
    await card(page).waitFor()
    expect(await page.getByText(EMPTY).count()).toBe(0)

    await page.getByRole('button', { name: 'Active' }).click()
    await card(page).waitFor()
  })

  it('follows libraryItemsChanged: a finished article moves to Finished with its badge', async () => {
    await markFinished(demo.HashID, true)
    await page.evaluate("window.dispatchEvent(new Event('libraryItemsChanged'))")
    await page.getByText(EMPTY).waitFor()
    await page.getByRole('button', { name: 'Finished' }).click()
    await card(page).getByText('Finished', { exact: true }).waitFor()

    await markFinished(demo.HashID, false)
    await page.reload()
    await page.getByText(EMPTY).waitFor()
    await page.getByRole('button', { name: 'Active' }).click()
    await card(page).waitFor()
  })

  it('opens the item menu, closes it on Escape and an outside click', async () => {
    await menuButton(page).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Add to Collection...', 'Delete Item'])
    // The first item has focus; the arrows move it.
    expect(await activeText(page)).toBe('Add to Collection...')
    await page.keyboard.press('ArrowDown')
    expect(await activeText(page)).toBe('Delete Item')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await hasFocus(menuButton(page))).toBe(true)
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false')

    await menuButton(page).click()
    await menu.waitFor()
    await page.getByRole('heading', { level: 1, name: 'Learning' }).click()
    await menu.waitFor({ state: 'detached' })
  })

  it('Add to Collection... shows the empty text with Save Changes disabled, and closes', async () => {
    await menuButton(page).click()
    await page.getByRole('menuitem', { name: 'Add to Collection...' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add to Collection' })
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    await dialog.getByText("You haven't created any collections yet.").waitFor()
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isEnabled()).toBe(true)
    // No playlists, so no membership error either.
    expect(await dialog.getByRole('alert').count()).toBe(0)

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await hasFocus(menuButton(page))).toBe(true)

    await menuButton(page).click()
    await page.getByRole('menuitem', { name: 'Add to Collection...' }).click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('keeps the item when the confirmation is dismissed', async () => {
    const dialogs = onDialogs(page, 'dismiss')
    try {
      await menuButton(page).click()
      await page.getByRole('menuitem', { name: 'Delete Item' }).click()
      await expect.poll(() => dialogs.seen).toEqual([{ type: 'confirm', message: CONFIRM }])
      await card(page).waitFor()
      expect((await serverLibrary()).map((a) => a.HashID)).toContain(demo.HashID)
    } finally {
      dialogs.off()
    }
  })

  it('puts the item back and says why when the delete call fails', async () => {
    await page.route('**/english_vocab/api/delete-article', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '' }))
    const dialogs = onDialogs(page, 'accept')
    try {
      await menuButton(page).click()
      await page.getByRole('menuitem', { name: 'Delete Item' }).click()
      await expect.poll(() => dialogs.seen).toEqual([
        { type: 'confirm', message: CONFIRM },
        { type: 'alert', message: 'HTTP error 500' },
      ])
      await card(page).waitFor()
    } finally {
      dialogs.off()
      await page.unroute('**/english_vocab/api/delete-article')
    }
  })

  it('deletes the item after the confirmation is accepted, and it stays gone after a reload', async () => {
    const dialogs = onDialogs(page, 'accept')
    try {
      await menuButton(page).click()
      await page.getByRole('menuitem', { name: 'Delete Item' }).click()
      await card(page).waitFor({ state: 'detached' })
      await page.getByText(EMPTY).waitFor()
      expect(dialogs.seen).toEqual([{ type: 'confirm', message: CONFIRM }])
      await expect.poll(async () => (await serverLibrary()).map((a) => a.HashID)).not.toContain(demo.HashID)
    } finally {
      dialogs.off()
    }
    await page.reload()
    await page.getByText(EMPTY).waitFor()
    await page.getByRole('button', { name: 'All' }).click()
    await page.getByText(EMPTY).waitFor()
    expect(await card(page).count()).toBe(0)
  })

  it('leaves another user their own copy', async () => {
    const other = await launchBrowser()
    try {
      const p = await other.context.newPage()
      await signInByEmail(p, server.url, smtp, 'second@example.com')
      await card(p).waitFor()
      expect(await p.getByRole('link', { name: DEMO_TITLE }).getAttribute('href')).not.toBe(`/console/player/audio/${demo.HashID}`)
    } finally {
      await other.close()
    }
  })
})

describe('cards and dialogs against stubbed calls', () => {
  // A 1x1 PNG.
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
  const article = (i: number, extra: Partial<Article> = {}): Article => ({
    CollectionID: 100 - i,
    HashID: `hash${String(i).padStart(8, '0')}`,
    Title: `Episode ${i}`,
    Description: '',
    Video: null,
    Audio: `/a${i}.mp3`,
    Outline: '',
    PlainText: '',
    IsFinished: false,
    Thumbnail: `/thumbs/${i}.png`,
    Duration: 60 * i + 5,
    ...extra,
  })

  it('load only once visible, hide broken images, and send video items to the video player', async () => {
    const items = Array.from({ length: 24 }, (_, i) => article(i))
    items[1] = article(1, { Thumbnail: '/thumbs/broken.png' })
    items[2] = article(2, { Thumbnail: null, Video: 'youtube:abcdefghijk' })
    const requested: string[] = []
    const p = await browser.context.newPage()
    try {
      await p.route('**/english_vocab/api/word_collections', (route) => route.fulfill({ json: { success: true, collections: items, msg: 'ok' } }))
      await p.route('**/storage/api/jump/thumbs/**', (route) => {
        const url = new URL(route.request().url())
        requested.push(url.pathname)
        return url.pathname.endsWith('broken.png') ? route.fulfill({ status: 404, body: '' }) : route.fulfill({ contentType: 'image/png', body: PNG })
      })
      await p.goto(server.url + '/console/')
      await card(p, 'Episode 0').locator('img').waitFor()
      expect(await card(p, 'Episode 0').locator('img').getAttribute('src')).toBe('/storage/api/jump/thumbs/0.png')
      expect(await card(p, 'Episode 3').getByText('3:05', { exact: true }).isVisible()).toBe(true)

      // Broken: the image is hidden and the placeholder stays.
      await expect.poll(() => requested).toContain('/storage/api/jump/thumbs/broken.png')
      await expect.poll(() => card(p, 'Episode 1').locator('img').count()).toBe(0)
      // YouTube without a thumbnail: placeholder, video player.
      expect(await card(p, 'Episode 2').locator('img').count()).toBe(0)
      expect(await p.getByRole('link', { name: 'Episode 2', exact: true }).getAttribute('href')).toBe('/console/player/video/hash00000002')

      // Cards below the fold have no src yet; scrolling them in loads them.
      expect(requested).not.toContain('/storage/api/jump/thumbs/23.png')
      expect(await card(p, 'Episode 23').locator('img').count()).toBe(0)
      await card(p, 'Episode 23').scrollIntoViewIfNeeded()
      await card(p, 'Episode 23').locator('img').waitFor()
      await expect.poll(() => requested).toContain('/storage/api/jump/thumbs/23.png')
    } finally {
      await p.close()
    }
  })

  it('shows the server message and retries after a failed load', async () => {
    const p = await browser.context.newPage()
    let calls = 0
    try {
      await p.route('**/english_vocab/api/word_collections', (route) => {
        calls += 1
        return calls <= 2
          ? route.fulfill({ status: 503, json: { success: false, msg: 'Database is busy' } })
          : route.fulfill({ json: { success: true, collections: [article(7)], msg: 'ok' } })
      })
      await p.goto(server.url + '/console/')
      const alert = p.getByRole('alert')
      await alert.getByText('Failed to fetch collections').waitFor()
      await alert.getByText('Database is busy').waitFor()
      await p.getByRole('button', { name: 'Retry' }).click()
      await card(p, 'Episode 7').waitFor()
    } finally {
      await p.close()
    }
  })

  it('Add to Collection lists own playlists, ticks the current ones and saves the choice', async () => {
    const other = await launchBrowser()
    try {
      const p = await other.context.newPage()
      await signInByEmail(p, server.url, smtp, 'collector@example.com')
      await card(p).waitFor()
      const token = (await other.context.cookies()).find((c) => c.name === 'Token')!.value
      const call = async <T,>(path: string, body?: unknown, as = token): Promise<T> => {
        const res = await fetch(server.url + '/english_vocab/api/' + path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        expect(res.status, path).toBe(200)
        return (await res.json()) as T
      }
      type Created = { playlist: { id: number; hash_id: string } }
      const grammar = (await call<Created>('new_playlist', { name: 'Grammar in context' })).playlist
      const commute = (await call<Created>('new_playlist', { name: 'Morning commute' })).playlist
      // A friend's public playlist, kept: listed for the user, but not theirs to add to.
      const friends = (await call<Created>('new_playlist', { name: 'Shared by a friend', public: true }, DEV_LOGIN_TOKEN)).playlist
      await call('keep_playlist', { playlist_hash_id: friends.hash_id })
      const [own] = (await call<{ collections: Article[] }>('word_collections')).collections
      await call('add_article_to_playlist', { article_id: own!.CollectionID, playlist_ids: [grammar.id] })
      const membership = async () => (await call<{ playlistIDs: number[] }>(`query_playlist_by_article_id?article_id=${own!.CollectionID}`)).playlistIDs

      let playlistLoads = 0
      p.on('request', (r) => {
        if (new URL(r.url()).pathname === '/english_vocab/api/playlists') playlistLoads += 1
      })
      await p.reload()
      await sidebar(p).getByRole('link', { name: 'Shared by a friend' }).waitFor()
      const open = async () => {
        await menuButton(p).click()
        await p.getByRole('menuitem', { name: 'Add to Collection...' }).click()
        const dialog = p.getByRole('dialog', { name: 'Add to Collection' })
        await dialog.getByRole('checkbox').first().waitFor()
        return dialog
      }

      let dialog = await open()
      expect(await dialog.getByRole('checkbox').count()).toBe(2)
      expect(await dialog.getByText('Shared by a friend').count()).toBe(0)
      const commuteBox = dialog.getByRole('checkbox', { name: 'Morning commute' })
      const grammarBox = dialog.getByRole('checkbox', { name: 'Grammar in context' })
      await expect.poll(() => grammarBox.isChecked()).toBe(true)
      expect(await commuteBox.isChecked()).toBe(false)
      // The first control (the newest playlist) has focus.
      expect(await hasFocus(commuteBox)).toBe(true)

      // A failed save keeps the dialog open, says so, and changes nothing.
      const posted: unknown[] = []
      await p.route('**/english_vocab/api/add_article_to_playlist', (route) => {
        posted.push(route.request().postDataJSON())
        return route.fulfill({ status: 500, json: { success: false, msg: 'boom' } })
      })
      await commuteBox.check()
      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await dialog.getByRole('alert').getByText('Failed to add to collection').waitFor()
      expect(posted).toEqual([{ article_id: own!.CollectionID, playlist_ids: [commute.id, grammar.id], remove_playlist_ids: [] }])
      expect(await membership()).toEqual([grammar.id])
      await p.unroute('**/english_vocab/api/add_article_to_playlist')

      const loadsBefore = playlistLoads
      const changed = p.evaluate("new Promise((resolve) => window.addEventListener('playlistsChanged', () => resolve(true), { once: true }))")
      await grammarBox.uncheck()
      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await changed).toBe(true)
      expect(await membership()).toEqual([commute.id])
      // The sidebar reloads its playlists on playlistsChanged.
      await expect.poll(() => playlistLoads).toBeGreaterThan(loadsBefore)

      // Opened again it ticks what the server now has.
      dialog = await open()
      await expect.poll(() => dialog.getByRole('checkbox', { name: 'Morning commute' }).isChecked()).toBe(true)
      expect(await dialog.getByRole('checkbox', { name: 'Grammar in context' }).isChecked()).toBe(false)
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })

      // The current collections cannot be read: said in the dialog, the list stays usable.
      await p.route('**/english_vocab/api/query_playlist_by_article_id?**', (route) => route.fulfill({ status: 500, json: { success: false, msg: 'boom' } }))
      dialog = await open()
      await dialog.getByRole('alert').getByText('Failed to load current collections').waitFor()
      expect(await dialog.getByRole('checkbox', { name: 'Morning commute' }).isChecked()).toBe(false)
      expect(await dialog.getByRole('button', { name: 'Save Changes' }).isEnabled()).toBe(true)
      // Saving then only adds: the membership it could not read is not lost.
      await dialog.getByRole('checkbox', { name: 'Grammar in context' }).check()
      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect((await membership()).sort((a, b) => a - b)).toEqual([grammar.id, commute.id].sort((a, b) => a - b))
    } finally {
      await other.close()
    }
  })
})

describe("the developer's sign-in", () => {
  it('signs in without a code when Send Code is pressed before the server said the shortcut is on', async () => {
    const fresh = await launchBrowser({ serviceWorkers: 'block' })
    try {
      const login = await fresh.context.newPage()
      // A slow server: the login options answer two seconds after the form is there.
      let answer: () => void = () => undefined
      const held = new Promise<void>((resolve) => (answer = resolve))
      await login.route('**/user/api/login-options', async (route) => {
        await held
        await route.continue()
      })
      await login.goto(`${server.url}/console/login`)
      await login.getByLabel('Email').fill(DEV_LOGIN_EMAIL)
      await login.getByRole('button', { name: 'Send Code' }).click()
      setTimeout(answer, 2000)
      await login.waitForURL((url) => url.pathname === '/console/')
      await login.getByRole('heading', { level: 1, name: 'Learning' }).waitFor()
      expect(smtp.mailsTo(DEV_LOGIN_EMAIL)).toEqual([])
    } finally {
      await fresh.close()
    }
  })
})

describe('the favicon', () => {
  it('is an SVG icon linked from every page and served, so no page asks for a missing /favicon.ico', async () => {
    const p = await browser.context.newPage()
    const missing: string[] = []
    p.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url())
    })
    try {
      for (const path of ['/console/', '/console/memories/deck', '/console/discover']) {
        await p.goto(server.url + path)
        await p.waitForLoadState('networkidle')
        // The installable console (decision 0014) adds the .ico (and PNGs) generated from the same SVG at build.
        expect(await p.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href')).toBe('/console/favicon.svg')
        expect(await p.locator('link[rel="icon"][href$=".ico"]').getAttribute('href')).toBe('/console/favicon.ico')
      }
      expect(missing).toEqual([])
      const icon = await fetch(`${server.url}/console/favicon.svg`)
      expect(icon.status).toBe(200)
      expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(await icon.text()).toContain('<svg')
    } finally {
      await p.close()
    }
  })
})
