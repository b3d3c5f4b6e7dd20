import { DEV_LOGIN_EMAIL, DEV_LOGIN_TOKEN, type PlaylistDetail, type PlaylistSummary } from '@lingocast/contract'
import type { Dialog, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthRepo } from '../apps/server/src/features/auth/auth.repo'
import { createLibraryRepo } from '../apps/server/src/features/library/library.repo'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { startSmtpServer, type SmtpServer } from '../test/smtp'
import { launchBrowser, type Browser } from './browser'
import { signInAsDeveloper, signInByEmail } from './session'

const DEMO_TITLE = 'Sense and Sensibility, Chapter 1 (excerpt)'
const SECOND_TITLE = 'A second reading'
const DEMO_AUDIO = '/demo/sense-and-sensibility.mp3'
const OWNER_CONFIRM = 'Permanently delete this playlist? It will be deleted for everyone who kept it. This cannot be undone.'
const KEEPER_CONFIRM = 'Remove this playlist from your library? You did not create it, so it stays with its owner and you can open its link again while it is public.'

let smtp: SmtpServer
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page

async function api<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<{ status: number; json: T }> {
  const res = await fetch(server.url + path, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${init.token ?? DEV_LOGIN_TOKEN}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, json: (await res.json()) as T }
}
const playlistsOf = async (token?: string) => (await api<{ playlists: PlaylistSummary[] }>('/english_vocab/api/playlists', { token })).json.playlists
const detailOf = (hash: string, token?: string) => api<PlaylistDetail>(`/english_vocab/api/playlist_detail?playlist_hash_id=${hash}`, { token })

/** Answers every confirm with accept and records every native dialog's message. */
function onDialogs(target: Page) {
  const seen: string[] = []
  const handler = (d: Dialog) => {
    seen.push(`${d.type()}: ${d.message()}`)
    void d.accept()
  }
  target.on('dialog', handler)
  return { seen, off: () => target.off('dialog', handler) }
}

const sidebar = (target: Page) => target.getByRole('navigation', { name: 'Main' })
const itemTitles = (target: Page) => target.getByRole('list', { name: 'Playlist items' }).getByRole('listitem').locator('span.line-clamp-2').allTextContents()
const nowPlaying = (target: Page) => target.getByTestId('now-playing').textContent()

async function devSignIn(target: Page) {
  await signInAsDeveloper(target, server.url)
}

async function addToCollectionFromMenu(target: Page, menuLabel: string, playlist: string) {
  await target.getByRole('button', { name: menuLabel }).click()
  await target.getByRole('menuitem', { name: 'Add to Collection...' }).click()
  const dialog = target.getByRole('dialog', { name: 'Add to Collection' })
  const box = dialog.getByRole('checkbox', { name: playlist })
  await box.waitFor()
  expect(await box.isChecked()).toBe(false)
  await box.check()
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await dialog.waitFor({ state: 'detached' })
}

beforeAll(async () => {
  smtp = await startSmtpServer()
  // A second article for the developer, written before the server starts (the data dir has one owner at a time).
  db = await createTestDatabase()
  const dev = await createAuthRepo(db.database.db).upsertUserByEmail(DEV_LOGIN_EMAIL, 'dev')
  await createLibraryRepo(db.database.db).insert(dev.id, { title: SECOND_TITLE, audio: DEMO_AUDIO, durationSeconds: 26.1 })
  await db.database.close()
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1', SMTP_URL: smtp.url })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await devSignIn(page)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await smtp?.close()
})

describe('a playlist from start to end, in Chromium', () => {
  let hash: string

  it('creates a playlist from the sidebar ("Creating..." while busy)', async () => {
    await sidebar(page).getByText('No playlists found.').waitFor()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/english_vocab/api/new_playlist', async (route) => {
      await held
      await route.continue()
    })
    await sidebar(page).getByRole('button', { name: 'New Playlist' }).click()
    const busy = sidebar(page).getByRole('button', { name: 'Creating...' })
    await busy.waitFor()
    expect(await busy.isDisabled()).toBe(true)
    release()
    await sidebar(page).getByRole('link', { name: 'Untitled Playlist' }).waitFor()
    await page.unroute('**/english_vocab/api/new_playlist')
    expect(await sidebar(page).getByText('No playlists found.').count()).toBe(0)
    const [created] = await playlistsOf()
    expect(created).toMatchObject({ title: 'Untitled Playlist', is_mine: true, public: false })
    hash = created!.hash_id
    expect(await sidebar(page).getByRole('link', { name: 'Untitled Playlist' }).getAttribute('href')).toBe(`/console/playlist/${hash}`)
  })

  it('opens it empty and renames it inline: Escape cancels, blank is ignored, Enter saves trimmed', async () => {
    await sidebar(page).getByRole('link', { name: 'Untitled Playlist' }).click()
    await page.getByRole('heading', { level: 1, name: 'Untitled Playlist' }).waitFor()
    await page.getByText('This playlist is empty').waitFor()
    expect(await page.getByRole('button', { name: 'Play', exact: true }).isDisabled()).toBe(true)

    const input = page.getByPlaceholder('Playlist Title')
    await page.getByRole('button', { name: 'Edit title' }).click()
    expect(await input.inputValue()).toBe('Untitled Playlist')
    await input.fill('Never saved')
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { level: 1, name: 'Untitled Playlist' }).waitFor()

    await page.getByRole('button', { name: 'Edit title' }).click()
    await input.fill('   ')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Untitled Playlist' }).waitFor()

    await page.getByRole('button', { name: 'Edit title' }).click()
    await input.fill('  Evening listening  ')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Evening listening' }).waitFor()
    expect(await page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe('Edit title')
    await sidebar(page).getByRole('link', { name: 'Evening listening' }).waitFor()
    expect((await detailOf(hash)).json.title).toBe('Evening listening')
  })

  it('a refused rename says why and puts the title back', async () => {
    await page.route('**/english_vocab/api/modify_playlist', (route) => route.fulfill({ status: 500, json: { success: false, msg: 'Database is busy' } }))
    const dialogs = onDialogs(page)
    try {
      await page.getByRole('button', { name: 'Edit title' }).click()
      await page.getByPlaceholder('Playlist Title').fill('Lost rename')
      await page.getByRole('button', { name: 'Save title' }).click()
      await expect.poll(() => dialogs.seen).toEqual(['alert: Failed to update title: Database is busy'])
      await page.getByRole('heading', { level: 1, name: 'Evening listening' }).waitFor()
    } finally {
      dialogs.off()
      await page.unroute('**/english_vocab/api/modify_playlist')
    }
  })

  it('adds one article from the library card menu and one from the player menu', async () => {
    await sidebar(page).getByRole('link', { name: 'Learning' }).click()
    await addToCollectionFromMenu(page, `More actions for ${SECOND_TITLE}`, 'Evening listening')
    await page.getByRole('link', { name: DEMO_TITLE }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/console/player/audio/'))
    await addToCollectionFromMenu(page, `More actions for ${DEMO_TITLE}`, 'Evening listening')
    // Opened again, the dialog ticks the playlist that holds it.
    await page.getByRole('button', { name: `More actions for ${DEMO_TITLE}` }).click()
    await page.getByRole('menuitem', { name: 'Add to Collection...' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add to Collection' })
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Evening listening' }).isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })

  it('lists the items numbered, in the order they were added, also after a reload', async () => {
    await sidebar(page).getByRole('link', { name: 'Evening listening' }).click()
    await page.getByRole('list', { name: 'Playlist items' }).waitFor()
    expect(await itemTitles(page)).toEqual([SECOND_TITLE, DEMO_TITLE])
    const rows = page.getByRole('list', { name: 'Playlist items' }).getByRole('listitem')
    expect(await rows.nth(0).innerText()).toMatch(/^1\s/)
    expect(await rows.nth(1).innerText()).toMatch(/^2\s/)
    expect(await rows.nth(0).getByText('0:26').count()).toBe(1)
    await page.reload()
    await page.getByRole('list', { name: 'Playlist items' }).waitFor()
    expect(await itemTitles(page)).toEqual([SECOND_TITLE, DEMO_TITLE])
    expect((await detailOf(hash)).json.articles.map((a) => a.Title)).toEqual([SECOND_TITLE, DEMO_TITLE])
  })

  it('plays through the bar from the first item to the second when the first ends', async () => {
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await expect.poll(() => nowPlaying(page)).toBe(`Now playing: ${SECOND_TITLE}`)
    const bar = page.getByRole('region', { name: 'Playlist player' })
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor()
    // Jump to just before the end rather than wait 26 seconds.
    // A function, not a string: a string predicate is polled with eval, which the console's CSP refuses.
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('section[aria-label="Playlist player"] audio')?.readyState ?? 0) >= 1)
    await page.evaluate("(() => { const a = document.querySelector('section[aria-label=\"Playlist player\"] audio'); a.currentTime = a.duration - 0.4 })()")
    await expect.poll(() => nowPlaying(page), { timeout: 15_000 }).toBe(`Now playing: ${DEMO_TITLE}`)
    const playingRow = page.getByRole('list', { name: 'Playlist items' }).locator('li[aria-current="true"]')
    expect(await playingRow.locator('span.line-clamp-2').textContent()).toBe(DEMO_TITLE)
    await expect.poll(() => page.evaluate("document.querySelector('section[aria-label=\"Playlist player\"] audio').paused")).toBe(false)
    await bar.getByRole('button', { name: 'Pause', exact: true }).click()
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor()
  })

  it('opens an item in the audio player on click', async () => {
    const second = (await detailOf(hash)).json.articles[0]!
    await page.getByRole('link', { name: SECOND_TITLE }).click()
    await page.waitForURL((url) => url.pathname === `/console/player/audio/${second.HashID}`)
    await page.getByRole('heading', { level: 1, name: SECOND_TITLE }).waitFor()
    await page.goBack()
    await page.getByRole('list', { name: 'Playlist items' }).waitFor()
  })

  it('removes an item at once, and puts it back when the call fails', async () => {
    const dialogs = onDialogs(page)
    await page.route('**/english_vocab/api/del_article_from_playlist', (route) => route.fulfill({ status: 502, body: '' }))
    try {
      await page.getByRole('button', { name: `Remove ${DEMO_TITLE} from playlist` }).click()
      await expect.poll(() => dialogs.seen).toEqual(['alert: Failed to remove item: HTTP error 502'])
      await expect.poll(() => itemTitles(page)).toEqual([SECOND_TITLE, DEMO_TITLE])
    } finally {
      await page.unroute('**/english_vocab/api/del_article_from_playlist')
      dialogs.off()
    }
    await page.getByRole('button', { name: `Remove ${DEMO_TITLE} from playlist` }).click()
    await expect.poll(() => itemTitles(page)).toEqual([SECOND_TITLE])
    await expect.poll(async () => (await detailOf(hash)).json.articles.map((a) => a.Title)).toEqual([SECOND_TITLE])
  })

  it('deletes the playlist after the owner warning and lands on /console/', async () => {
    const dialogs = onDialogs(page)
    try {
      await page.getByRole('button', { name: 'Delete playlist' }).click()
      await page.waitForURL((url) => url.pathname === '/console/')
      expect(dialogs.seen).toEqual([`confirm: ${OWNER_CONFIRM}`, 'alert: Playlist deleted successfully.'])
    } finally {
      dialogs.off()
    }
    await sidebar(page).getByText('No playlists found.').waitFor()
    expect((await detailOf(hash)).status).toBe(404)
    // The articles stay in the library.
    await page.getByRole('link', { name: SECOND_TITLE }).waitFor()
  })
})

describe('sharing between two users', () => {
  it('B cannot open a private playlist; once public, B keeps it without edit controls, removes it, and A keeps all', async () => {
    // A builds a playlist with the demo article.
    const created = await api<{ playlist: PlaylistSummary }>('/english_vocab/api/new_playlist', { body: { name: 'Shared reading', public: false } })
    const hash = created.json.playlist.hash_id
    const [demo] = (await api<{ collections: Array<{ CollectionID: number; Title: string }> }>('/english_vocab/api/word_collections')).json.collections.filter((a) => a.Title === DEMO_TITLE)
    await api('/english_vocab/api/add_article_to_playlist', { body: { article_id: demo!.CollectionID, playlist_ids: [created.json.playlist.id] } })

    const other = await launchBrowser()
    try {
      const b = await other.context.newPage()
      await signInByEmail(b, server.url, smtp, 'reader@example.com')
      await b.goto(`${server.url}/console/playlist/${hash}`)
      await b.getByRole('heading', { level: 1, name: 'Playlist not found or empty' }).waitFor()

      // A switches it public on the detail screen.
      await page.goto(`${server.url}/console/playlist/${hash}`)
      const toggle = page.getByRole('switch', { name: 'Public' })
      expect(await toggle.getAttribute('aria-checked')).toBe('false')
      await toggle.click()
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
      await expect.poll(async () => (await detailOf(hash)).json.public).toBe(true)
      const before = (await detailOf(hash)).json

      await b.reload()
      await b.getByRole('heading', { level: 1, name: 'Shared reading' }).waitFor()
      expect(await itemTitles(b)).toEqual([DEMO_TITLE])
      // No owner controls.
      expect(await b.getByRole('button', { name: 'Edit title' }).count()).toBe(0)
      expect(await b.getByRole('button', { name: `Remove ${DEMO_TITLE} from playlist` }).count()).toBe(0)
      expect(await b.getByRole('switch', { name: 'Public' }).count()).toBe(0)
      expect(await b.getByRole('button', { name: 'Delete playlist' }).count()).toBe(0)

      await b.getByRole('button', { name: 'Keep in my library' }).click()
      await sidebar(b).getByRole('link', { name: 'Shared reading' }).waitFor()
      const [kept] = (await b.context().cookies()).filter((c) => c.name === 'Token')
      expect(await playlistsOf(kept!.value)).toEqual([{ id: created.json.playlist.id, hash_id: hash, title: 'Shared reading', is_mine: false, public: true }])

      // Its item plays for B too (the media is shared with the playlist).
      await b.getByRole('button', { name: 'Play', exact: true }).click()
      await expect.poll(() => nowPlaying(b)).toBe(`Now playing: ${DEMO_TITLE}`)
      await expect.poll(() => b.evaluate("document.querySelector('section[aria-label=\"Playlist player\"] audio').currentTime"), { timeout: 15_000 }).toBeGreaterThan(0)

      // A click opens the item in B's player, read only.
      await b.getByRole('list', { name: 'Playlist items' }).getByRole('link', { name: DEMO_TITLE }).click()
      await b.waitForURL((url) => url.pathname === `/console/player/audio/${before.articles[0]!.HashID}`)
      await b.getByRole('heading', { level: 1, name: DEMO_TITLE }).waitFor()
      // Not B's to mark, delete or file away: the actions menu is not offered.
      await b.getByRole('button', { name: 'Play', exact: true }).first().waitFor()
      expect(await b.getByRole('button', { name: `More actions for ${DEMO_TITLE}` }).count()).toBe(0)
      await b.goBack()
      await b.getByRole('heading', { level: 1, name: 'Shared reading' }).waitFor()

      const dialogs = onDialogs(b)
      await b.getByRole('button', { name: 'Remove from my library' }).click()
      await b.waitForURL((url) => url.pathname === '/console/')
      expect(dialogs.seen).toEqual([`confirm: ${KEEPER_CONFIRM}`, 'alert: Playlist removed from your library.'])
      await sidebar(b).getByText('No playlists found.').waitFor()
      expect(await playlistsOf(kept!.value)).toEqual([])

      // A's playlist is untouched.
      expect((await detailOf(hash)).json).toEqual(before)
      await page.reload()
      await page.getByRole('heading', { level: 1, name: 'Shared reading' }).waitFor()
      expect(await itemTitles(page)).toEqual([DEMO_TITLE])
    } finally {
      await other.close()
    }
  })
})

describe('states and errors against stubbed answers', () => {
  const stubDetail = async (target: Page, answer: { status?: number; json?: unknown; body?: string }) => {
    await target.route('**/english_vocab/api/playlist_detail?**', (route) =>
      route.fulfill({ status: answer.status ?? 200, contentType: 'application/json', body: answer.body ?? JSON.stringify(answer.json) }),
    )
  }

  it('shows the spec texts for a bad format, an HTTP error, a server msg and a missing playlist', async () => {
    const p = await browser.context.newPage()
    try {
      for (const [answer, text] of [
        [{ json: { success: true, msg: 'ok', title: 'No articles' } }, 'Received unexpected data format from API.'],
        [{ status: 503, body: '' }, 'Failed to fetch playlist (status: 503)'],
        [{ status: 500, json: { success: false, msg: 'Database is busy' } }, 'Database is busy'],
      ] as const) {
        await stubDetail(p, answer)
        await p.goto(`${server.url}/console/playlist/stubbed`)
        await p.getByRole('alert').getByText(text, { exact: true }).waitFor({ timeout: 15_000 })
        expect(await p.getByRole('button', { name: 'Back' }).count()).toBe(1)
        await p.unroute('**/english_vocab/api/playlist_detail?**')
      }
      // No title and no items: the not-found state.
      await stubDetail(p, { json: { success: true, msg: 'ok', hash_id: 'stubbed', title: '', articles: [], is_mine: true, public: false, in_library: true } })
      await p.goto(`${server.url}/console/playlist/stubbed`)
      await p.getByRole('heading', { level: 1, name: 'Playlist not found or empty' }).waitFor()
      await p.unroute('**/english_vocab/api/playlist_detail?**')
      // A real miss: the not-found state.
      await p.goto(`${server.url}/console/playlist/nosuchplaylist`)
      await p.getByRole('heading', { level: 1, name: 'Playlist not found or empty' }).waitFor()
      await p.getByRole('button', { name: 'Back' }).click()
      await p.waitForURL((url) => url.pathname === '/console/')
    } finally {
      await p.close()
    }
  })

  it('without a token: New Playlist and delete say so and call nothing', async () => {
    const created = await api<{ playlist: PlaylistSummary }>('/english_vocab/api/new_playlist', { body: { name: 'Signed out' } })
    const other = await launchBrowser()
    try {
      const p = await other.context.newPage()
      await devSignIn(p)
      await p.goto(`${server.url}/console/playlist/${created.json.playlist.hash_id}`)
      await p.getByRole('heading', { level: 1, name: 'Signed out' }).waitFor()
      // The session cookie goes (another tab logged out); the screen is still open.
      await other.context.clearCookies()
      const calls: string[] = []
      p.on('request', (r) => {
        if (/new_playlist|del_playlist/.test(r.url())) calls.push(r.url())
      })
      await sidebar(p).getByRole('button', { name: 'New Playlist' }).click()
      await sidebar(p).getByRole('alert').getByText('Authentication token not found.', { exact: true }).waitFor()
      const dialogs = onDialogs(p)
      await p.getByRole('button', { name: 'Delete playlist' }).click()
      await expect.poll(() => dialogs.seen).toEqual([`confirm: ${OWNER_CONFIRM}`, 'alert: Authentication error. Please log in again.'])
      dialogs.off()
      expect(calls).toEqual([])
      expect((await detailOf(created.json.playlist.hash_id)).status).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('says why New Playlist failed: the server msg, else the fallback', async () => {
    const p = await browser.context.newPage()
    try {
      await p.goto(`${server.url}/console/`)
      for (const [json, text] of [
        [{ success: false, msg: 'Too many playlists' }, 'Too many playlists'],
        [{ success: false }, 'Failed to create playlist.'],
      ] as const) {
        await p.route('**/english_vocab/api/new_playlist', (route) => route.fulfill({ status: 400, json }))
        await sidebar(p).getByRole('button', { name: 'New Playlist' }).click()
        await sidebar(p).getByRole('alert').getByText(text, { exact: true }).waitFor()
        await p.unroute('**/english_vocab/api/new_playlist')
      }
    } finally {
      await p.close()
    }
  })
})

describe('new playlists are numbered', () => {
  it('makes "Untitled Playlist", then "Untitled Playlist 2" and 3, told apart in the sidebar and in Add to Collection', async () => {
    const p = await browser.context.newPage()
    try {
      const bodies: unknown[] = []
      p.on('request', (r) => {
        if (r.url().endsWith('/english_vocab/api/new_playlist')) bodies.push(r.postDataJSON())
      })
      await p.goto(`${server.url}/console/`)
      const names = ['Untitled Playlist', 'Untitled Playlist 2', 'Untitled Playlist 3']
      for (const name of names) {
        await sidebar(p).getByRole('button', { name: 'New Playlist' }).click()
        await sidebar(p).getByRole('link', { name, exact: true }).waitFor()
      }
      // The console still asks for the spec's name; the server numbers it.
      expect(bodies).toEqual(names.map(() => ({ name: 'Untitled Playlist', public: false })))
      await p.getByRole('button', { name: `More actions for ${SECOND_TITLE}` }).click()
      await p.getByRole('menuitem', { name: 'Add to Collection...' }).click()
      const dialog = p.getByRole('dialog', { name: 'Add to Collection' })
      for (const name of names) await dialog.getByRole('checkbox', { name, exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
    } finally {
      await p.close()
    }
  })
})
