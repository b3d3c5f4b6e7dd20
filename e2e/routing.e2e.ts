import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoSession, type DemoSession } from './session'

/**
 * Moving between the console's screens (src/app/RouteView.tsx, decision
 * 0034): in place, with the address, the history and the sidebar following;
 * the screen before stays while the next one's code comes; a screen whose code
 * fails says so inside the console's frame, and leaving it clears that.
 */
let demo: DemoSession
let page: Page
const url = (path: string) => demo.server.url + path

beforeAll(async () => {
  // The tests hold back or refuse a screen's code with `page.route`; the service worker would answer from its own store.
  demo = await startDemoSession({}, { serviceWorkers: 'block' })
  page = demo.page
})
afterAll(async () => {
  await demo?.stop()
})

const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const sidebar = () => page.getByRole('complementary').first()
/** A mark on the page's window: it is gone if the page was loaded again. */
const markPage = () => page.evaluate(() => ((window as unknown as { kept: string }).kept = 'same page'))
const samePage = () => page.evaluate(() => (window as unknown as { kept?: string }).kept)

/** Holds back the requests for a screen's code (`DiscoverScreen`) until `release` is called; `stop` lets them through again. */
async function holdBackCode(on: Page, screen: string): Promise<{ release: () => void; stop: () => Promise<void> }> {
  const file = new RegExp(`/assets/${screen}-[\\w-]+\\.js$`)
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await on.route(file, async (route) => {
    await released
    await route.continue()
  })
  return {
    release,
    stop: async () => {
      release()
      await on.unroute(file)
    },
  }
}

describe("the console's screens", () => {
  it('open in place from a link; the sidebar marks the one shown; Back and the Back button return', async () => {
    await page.goto(url('/console/'))
    await heading('Learning').waitFor()
    await markPage()
    expect(await sidebar().getByRole('link', { name: 'Learning' }).getAttribute('aria-current')).toBe('page')

    await sidebar().getByRole('link', { name: 'My Feed' }).click()
    await heading('My Feed').waitFor()
    expect(new URL(page.url()).pathname).toBe('/console/feeds')
    expect(await sidebar().getByRole('link', { name: 'My Feed' }).getAttribute('aria-current')).toBe('page')
    expect(await sidebar().getByRole('link', { name: 'Learning' }).getAttribute('aria-current')).toBeNull()

    // A playlist made from the sidebar, opened from its link: its Back button returns to My Feed, the screen before.
    await sidebar().getByRole('button', { name: 'New Playlist' }).click()
    const playlistLink = sidebar().getByRole('list', { name: 'Playlists' }).getByRole('link').first()
    await playlistLink.click()
    await page.waitForURL((url) => url.pathname.startsWith('/console/playlist/'))
    await expect.poll(() => playlistLink.getAttribute('aria-current')).toBe('page')
    await page.getByRole('main').getByRole('button', { name: 'Back' }).click()
    await heading('My Feed').waitFor()
    expect(new URL(page.url()).pathname).toBe('/console/feeds')

    await page.goBack()
    await heading('Learning').waitFor()
    expect(new URL(page.url()).pathname).toBe('/console/')
    expect(await samePage(), 'no screen change loaded the page again').toBe('same page')
  })

  it('keep the screen before while the next one’s code comes, without a spinner', async () => {
    await page.goto(url('/console/memories/deck'))
    await heading('Memories').waitFor()
    const stats = await holdBackCode(page, 'StatsScreen')
    try {
      await page.getByRole('button', { name: 'Statistics' }).click()
      await page.waitForURL((url) => url.pathname === '/console/memories/stats')
      // The address has changed; the deck stays, usable, until the statistics' code has come.
      expect(await heading('Memories').isVisible()).toBe(true)
      expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(0)
      stats.release()
      await heading('Statistics').waitFor()
    } finally {
      await stats.stop()
    }
  })

  it('close the phone’s drawer when the address changes, and leave it open when opened again before the next screen shows', async () => {
    const phone = await page.context().newPage()
    await phone.setViewportSize({ width: 375, height: 740 })
    const discoverCode = await holdBackCode(phone, 'DiscoverScreen')
    try {
      await phone.goto(url('/console/'))
      await phone.getByRole('heading', { level: 1, name: 'Learning', exact: true }).waitFor()
      const discover = phone.getByRole('link', { name: 'Discover' })
      await phone.getByRole('button', { name: 'Open menu' }).click()
      await discover.click()
      await phone.waitForURL((address) => address.pathname === '/console/discover')
      await expect.poll(() => discover.isVisible()).toBe(false)
      // Opened again while Discover's code is held back: the screen coming must not close it.
      await phone.getByRole('button', { name: 'Open menu' }).click()
      await expect.poll(() => discover.isVisible()).toBe(true)
      discoverCode.release()
      await phone.getByRole('heading', { level: 1, name: 'Explore Channels', exact: true }).waitFor()
      await phone.waitForTimeout(300)
      expect(await discover.isVisible()).toBe(true)
    } finally {
      await discoverCode.stop()
      await phone.close()
    }
  })

  it('show a screen whose code cannot be fetched as an error inside the frame, until the learner goes elsewhere', async () => {
    await page.goto(url('/console/memories/deck'))
    await heading('Memories').waitFor()
    await page.route(/\/assets\/VocabularyScreen-[\w-]+\.js$/, (route) => route.abort())
    try {
      await page.getByRole('button', { name: 'Vocabulary' }).click()
      await heading('Something went wrong').waitFor()
      expect(await page.getByText('This screen could not be shown. Reloading the page usually helps.').isVisible()).toBe(true)
      // The sidebar is still there to leave by.
      await sidebar().getByRole('link', { name: 'Learning' }).click()
      await heading('Learning').waitFor()
      expect(await heading('Something went wrong').count()).toBe(0)
    } finally {
      await page.unroute(/\/assets\/VocabularyScreen-[\w-]+\.js$/)
    }
  })

  it('lead an old address on, in place of it in the history', async () => {
    await page.goto(url('/console/feeds'))
    await heading('My Feed').waitFor()
    await page.goto(url('/console/memories'))
    await page.waitForURL((url) => url.pathname === '/console/memories/deck')
    await heading('Memories').waitFor()
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/console/feeds')
  })

  it('say so for an address that is no screen, with a way back', async () => {
    await page.goto(url('/console/no/such/screen'))
    await heading('Page not found').waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Back to Learning' }).click()
    await heading('Learning').waitFor()
    expect(new URL(page.url()).pathname).toBe('/console/')
  })
})
