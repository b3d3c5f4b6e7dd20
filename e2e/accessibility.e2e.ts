import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import type { Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { axe } from './axe'
import { launchBrowser, type Browser } from './browser'
import { makeCover, rssFeed, startFixtureHost, type FixtureHost } from './feed-fixtures'
import { demoArticleOf, sessionApi, signInAsDeveloper } from './session'

/**
 * axe-core (WCAG 2.1 A and AA rules) on every screen of the console, at a
 * desktop width and at a phone's, with the dialogs, menus and popovers open.
 * One server, one browser page; the width changes by resizing.
 * The confirm prompts are the browser's own (window.confirm), outside the page.
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]
const DEMO_MP3 = path.resolve(import.meta.dirname, '../apps/server/demo/sense-and-sensibility.mp3')
const DEMO_TITLE = 'Sense and Sensibility, Chapter 1 (excerpt)'
const CHANNEL = 'Accessible Radio'
const EPISODE = 'A walk in the park'

let work: string
let host: FixtureHost
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let hashId: string
let rssId: number
let playlistHash: string
let deckId: number

/** The API with the developer's token (DEV_LOGIN=1), as another device of the learner would call it. */
const api = <T>(path: string, body?: object) => sessionApi<T>({ server, token: DEV_LOGIN_TOKEN }, path, body)

/** Waits until no finite animation or transition runs, so colours are read as the user ends up seeing them. */
const settle = () =>
  page.evaluate(async () => {
    const finite = () => document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
    for (let i = 0; i < 20 && finite().length > 0; i++) await Promise.all(finite().map((a) => a.finished.catch(() => undefined)))
  })

/** What axe found in the current test, one readable line per offending node. */
let found: string[] = []

/**
 * Runs axe on the page as it is, at each width (resizing the same page), and
 * notes each offending node: state, width, rule, target and axe's summary.
 * `ready` waits for what must be there at every width before axe runs. The
 * test asserts at its end, after closing what it opened, so that one screen's
 * findings do not leave a dialog in the way of the next test.
 */
async function audit(state: string, ready?: () => Promise<unknown>): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    await ready?.()
    await settle()
    const { violations } = await axe(page).analyze()
    for (const v of violations)
      for (const node of v.nodes)
        found.push(`${state} at ${size.width}px: ${v.id} (${v.impact}) on ${node.target.join(' ')}\n    ${(node.failureSummary ?? v.help).replace(/\n\s*/g, ' ')}`)
  }
  await page.setViewportSize(WIDTHS[0]!)
}

const expectNoViolations = () => expect(found, `axe found ${found.length} violation(s):\n${found.join('\n')}`).toEqual([])

/** Opens a screen by its address and waits for its heading. */
async function open(pathname: string, heading: Locator) {
  await page.goto(server.url + '/console' + pathname)
  await heading.waitFor()
}

const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name })
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name })

async function closeDialog(d: Locator) {
  await page.keyboard.press('Escape')
  await d.waitFor({ state: 'detached' })
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-e2e-a11y-'))
  host = await startFixtureHost()
  host.set('/cover.png', { file: await makeCover(work), type: 'image/png' })
  host.set('/media/park.mp3', { file: DEMO_MP3, type: 'audio/mpeg' })
  host.set('/feed.xml', {
    type: 'application/rss+xml; charset=utf-8',
    body: rssFeed({
      title: CHANNEL,
      description: 'Short readings for the accessibility test.',
      link: `${host.url}/`,
      image: `${host.url}/cover.png`,
      category: 'Education',
      items: [
        { guid: 'park', title: EPISODE, pubDate: 'Tue, 02 Jan 2024 12:00:00 GMT', duration: 26, audio: `${host.url}/media/park.mp3`, audioBytes: 400_000, description: `<p>A calm reading, with <a href="${host.url}/notes.html">show notes</a>.</p>` },
        { guid: 'lake', title: 'By the lake', pubDate: 'Mon, 01 Jan 2024 12:00:00 GMT', duration: 26, audio: `${host.url}/media/park.mp3`, audioBytes: 400_000, description: '<p>Another reading.</p>' },
      ],
    }),
  })

  db = await createTestDatabase({ open: false })
  // Loopback is refused by the SSRF guard unless allowed; the catalogue is never fetched.
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1', FETCH_ALLOW_HOSTS: '127.0.0.1', FEED_CATALOGUE_FETCH: '0' })
  browser = await launchBrowser({ args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'] })
  page = await browser.context.newPage()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await host?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('axe finds no WCAG 2.1 AA violation, at 1280 and 390 px', () => {
  beforeEach(() => {
    found = []
  })
  // A test that stopped half-way may leave its dialog open over the next screen.
  afterEach(async () => {
    for (let i = 0; i < 3 && (await page.locator('dialog[open], [role="dialog"]').count()) > 0; i++) await page.keyboard.press('Escape')
  })

  it('on the login screen', async () => {
    await page.goto(server.url + '/console/login')
    await page.getByLabel('Email').waitFor()
    await audit('login')
    expectNoViolations()
  })

  it('on the Learning screen, with the placement offer, the item menu, Add to Collection and the drawer', async () => {
    await signInAsDeveloper(page, server.url)
    ;({ hashId } = await demoArticleOf(page))
    // What the other screens show, made through the API as another device would.
    rssId = (await api<{ rss_id: number }>('/english_vocab/api/import-rss-channel', { rss_url: `${host.url}/feed.xml` })).rss_id
    await api('/english_vocab/api/rss-subscribe', { rss_id: rssId })
    playlistHash = (await api<{ playlist: { id: number; hash_id: string } }>('/english_vocab/api/new_playlist', { name: 'Morning walk' })).playlist.hash_id
    const playlists = await api<{ playlists: Array<{ id: number; hash_id: string }> }>('/english_vocab/api/playlists')
    await api('/english_vocab/api/add_article_to_playlist', { article_id: hashId, playlist_ids: [playlists.playlists.find((p) => p.hash_id === playlistHash)!.id] })

    await open('/', h1('Learning'))
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: DEMO_TITLE, exact: true }) })
    const ready = () => Promise.all([page.getByRole('complementary', { name: 'Set your level' }).waitFor(), card.getByTestId('comprehension').waitFor()])
    await audit('Learning', ready)

    await card.getByRole('button', { name: `More actions for ${DEMO_TITLE}` }).click()
    await page.getByRole('menuitem', { name: 'Add to Collection...' }).waitFor()
    await audit('Learning, item menu')
    await page.getByRole('menuitem', { name: 'Add to Collection...' }).click()
    const collect = dialog('Add to Collection')
    await collect.getByRole('checkbox', { name: 'Morning walk' }).waitFor()
    await audit('Learning, Add to Collection')
    await closeDialog(collect)

    // The drawer is the phone's sidebar: only at 390 px.
    await page.setViewportSize(WIDTHS[1]!)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await dialog('Menu').getByRole('navigation', { name: 'Main' }).waitFor()
    await settle()
    const { violations } = await axe(page).analyze()
    for (const v of violations) for (const node of v.nodes) found.push(`drawer at 390px: ${v.id} (${v.impact}) on ${node.target.join(' ')}\n    ${node.failureSummary ?? v.help}`)
    await page.getByRole('button', { name: 'Close menu' }).click()
    await page.setViewportSize(WIDTHS[0]!)
    expectNoViolations()
  })

  it('with the placement dialog open, both ways in', async () => {
    await page.getByRole('complementary', { name: 'Set your level' }).getByRole('button', { name: 'Set your level' }).click()
    const placement = dialog('Set your level')
    await placement.getByRole('radio', { name: /^Intermediate/ }).waitFor()
    await audit('placement dialog, levels')
    await placement.getByRole('button', { name: 'Tick the words you know' }).click()
    await placement.getByRole('group', { name: /^Words [\d,]+–[\d,]+$/ }).first().waitFor()
    await audit('placement dialog, words')
    await closeDialog(placement)
    expectNoViolations()
  })

  it('with the upload dialogs open: Uploading, then Media Information', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/storage/api/upload_file', async (route) => {
      await held
      await route.continue()
    })
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Upload Media' }).click()
    await (await chooser).setFiles(DEMO_MP3)
    await dialog('Uploading').waitFor()
    await audit('Uploading dialog')
    release()
    const form = dialog('Media Information')
    await form.getByLabel('Title').waitFor({ timeout: 30_000 })
    await page.unroute('**/storage/api/upload_file')
    await audit('Media Information dialog')
    await form.getByRole('button', { name: 'Cancel' }).click()
    await form.waitFor({ state: 'detached' })
    expectNoViolations()
  })

  it('on the player with the demo article, its tabs, menus, the word lookup, the card window and the shadowing dialog', async () => {
    await open(`/player/audio/${hashId}`, page.getByRole('heading', { name: DEMO_TITLE }))
    const word = (name: string) => page.locator('section[aria-label="Subtitles"] button[data-word-index]').filter({ hasText: new RegExp(`^${name}$`) }).first()
    const ready = () => expect.poll(() => word('leisure').getAttribute('data-status'), { timeout: 10_000 }).toBe('new')
    await audit('player', ready)

    for (const tab of ['Transcript', 'Notes', 'Chat']) {
      await page.getByRole('tab', { name: tab }).click()
      await audit(`player, ${tab} tab`)
    }
    await page.getByRole('tab', { name: 'Description' }).click()

    await page.getByRole('button', { name: /^Playback speed/ }).click()
    await page.getByRole('menu', { name: 'Playback speed' }).waitFor()
    await audit('player, speed menu')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: `More actions for ${DEMO_TITLE}` }).click()
    await page.getByRole('menu').waitFor()
    await audit('player, article menu')
    await page.keyboard.press('Escape')

    await word('leisure').hover()
    await page.getByRole('button', { name: 'Look up leisure' }).click()
    const lookup = dialog('Look up leisure')
    await expect.poll(() => lookup.getByTestId('sense').textContent(), { timeout: 10_000 }).not.toBe('Looking up…')
    await audit('player, word lookup')
    await closeDialog(lookup)

    await page.getByRole('button', { name: 'Create flashcards from this segment' }).click()
    const cardWindow = dialog('Create Flashcard')
    await expect.poll(() => cardWindow.getByLabel('Front', { exact: true }).inputValue(), { timeout: 15_000 }).not.toBe('')
    await audit('player, card window')
    await cardWindow.getByRole('button', { name: 'Cancel' }).click()
    await cardWindow.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Shadow the current sentence' }).click()
    const shadow = dialog('Shadow this sentence')
    await shadow.getByRole('button', { name: /^Start/ }).waitFor()
    await audit('player, shadowing dialog')
    await closeDialog(shadow)
    expectNoViolations()
  })

  it('on My Feed, with the mini player', async () => {
    await open('/feeds', h1('My Feed'))
    const episodes = page.getByRole('list', { name: 'Episodes' })
    await episodes.getByRole('heading', { name: EPISODE }).waitFor()
    await audit('My Feed')
    await page.getByRole('button', { name: `Play ${EPISODE}`, exact: true }).click()
    await page.getByRole('region', { name: 'Mini player' }).waitFor()
    await audit('My Feed, mini player')
    await page.getByRole('button', { name: 'Close player' }).click()
    expectNoViolations()
  })

  it('on Discover, with the import dialog', async () => {
    await open('/discover', h1('Explore Channels'))
    await page.getByRole('article', { name: CHANNEL }).waitFor()
    await audit('Discover')
    await page.getByRole('button', { name: 'Import RSS Feed' }).click()
    const importing = dialog('Import RSS Feed')
    await importing.getByRole('button', { name: 'Import' }).click()
    await importing.getByRole('alert').waitFor()
    await audit('Discover, Import RSS Feed with its error')
    await closeDialog(importing)
    expectNoViolations()
  })

  it("on a feed's detail, with the rename dialog", async () => {
    await open(`/rss/${rssId}`, h1(CHANNEL))
    await page.getByRole('list', { name: 'Episodes' }).getByRole('heading', { name: EPISODE }).waitFor()
    await audit('feed detail')
    await page.getByRole('button', { name: 'Rename' }).click()
    const rename = dialog('Rename channel')
    await rename.getByLabel('Channel name').waitFor()
    await audit('feed detail, Rename channel')
    await closeDialog(rename)
    expectNoViolations()
  })

  it('on a playlist', async () => {
    await open(`/playlist/${playlistHash}`, h1('Morning walk'))
    await page.getByRole('list', { name: 'Playlist items' }).getByRole('listitem').first().waitFor()
    await audit('playlist')
    expectNoViolations()
  })

  it('on a deck, with the create-deck, add-card, view and edit dialogs', async () => {
    // Made here: cards make their words "learning", and a user with marked words gets no placement offer.
    deckId = (await api<{ deck: { id: number } }>('/english_vocab/memories/deck', { name: 'Podcast words', scheduler: 'fsrs' })).deck.id
    for (const [front, back] of [
      ['prudent', '**prudent** = careful about the future'],
      ['leisure', 'free time'],
    ])
      await api('/english_vocab/memories/flashcard', { deck_id: deckId, front, back })
    await open(`/memories/deck/${deckId}`, page.getByRole('cell', { name: 'prudent', exact: true }))
    await audit('deck')

    await page.getByRole('button', { name: 'New Deck', exact: true }).click()
    await dialog('Create New Deck').getByLabel('Deck Name').waitFor()
    await audit('deck, Create New Deck')
    await closeDialog(dialog('Create New Deck'))

    await page.getByRole('button', { name: 'Add Card' }).click()
    await dialog('Create New Flashcard').getByLabel('Front (Question)').waitFor()
    await audit('deck, Create New Flashcard')
    await closeDialog(dialog('Create New Flashcard'))

    await page.getByRole('button', { name: 'View back of prudent' }).click()
    await dialog('Flashcard Content').locator('strong').waitFor()
    await audit('deck, Flashcard Content')
    await closeDialog(dialog('Flashcard Content'))

    await page.getByRole('button', { name: 'Edit prudent' }).click()
    await dialog('Edit Flashcard').getByLabel('Question').waitFor()
    await audit('deck, Edit Flashcard')
    await closeDialog(dialog('Edit Flashcard'))
    expectNoViolations()
  })

  it('on the review, before and after the answer', async () => {
    await open(`/memories/review?deck_id=${deckId}`, page.getByTestId('card-front'))
    await audit('review')
    await page.getByRole('button', { name: 'Show Answer' }).click()
    await page.getByTestId('card-answer').waitFor()
    await audit('review, answer shown')
    expectNoViolations()
  })

  it('on Downloads, and offline: the banner, an answer kept on the device, the sign-out question', async () => {
    await open(`/player/audio/${hashId}`, page.getByRole('heading', { name: DEMO_TITLE }))
    await page.getByRole('button', { name: 'Download for offline' }).click()
    await page.getByTestId('downloaded').waitFor({ timeout: 60_000 })
    await audit('player, downloaded')
    await open('/downloads', h1('Downloads'))
    await expect.poll(() => page.getByTestId('storage-estimate').textContent()).toMatch(/^Using /)
    await audit('Downloads')

    // The review keeps its deck while online; the answer given offline waits in the outbox.
    await open(`/memories/review?deck_id=${deckId}`, page.getByTestId('card-front'))
    await browser.context.setOffline(true)
    try {
      await page.getByRole('button', { name: 'Show Answer' }).click()
      await page.getByRole('button', { name: 'Familiar', exact: true }).click()
      await page.getByText('1 change will be sent when you are online.').waitFor()
      await audit('review offline, with the banner')
      await page.getByRole('button', { name: 'Logout' }).click()
      const ask = dialog('Changes not sent yet')
      await ask.waitFor()
      await audit('sign-out with changes not sent')
      await ask.getByRole('button', { name: 'Stay signed in' }).click()
      await ask.waitFor({ state: 'detached' })
    } finally {
      await browser.context.setOffline(false)
    }
    await page.getByText('1 change will be sent when you are online.').waitFor({ state: 'detached' })
    expectNoViolations()
  })

  it('on the statistics', async () => {
    await open('/memories/stats', h1(/Statistics/))
    await page.locator('canvas').first().waitFor()
    await audit('statistics')
    expectNoViolations()
  })

  it('on the Vocabulary screen, with its dialogs', async () => {
    await open('/memories/words', h1('Vocabulary'))
    await page.locator('tbody tr').first().waitFor()
    await audit('Vocabulary')
    await page.getByRole('button', { name: 'Import list' }).click()
    const importing = dialog('Import a word list')
    await importing.waitFor()
    await audit('Vocabulary, Import a word list')
    await closeDialog(importing)
    expectNoViolations()
  })

  it('on the page for an unknown address', async () => {
    await page.goto(server.url + '/console/no-such-screen')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await audit('not found')
    expectNoViolations()
  })
})
