import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, THUMBNAIL_IMAGE_PATH, type PlaylistSummary } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { serveOneEpisodeChannel, startFixtureHost, type FixtureHost } from './feed-fixtures'
import { demoArticleOf, sessionApi, signInAsDeveloper } from './session'

/**
 * Installable and on the lock screen (decision 0014), in Chromium against the built
 * console (run `npm run build` first): the web app manifest and its icons, the
 * service worker that keeps the shell (the console opens with the network
 * off, API answers are not kept), a new version announced with Reload, and
 * the Media Session (metadata, buttons, position) of the article player, the
 * playlist bar and the mini player.
 *
 * The server serves a copy of apps/console/dist, so that a test can publish
 * "a new version" by changing its sw.js. No test here routes requests in the
 * page: Playwright bypasses the service worker while routes are set.
 */
const DEMO_AUDIO = path.resolve(import.meta.dirname, '../apps/server/demo/sense-and-sensibility.mp3')
const DEMO_TITLE = 'Sense and Sensibility'
const CHANNEL = 'Lock Screen Radio'
const EPISODE = 'A walk by the river'
const PLAYLIST = 'On the way to work'

let work: string
let consoleDir: string
let host: FixtureHost
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let playerUrl = ''

/** The API with the developer's token (DEV_LOGIN=1), as another device of the learner would call it. */
const api = <T>(path: string, body?: object) => sessionApi<T>({ server, token: DEV_LOGIN_TOKEN }, path, body)

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-e2e-installable-'))
  consoleDir = path.join(work, 'console')
  cpSync(path.resolve(import.meta.dirname, '../apps/console/dist'), consoleDir, { recursive: true })
  host = await startFixtureHost()
  await serveOneEpisodeChannel(host, work, { title: CHANNEL, description: 'One episode for the lock screen test.' }, { title: EPISODE, file: DEMO_AUDIO })
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1', CONSOLE_DIR: consoleDir, FETCH_ALLOW_HOSTS: '127.0.0.1', FEED_CATALOGUE_FETCH: '0' })
  browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] })
  page = await browser.context.newPage()
  // Records the action handlers the console sets, passing each on to the browser: the API has no getter.
  await page.addInitScript(() => {
    const seen: Record<string, unknown> = {}
    ;(window as unknown as { __mediaHandlers: Record<string, unknown> }).__mediaHandlers = seen
    const original = MediaSession.prototype.setActionHandler
    MediaSession.prototype.setActionHandler = function (action, handler) {
      seen[action] = handler
      return original.call(this, action, handler)
    }
  })
  await signInAsDeveloper(page, server.url)
  playerUrl = `${server.url}/console/player/audio/${(await demoArticleOf(page)).hashId}`
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await host?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const registration = () =>
  page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready
    return { scope: r.scope, script: r.active?.scriptURL, controlled: navigator.serviceWorker.controller !== null }
  })

describe('installable console', () => {
  it('names a web app manifest with the name, start URL, standalone display, theme colour and icons at the sizes browsers ask for', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/console/manifest.webmanifest')
    const res = await fetch(server.url + href)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    const manifest = (await res.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> }
    expect(manifest).toMatchObject({ name: 'Lingocast', short_name: 'Lingocast', start_url: '/console/', scope: '/console/', display: 'standalone' })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color)

    // Every icon is there, a PNG of the size it claims; 192 and 512 (install) and a maskable one (Android).
    const sizes: string[] = []
    for (const icon of manifest.icons) {
      const png = await fetch(new URL(icon.src, server.url + href).href)
      expect(png.status, icon.src).toBe(200)
      expect(png.headers.get('content-type'), icon.src).toBe('image/png')
      expect(pngSize(Buffer.from(await png.arrayBuffer())), icon.src).toBe(icon.sizes)
      sizes.push(icon.sizes)
    }
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)

    // The page's icons and the one browsers ask the site root for.
    for (const icon of await page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href))) {
      expect((await fetch(icon)).status, icon).toBe(200)
    }
    const ico = await fetch(`${server.url}/favicon.ico`)
    expect(ico.status).toBe(200)
    expect(ico.headers.get('content-type')).toMatch(/icon/)
  })

  it('installs its service worker for /console/, sent with no-cache so that a new version is found; a missing worker is a 404, not the page', async () => {
    await expect.poll(registration, { timeout: 20_000 }).toMatchObject({ scope: `${server.url}/console/`, script: `${server.url}/console/sw.js` })
    const sw = await fetch(`${server.url}/console/sw.js`)
    expect(sw.headers.get('content-type')).toMatch(/javascript/)
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    const missing = await fetch(`${server.url}/console/sw-old.js`, { headers: { accept: 'text/html,*/*', 'service-worker': 'script' } })
    expect(missing.status).toBe(404)
    expect(await missing.text()).not.toContain('<html')
  })

  it('opens the shell with the network off, on any screen, still signed in; API answers are not kept by the worker', async () => {
    // The page that installed the worker is not controlled by it; the next load after it is active is.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.reload()
    await expect.poll(registration).toMatchObject({ controlled: true })
    // Every screen's code is kept, not only the ones already opened.
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await browser.context.setOffline(true)
    try {
      for (const screen of ['/console/', '/console/memories/deck', '/console/feeds']) {
        await page.goto(server.url + screen)
        await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 15_000 })
        expect(new URL(page.url()).pathname, screen).toBe(screen)
        expect(await page.title()).toBe('Lingocast')
      }
      // The sign-in check could not reach the server: the session is kept, not thrown away.
      expect(await page.evaluate(() => document.cookie)).toContain('Token=')
      // The library was fetched online above; offline the worker does not answer it from a cache.
      const listed = await page.evaluate(() =>
        fetch('/english_vocab/api/word_collections').then(
          () => 'answered',
          () => 'failed',
        ),
      )
      expect(listed).toBe('failed')
    } finally {
      await browser.context.setOffline(false)
    }
  })

  it('says when a new version is ready, and takes it on Reload', async () => {
    await page.goto(`${server.url}/console/`)
    await expect.poll(registration).toMatchObject({ controlled: true })
    // A new build: its worker differs by a byte.
    appendFileSync(path.join(consoleDir, 'sw.js'), '\n// the next version\n')
    await page.evaluate(() => {
      ;(window as unknown as { __before: boolean }).__before = true
      void navigator.serviceWorker.getRegistration().then((r) => r?.update())
    })
    const toast = page.getByRole('status').filter({ hasText: 'A new version is ready' })
    await toast.waitFor({ timeout: 20_000 })
    // Nothing changes until the learner says so.
    expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBe(true)
    await toast.getByRole('button', { name: 'Reload' }).click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __before?: boolean }).__before ?? 'reloaded').catch(() => 'navigating'), { timeout: 20_000 })
      .toBe('reloaded')
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    const after = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration()
      return { waiting: r?.waiting ?? null, active: r?.active?.state, controlled: navigator.serviceWorker.controller !== null }
    })
    expect(after).toEqual({ waiting: null, active: 'activated', controlled: true })
    expect(await toast.count()).toBe(0)
  })
})

interface SessionView {
  title?: string
  artist?: string
  album?: string
  artwork: string[]
  state: MediaSessionPlaybackState
  handlers: Record<string, boolean>
}

const sessionView = () =>
  page.evaluate((): SessionView => {
    const m = navigator.mediaSession
    const seen = (window as unknown as { __mediaHandlers: Record<string, unknown> }).__mediaHandlers
    return {
      title: m.metadata?.title,
      artist: m.metadata?.artist,
      album: m.metadata?.album,
      artwork: [...(m.metadata?.artwork ?? [])].map((a) => a.src),
      state: m.playbackState,
      handlers: Object.fromEntries(Object.entries(seen).map(([action, handler]) => [action, typeof handler === 'function'])),
    }
  })

/** Calls the handler the console set, as the lock screen or a headset button would. */
const press = (action: string, details: Record<string, unknown> = {}) =>
  page.evaluate(
    ([a, d]) => (window as unknown as { __mediaHandlers: Record<string, (details: unknown) => void> }).__mediaHandlers[a]!({ action: a, ...d }),
    [action, details] as const,
  )

const audioTime = (selector = 'audio') => page.evaluate((s) => document.querySelector<HTMLAudioElement>(s)!.currentTime, selector)
const audioPaused = (selector = 'audio') => page.evaluate((s) => document.querySelector<HTMLAudioElement>(s)!.paused, selector)
const near = async (target: number, selector?: string) => expect.poll(async () => Math.abs((await audioTime(selector)) - target), { timeout: 5_000, interval: 25 }).toBeLessThan(0.35)

describe('lock screen and headphones', () => {
  it('the article player shows the title and artwork, and its buttons play, pause, seek and move by segment', async () => {
    await page.goto(playerUrl)
    await page.locator('[data-segment-start]').first().waitFor()
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await expect.poll(sessionView, { timeout: 10_000 }).toMatchObject({ state: 'playing', album: 'Lingocast' })
    const view = await sessionView()
    expect(view.title).toContain(DEMO_TITLE)
    expect(view.artwork).toHaveLength(1)
    expect((await fetch(view.artwork[0]!)).status).toBe(200)
    expect(view.handlers).toEqual({ play: true, pause: true, seekbackward: true, seekforward: true, seekto: true, previoustrack: true, nexttrack: true })

    await press('pause')
    await expect.poll(() => audioPaused()).toBe(true)
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    await expect.poll(sessionView).toMatchObject({ state: 'paused' })
    // Segments (ms): 0-7100, 7500-10490, 10890-16190, 16590-22640, 23040-26330.
    await press('seekto', { seekTime: 12 })
    await near(12)
    await press('nexttrack')
    await near(16.59)
    await press('previoustrack')
    await near(10.89)
    await press('seekforward', { seekOffset: 5 })
    await near(15.89)
    await press('seekbackward')
    await near(5.89)
    await press('play')
    await expect.poll(() => audioPaused()).toBe(false)
    await expect.poll(sessionView).toMatchObject({ state: 'playing' })

    // Leaving the player leaves nothing on the lock screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learning' }).click()
    await expect.poll(sessionView).toMatchObject({ title: undefined, state: 'none', handlers: { play: false, nexttrack: false } })
  })

  it('the playlist bar shows the item and the playlist as its show', async () => {
    const { playlist } = await api<{ playlist: PlaylistSummary }>('/english_vocab/api/new_playlist', { name: PLAYLIST })
    const { collections } = await api<{ collections: Array<{ CollectionID: number; Title: string }> }>('/english_vocab/api/word_collections')
    const demo = collections.find((a) => a.Title.includes(DEMO_TITLE))!
    await api('/english_vocab/api/add_article_to_playlist', { article_id: demo.CollectionID, playlist_ids: [playlist.id] })
    await page.goto(`${server.url}/console/playlist/${playlist.hash_id}`)
    const bar = page.getByRole('region', { name: 'Playlist player' })
    await bar.getByRole('button', { name: 'Play', exact: true }).click()
    await expect.poll(sessionView, { timeout: 10_000 }).toMatchObject({ artist: PLAYLIST, state: 'playing' })
    const view = await sessionView()
    expect(view.title).toContain(DEMO_TITLE)
    // One item: nothing before or after it.
    expect(view.handlers).toMatchObject({ play: true, pause: true, seekto: true, previoustrack: false, nexttrack: false })
    await press('pause')
    await expect.poll(() => audioPaused()).toBe(true)
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor()
    await press('seekto', { seekTime: 4 })
    await near(4)
    await press('seekforward', { seekOffset: 10 })
    await near(14)
  })

  it('the mini player shows the episode, its channel and the channel picture', async () => {
    const { rss_id } = await api<{ rss_id: number }>('/english_vocab/api/import-rss-channel', { rss_url: `${host.url}/feed.xml` })
    await api('/english_vocab/api/rss-subscribe', { rss_id })
    await page.goto(`${server.url}/console/feeds`)
    await page.getByRole('button', { name: `Play ${EPISODE}`, exact: true }).click()
    const mini = 'section[aria-label="Mini player"] audio'
    await expect.poll(sessionView, { timeout: 10_000 }).toMatchObject({ title: EPISODE, artist: CHANNEL, state: 'playing' })
    const view = await sessionView()
    expect(new URL(view.artwork[0]!).pathname).toBe(THUMBNAIL_IMAGE_PATH)
    expect(view.handlers).toMatchObject({ play: true, pause: true, seekbackward: true, previoustrack: false, nexttrack: false })
    await press('pause')
    await expect.poll(() => audioPaused(mini)).toBe(true)
    await press('seekto', { seekTime: 20 })
    await near(20, mini)
    await press('seekbackward')
    await near(10, mini)
    await press('play')
    await expect.poll(() => audioPaused(mini)).toBe(false)
  })
})
