import { DEV_LOGIN_TOKEN, TOKEN_COOKIE, USERNAME_COOKIE } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { consoleTookOver, openInConsole } from './session'

/**
 * The first paint on a phone (decision 0019), in Chromium against
 * the built console (run `npm run build` first): the page the server sends
 * already shows the opened screen's frame (rendered by React at build time),
 * so it paints before the console's code is even fetched; the console then
 * takes over, and a visitor without a session never sees a learner's screen.
 * The player and the review come rendered with the learner's data, and their
 * answers for the console's cache (decision 0021).
 */
let db: TestDatabase
let server: ServerProcess
let noScript: Browser
let browser: Browser

const session = () => [
  { name: TOKEN_COOKIE, value: DEV_LOGIN_TOKEN, url: server.url },
  { name: USERNAME_COOKIE, value: 'dev', url: server.url },
]

beforeAll(async () => {
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  noScript = await launchBrowser({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
  browser = await launchBrowser({ viewport: { width: 390, height: 844 } })
})
afterAll(async () => {
  await noScript?.close()
  await browser?.close()
  await server?.stop()
  await db?.drop()
})

describe("the opened screen's first frame", () => {
  it('is in the page itself: with no script at all, the screen shows its heading and texts, but not to a visitor without a session', async () => {
    const page = await noScript.context.newPage()
    await page.goto(server.url + '/console/login')
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in to study')

    await page.goto(server.url + '/console/feeds')
    expect(await page.locator('h1').count(), 'no session: the spinner, not My Feed').toBe(0)
    expect(await page.textContent('body')).not.toContain('New episodes from your channels.')

    await noScript.context.addCookies(session())
    await page.goto(server.url + '/console/feeds')
    expect(await page.locator('main h1').textContent()).toBe('My Feed')
    expect(await page.getByText('New episodes from your channels.').isVisible()).toBe(true)
    await page.goto(server.url + '/console/memories/deck/1')
    expect(await page.locator('main h1').textContent()).toBe('Memories')
    await page.close()
  })

  it("is painted before the console's code is fetched, then the console replaces it and works", async () => {
    await browser.context.addCookies(session())
    const page = await browser.context.newPage()
    await page.goto(server.url + '/console/feeds')
    // The console's screen, not the inert frame: its search field takes typing.
    await consoleTookOver(page)
    await page.getByRole('searchbox', { name: 'Search by title or channel' }).fill('river')
    expect(await page.getByRole('searchbox', { name: 'Search by title or channel' }).inputValue()).toBe('river')
    const times = await page.evaluate(() => {
      // When the frame was on the screen (its presentation, a frame or more after it was painted).
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const entry = (document.getElementById('console-code') as HTMLTemplateElement).dataset.main!
      const code = resources.find((r) => new URL(r.name).pathname === entry)!
      const stylesheet = resources.find((r) => /\/assets\/index-[\w-]+\.css$/.test(new URL(r.name).pathname))!
      const started = performance.getEntriesByName('lingocast:console-start')[0]!.startTime
      const stages = resources.filter((r) => /\/assets\/boot(-[a-z]+)?-[\w-]+\.js$/.test(new URL(r.name).pathname)).map((r) => ({ file: new URL(r.name).pathname, asked: r.fetchStart }))
      return { paint, codeFetched: code.fetchStart, stylesheetCame: stylesheet.responseEnd, started, stages, entryBytes: code.decodedBodySize }
    })
    const said = `stylesheet at ${times.stylesheetCame} ms, first contentful paint at ${times.paint} ms, the entry fetched at ${times.codeFetched} ms`
    // The page is painted once its stylesheet has come; the early script starts the code once that paint is shown.
    expect(times.paint, said).toBeGreaterThanOrEqual(times.stylesheetCame)
    expect(times.codeFetched, said).toBeGreaterThanOrEqual(times.paint)
    // The console starts in stages, each evaluated in a task of its own (src/main.tsx): the entry holds
    // the stages' order only, and the files of all of them were asked for with it, not one by one as each
    // stage runs.
    expect(times.entryBytes, 'the entry holds the start stages only').toBeLessThan(8_000)
    expect(times.stages.map((s) => s.file.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual(['/console/assets/boot', '/console/assets/boot-contract', '/console/assets/boot-react'])
    for (const stage of times.stages) expect(stage.asked, `${stage.file} asked for before the console started`).toBeLessThan(times.started)
    await page.close()
  })

  it("carries no zod and no schema code in the code of the first screens: answers are checked by their shapes (decisions 0032, 0035; e2e/playlists refuses one)", async () => {
    await browser.context.addCookies(session())
    const page = await browser.context.newPage()
    // The player reads the tutor's stored chat first thing, checked by its shape too.
    const scripts: string[] = []
    for (const screen of ['/console/', '/console/feeds', '/console/memories/deck', `/console/player/audio/${await demoHashId()}`]) {
      await page.goto(server.url + screen)
      await consoleTookOver(page)
      // Each page has its own resource timeline.
      scripts.push(...(await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')))))
    }
    expect(scripts.length).toBeGreaterThan(10)
    expect(scripts.some((s) => /PlayerScreen/.test(s)), 'the player screen loaded').toBe(true)
    for (const script of new Set(scripts)) {
      const code = await (await page.request.get(server.url + script)).text()
      // zod names its error class in its code; the console's own code never does.
      expect(code, script).not.toContain('ZodError')
      // Nor the contract's schema builders, which the server alone runs (decision 0035): every object
      // schema is a z.object({...}) call, and no code of the console's own calls an .object.
      expect(code, script).not.toContain('.object({')
    }
    await page.close()
  })

  it("the player's page comes with its article and transcript: painted with no script, shown by the console without asking again", async () => {
    const hashId = await demoHashId()
    const url = `${server.url}/console/player/audio/${hashId}`
    await noScript.context.addCookies(session())
    const bare = await noScript.context.newPage()
    await bare.goto(url)
    expect(await bare.locator('main h1').textContent()).toContain('Sense and Sensibility')
    expect(await bare.getByText(/John Dashwood had then leisure/).first().isVisible()).toBe(true)
    await bare.close()

    const { page, asked, close } = await firstVisit(url, /\/(media-proxy\/get_speech_segments|english_vocab\/api\/article)\?/)
    // The console's own player: a word of the sentence is a button that takes a click.
    await page.getByRole('button', { name: 'John', exact: true }).first().waitFor()
    expect(asked, 'the article and the transcript came with the page').toEqual([])
    await close()
  })

  it("the review page comes with the learner's first card: painted with no script, then the console's card takes the keys", async () => {
    const deck = await api<{ deck: { id: number } }>('/english_vocab/memories/deck', { name: 'First frame' })
    await api('/english_vocab/memories/flashcard', { deck_id: deck.deck.id, front: 'sensibility', back: 'the ability to feel' })
    const url = `${server.url}/console/memories/review?deck_id=${deck.deck.id}`
    await noScript.context.addCookies(session())
    const bare = await noScript.context.newPage()
    await bare.goto(url)
    expect(await bare.getByTestId('card-front').textContent()).toBe('sensibility')
    await bare.close()

    const { page, asked, close } = await firstVisit(url, /\/english_vocab\/memories\/flashcards\?/)
    expect(await page.getByTestId('card-front').textContent()).toBe('sensibility')
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByTestId('card-answer').textContent()).toContain('the ability to feel')
    expect(asked, 'the cards came with the page').toEqual([])
    await close()
  })

  it('a Space pressed while the review is still its frame shows the answer once the console has taken over, and the answer is timed from the frame', async () => {
    const deck = await api<{ deck: { id: number } }>('/english_vocab/memories/deck', { name: 'Early keys' })
    await api('/english_vocab/memories/flashcard', { deck_id: deck.deck.id, front: 'estate', back: 'land and buildings owned by one family' })
    const visitor = await launchBrowser({ viewport: { width: 390, height: 844 } })
    await visitor.context.addCookies(session())
    const page = await visitor.context.newPage()
    // The console's entry is held back, as on a slow link, until the key has been pressed on the frame.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${server.url}/console/memories/review?deck_id=${deck.deck.id}`, { waitUntil: 'domcontentloaded' })
    await page.waitForFunction(() => (globalThis as { __lingocastEarlyKeys?: unknown }).__lingocastEarlyKeys !== undefined)
    expect(await page.locator('#root > div[inert]').getByTestId('card-front').textContent()).toBe('estate')
    expect(await page.getByText('Space shows the answer', { exact: false }).count()).toBeGreaterThan(0)
    await page.keyboard.press('Space')
    expect(await page.getByTestId('card-answer').count(), 'nothing happens on the inert frame itself').toBe(0)
    // The learner has been looking at the card for a second before the console comes.
    await page.waitForTimeout(1000)
    release()
    await consoleTookOver(page)
    await expect.poll(() => page.getByTestId('card-answer').textContent(), { timeout: 10_000 }).toContain('land and buildings owned by one family')
    // Its answer time runs from when the frame showed the card, not from when the console took over.
    const answered = page.waitForRequest((r) => r.url().endsWith('/english_vocab/memories/review') && r.method() === 'POST')
    await page.getByRole('button', { name: 'Familiar', exact: true }).click()
    expect((await answered).postDataJSON().time_ms).toBeGreaterThanOrEqual(1000)
    await visitor.close()
  })

  it("a returning visit, with the service worker in control, gets the page the server renders with the learner's card, not a stored shell", async () => {
    const deck = await api<{ deck: { id: number } }>('/english_vocab/memories/deck', { name: 'Returning' })
    await api('/english_vocab/memories/flashcard', { deck_id: deck.deck.id, front: 'residence', back: 'the place where someone lives' })
    const url = `${server.url}/console/memories/review?deck_id=${deck.deck.id}`
    const { page, asked, close } = await firstVisit(url, /\/english_vocab\/memories\/flashcards\?/)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))

    const again = await page.goto(url)
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the worker answers this visit').toBe(true)
    const html = await again!.text()
    expect(html, "the learner's first card is in the page").toMatch(/data-testid="card-front"[^>]*>residence</)
    expect(html, "and the answers for the console's cache").toContain('id="console-data"')
    await consoleTookOver(page)
    expect(await page.getByTestId('card-front').textContent()).toBe('residence')
    expect(asked, 'the cards came with the page, both times').toEqual([])

    // Offline, the worker answers with the stored shell, and the console still opens.
    await page.context().setOffline(true)
    try {
      await page.goto(`${server.url}/console/memories/deck`)
      // The phone's layout: the console's own screen, which knows it is offline.
      await page.getByText('You are offline.').waitFor({ timeout: 15_000 })
      expect(await page.title()).toBe('Lingocast')
    } finally {
      await page.context().setOffline(false)
    }
    await close()
  })

  it("opened from inside the console, the player asks for its transcript as soon as the article has come, while its code is still on its way", async () => {
    const hashId = await demoHashId()
    await browser.context.addCookies(session())
    const page = await browser.context.newPage()
    // The player's chunk is held back (its preload too) until the transcript has been asked for.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let chunkSent = false
    await page.route(/\/assets\/PlayerScreen-[\w-]+\.js$/, async (route) => {
      await held
      chunkSent = true
      await route.continue()
    })
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/media-proxy/get_speech_segments')) asked.push(chunkSent ? 'after the code' : 'before the code')
    })
    await openInConsole(page, `${server.url}/console/player/audio/${hashId}`)
    await expect.poll(() => asked, { timeout: 15_000 }).toEqual(['before the code'])
    release()
    // The player shows the transcript's first sentence from that answer; it did not ask again.
    await expect.poll(() => page.getByText(/John Dashwood had then leisure/).first().isVisible(), { timeout: 15_000 }).toBe(true)
    expect(asked).toEqual(['before the code'])
    await page.close()
  })
})

/**
 * A first visit to `url` (a new browser: once the console's service worker is in control, it answers
 * navigations with its cached shell, decision 0014), signed in, until the console's own screen has
 * replaced the page's frame; `asked` collects the addresses of the requests that match `watched`.
 */
async function firstVisit(url: string, watched: RegExp) {
  const first = await launchBrowser({ viewport: { width: 390, height: 844 } })
  await first.context.addCookies(session())
  const page = await first.context.newPage()
  const asked: string[] = []
  page.on('request', (request) => {
    if (watched.test(request.url())) asked.push(request.url())
  })
  await page.goto(url)
  await consoleTookOver(page)
  return { page, asked, close: () => first.close() }
}

/** The developer's API, as another device of theirs would call it. */
async function api<T>(path: string, body?: object): Promise<T> {
  const res = await fetch(server.url + path, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}

async function demoHashId(): Promise<string> {
  const { collections } = await api<{ collections: Array<{ HashID: string; Audio: string | null }> }>('/english_vocab/api/word_collections')
  return collections.find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!.HashID
}
