import { DEV_LOGIN_TOKEN, type Segment } from '@lingocast/contract'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { openInConsole, signInAsDeveloper } from './session'

/**
 * The Transcript tab on the demo article. Its five word-timed
 * segments are served to the page cut into lines of two words (the same
 * words at the same times), so that the whole text is longer than the tab
 * and following it means scrolling. Everything else is the real server: the
 * user's placement at level 1,000 makes "And" known and "leisure" new, the
 * lookup and the marks go through the real calls.
 */
const WORDS_PER_LINE = 2
const AUDIO = '/demo/sense-and-sensibility.mp3'

let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let playerUrl: string
let lines: Segment[]

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  expect(res.status, `${path}: ${res.status}`).toBe(200)
  return (await res.json()) as T
}

/** The demo's segments cut into short lines, each from its first word to the next line's first word. */
function cutIntoLines(segments: Segment[]): Segment[] {
  const out: Segment[] = []
  for (const segment of segments) {
    const words = segment.word_timestamps
    for (let i = 0; i < words.length; i += WORDS_PER_LINE) {
      const chunk = words.slice(i, i + WORDS_PER_LINE)
      const next = words[i + WORDS_PER_LINE]
      out.push({ start: chunk[0]!.start, end: next ? next.start : segment.end, text: chunk.map((w) => w.word).join(' '), word_timestamps: chunk })
    }
  }
  return out
}

beforeAll(async () => {
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  await api('/english_vocab/api/words/placement', { method: 'POST', body: { level: 1000 } })
  const { collections } = await api<{ collections: Array<{ HashID: string; Audio: string | null }> }>('/english_vocab/api/word_collections')
  const hashId = collections.find((a) => a.Audio === AUDIO)!.HashID
  const { segments } = await api<{ segments: Segment[] }>(`/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(AUDIO)}`)
  expect(segments.length).toBe(5)
  lines = cutIntoLines(segments)
  expect(lines.length).toBeGreaterThan(30)

  browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] })
  page = await browser.context.newPage()
  await page.route('**/media-proxy/get_speech_segments?*', (route) => route.fulfill({ json: { success: true, segments: lines } }))
  await page.route('**/media-proxy/transcript?*', (route) => route.fulfill({ json: { success: true, segments: [] } }))
  await signInAsDeveloper(page, server.url)
  playerUrl = `${server.url}/console/player/audio/${hashId}`
})
afterAll(async () => {
  if (process.env.DEBUG_SERVER) console.log(server?.output().slice(-4000))
  await browser?.close()
  await server?.stop()
  await db?.drop()
})

const list = () => page.getByRole('list', { name: 'Transcript' })
const scroller = () => page.getByTestId('transcript-tab').locator('.overflow-y-auto')
const playingRow = () => list().locator('[role="listitem"][aria-current="true"]')
const rowOf = (start: number) => list().locator('[role="listitem"]').filter({ has: page.locator(`[data-segment-start="${start}"]`) })
const lineWithWord = (word: string) => lines.findIndex((l) => l.word_timestamps.some((w) => w.word === word))
const tabWord = (word: string) => list().locator('button[data-word-index]').filter({ hasText: new RegExp(`^${word}$`) }).first()
const captionWord = (word: string) => page.locator('section[aria-label="Subtitles"] button[data-word-index]').filter({ hasText: new RegExp(`^${word}$`) }).first()
const audioTime = () => page.evaluate(() => document.querySelector('audio')!.currentTime)
const play = () => page.evaluate(() => document.querySelector('audio')!.play())
const pause = () => page.evaluate(() => document.querySelector('audio')!.pause())
const paused = () => page.evaluate(() => document.querySelector('audio')!.paused)
const backButton = () => page.getByRole('button', { name: 'Back to the playing line' })

/** Whether the element lies wholly inside the tab's scrolling box. */
async function inView(el: Locator): Promise<boolean> {
  const box = await el.boundingBox()
  const view = await scroller().boundingBox()
  if (!box || !view) return false
  return box.y >= view.y - 1 && box.y + box.height <= view.y + view.height + 1
}

/** The line the media is in, by its clock (the last line started; -1 before the first). */
async function playingIndex(): Promise<number> {
  const ms = (await audioTime()) * 1000
  return lines.findLastIndex((l) => l.start <= ms)
}

/**
 * The row marked as playing (aria-current) when it is in the page (the list
 * renders only the rows near its view): its index, its line's start, and
 * whether it lies wholly in sight.
 */
async function playing(): Promise<{ index: number; start: number; visible: boolean }> {
  const row = playingRow()
  if ((await row.count()) !== 1) return { index: -1, start: -1, visible: false }
  return { index: Number(await row.getAttribute('data-index')), start: Number(await row.locator('[data-segment-start]').getAttribute('data-segment-start')), visible: await inView(row) }
}

/** The learner's own scroll: the mouse wheel over the list. */
async function wheelOverList(dy: number) {
  const box = (await scroller().boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.wheel(0, dy)
}

/** Every tab of the side panel lies inside it, none cut off; with `named`, each shows its name. */
async function tabsFit(named: boolean) {
  const panel = (await page.getByRole('tablist', { name: 'Article panels' }).boundingBox())!
  for (const name of ['Description', 'Transcript', 'Notes', 'Chat']) {
    const tab = page.getByRole('tab', { name })
    const box = (await tab.boundingBox())!
    expect(box.x, name).toBeGreaterThanOrEqual(panel.x)
    expect(box.x + box.width, name).toBeLessThanOrEqual(panel.x + panel.width)
    if (named) expect(await tab.getByText(name, { exact: true }).isVisible(), name).toBe(true)
  }
}

async function openTab() {
  await page.getByRole('tab', { name: 'Transcript' }).click()
  await list().waitFor()
}

describe('the Transcript tab (Chromium)', () => {
  it('lists the whole text with the word statuses of the caption line, in a virtualised list', async () => {
    await openInConsole(page, playerUrl)
    await page.locator('section[aria-label="Subtitles"] [data-segment-start]').waitFor()
    // Description stays the default tab (spec 000 s2).
    await page.getByRole('tab', { name: 'Description', selected: true }).waitFor()
    // Four tabs fit the pane at its default width, each by its name.
    await tabsFit(true)
    await openTab()
    const rows = list().locator('[role="listitem"]')
    // Every line counts in the list, but only those near the view are in the page.
    expect(await rows.first().getAttribute('aria-setsize')).toBe(String(lines.length))
    const rendered = await rows.count()
    expect(rendered).toBeGreaterThan(3)
    expect(rendered).toBeLessThan(lines.length)
    // The statuses are the caption line's: the same marks from the same answer.
    await expect.poll(() => tabWord('leisure').getAttribute('data-status'), { timeout: 10_000 }).toBe('new')
    expect(await tabWord('And').getAttribute('data-status')).toBe('known')
    expect(await tabWord('Dashwood').getAttribute('data-status')).toBeNull()
    expect(await captionWord('And').getAttribute('data-status')).toBe('known')
    expect(await tabWord('leisure').evaluate((el) => getComputedStyle(el).textDecorationStyle)).toBe('dotted')
    // The Word status switch under the caption hides them here too.
    await page.getByRole('switch', { name: 'Word status' }).uncheck()
    await expect.poll(() => list().locator('[data-status]').count()).toBe(0)
    await page.getByRole('switch', { name: 'Word status' }).check()
    await expect.poll(() => tabWord('leisure').getAttribute('data-status')).toBe('new')
  })

  it('follows playback: the playing line is marked and kept in sight', async () => {
    expect((await playing()).index).toBe(-1)
    // Every place the list is scrolled to while it follows.
    await scroller().evaluate((el) => {
      const w = window as unknown as { listAt: number[] }
      w.listAt = []
      el.addEventListener('scroll', () => {
        if (w.listAt.at(-1) !== el.scrollTop) w.listAt.push(el.scrollTop)
      })
    })
    await play()
    // Far enough that the list had to scroll: the playing line is below where the first screen ended.
    const far = Math.ceil(lines.length / 2)
    await expect.poll(async () => (await playing()).index, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(far)
    const now = await playing()
    expect(now.visible).toBe(true)
    expect(await scroller().evaluate((el) => el.scrollTop)).toBeGreaterThan(200)
    // It turns in steps, not at every line: a line in the upper part of the view stays where the eye reads it.
    const turns = await page.evaluate(() => (window as unknown as { listAt: number[] }).listAt.length)
    expect(turns).toBeGreaterThan(0)
    expect(turns).toBeLessThanOrEqual(now.index / 2)
    // The marked line is the one the caption shows.
    expect(now.start).toBe(Number(await page.locator('section[aria-label="Subtitles"] [data-segment-start]').getAttribute('data-segment-start')))
    await expect.poll(async () => (await playing()).index, { timeout: 5_000, interval: 100 }).toBeGreaterThan(now.index)
    expect((await playing()).visible).toBe(true)
    await page.getByTestId('transcript-following').waitFor()
  })

  it('stops following while the learner scrolls away, until they ask for it back', async () => {
    expect(await paused()).toBe(false)
    await wheelOverList(-5_000)
    await expect.poll(() => scroller().evaluate((el) => el.scrollTop), { timeout: 5_000 }).toBe(0)
    await backButton().waitFor()
    const from = await playingIndex()
    // Playback goes on past several lines; the list stays where the learner put it.
    await expect.poll(playingIndex, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(from + 3)
    expect(await scroller().evaluate((el) => el.scrollTop)).toBe(0)
    expect((await playing()).visible).toBe(false)
    // Back to the playing line: in sight again, and followed again.
    await backButton().click()
    await expect.poll(async () => (await playing()).visible).toBe(true)
    await page.getByTestId('transcript-following').waitFor()
    const back = (await playing()).index
    await expect.poll(async () => (await playing()).index, { timeout: 5_000, interval: 100 }).toBeGreaterThan(back)
    expect((await playing()).visible).toBe(true)
    await pause()
  })

  it('seeks on a word click, and looks up and marks a word as the caption line does', async () => {
    // Playing further down, scrolled away to the start: a word there plays from that word, and the list follows from it.
    await page.evaluate((s) => (document.querySelector('audio')!.currentTime = s), lines[lines.length - 5]!.start / 1000 + 0.05)
    await expect.poll(async () => (await playing()).visible).toBe(true)
    await wheelOverList(-5_000)
    await expect.poll(() => scroller().evaluate((el) => el.scrollTop), { timeout: 5_000 }).toBe(0)
    await backButton().waitFor()
    const index = lineWithWord('leisure')
    const leisure = lines[index]!.word_timestamps.find((w) => w.word === 'leisure')!
    await tabWord('leisure').click()
    await expect.poll(audioTime).toBeCloseTo(leisure.start / 1000, 1)
    await expect.poll(async () => (await playing()).index).toBe(index)
    expect((await playing()).visible).toBe(true)
    await page.getByTestId('transcript-following').waitFor()
    await captionWord('leisure').waitFor()

    // The book button on hover opens the same popover; Known marks every occurrence, caption and list.
    await tabWord('leisure').hover()
    await list().getByRole('button', { name: 'Look up leisure' }).click()
    const dialog = page.getByRole('dialog', { name: 'Look up leisure' })
    await dialog.waitFor()
    await expect.poll(() => dialog.getByTestId('sense').textContent(), { timeout: 10_000 }).not.toBe('Looking up…')
    // The list holds still under the popover: following stops while the word is read.
    await backButton().waitFor()
    await dialog.getByRole('button', { name: 'Known' }).click()
    await expect.poll(() => tabWord('leisure').getAttribute('data-status')).toBe('known')
    expect(await captionWord('leisure').getAttribute('data-status')).toBe('known')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // Focus went back to the word in the list; L looks up the focused word there too.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="list"]') !== null)).toBe(true)
    await tabWord('prudently').focus()
    await page.keyboard.press('l')
    await page.getByRole('dialog', { name: 'Look up prudently' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Look up prudently' }).waitFor({ state: 'detached' })
    // The marking keys work on the focused word of the list as on the caption's: 2 is learning at level 2, K known.
    await tabWord('prudently').focus()
    await page.keyboard.press('2')
    await expect.poll(() => tabWord('prudently').getAttribute('data-status')).toBe('learning')
    expect(await tabWord('prudently').getAttribute('data-level')).toBe('2')
    await page.keyboard.press('k')
    await expect.poll(() => tabWord('prudently').getAttribute('data-status')).toBe('known')
    await api('/english_vocab/api/words/status', { method: 'POST', body: { words: ['prudently'], status: 'new' } })
    // A drag across the words of a line selects them as a phrase and looks it up, as on the caption line.
    const pair = list().locator(`[data-index="${lineWithWord('prudently')}"] button[data-word-index]`)
    expect(await pair.count()).toBe(2)
    const [a, b] = [(await pair.nth(0).boundingBox())!, (await pair.nth(1).boundingBox())!]
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
    await page.mouse.down()
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 })
    await page.mouse.up()
    const phrase = page.getByRole('dialog', { name: /^Look up \S+ \S+$/ })
    await phrase.waitFor()
    expect(await list().locator('button[data-selected="true"]').count()).toBe(2)
    await page.keyboard.press('Escape')
    await phrase.waitFor({ state: 'detached' })
    // Back to new, so the marks are as the placement left them.
    await api('/english_vocab/api/words/status', { method: 'POST', body: { words: ['leisure'], status: 'new' } })
  })

  it('at 390 px: the tabs fit, the lines are reached by keyboard, the playing line is marked', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    try {
      await openInConsole(page, playerUrl)
      await page.locator('section[aria-label="Subtitles"] [data-segment-start]').waitFor()
      // Every tab is on the screen by its name, none cut off.
      await tabsFit(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      const target = lineWithWord('amiable')
      await page.evaluate((s) => (document.querySelector('audio')!.currentTime = s), lines[target]!.start / 1000 + 0.05)
      await openTab()
      await expect.poll(async () => (await playing()).index).toBe(target)
      expect((await playing()).visible).toBe(true)
      // Keyboard: from the tab into the panel, then to the words (Tab), then line by line (Down, Up).
      await page.getByRole('tab', { name: 'Transcript' }).focus()
      const focusedRow = () => page.evaluate(() => Number(document.activeElement?.closest<HTMLElement>('[role="listitem"]')?.dataset.index ?? -1))
      for (let i = 0; i < 3 && (await focusedRow()) < 0; i++) await page.keyboard.press('Tab')
      const first = await focusedRow()
      expect(first).toBeGreaterThanOrEqual(0)
      // Reaching the list with the keyboard stops the following: the learner reads there.
      await backButton().waitFor()
      await page.keyboard.press('ArrowDown')
      await expect.poll(focusedRow).toBe(first + 1)
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowUp')
      await expect.poll(focusedRow).toBe(first + 1)
      // End goes to the last line, rendered on demand, focused and in sight.
      await page.keyboard.press('End')
      await expect.poll(focusedRow).toBe(lines.length - 1)
      expect(await inView(page.locator(':focus'))).toBe(true)
      // Enter on a focused word seeks to it (a button), and the list follows from there.
      const last = lines[lines.length - 1]!.word_timestamps[0]!
      await page.keyboard.press('Enter')
      await expect.poll(audioTime).toBeCloseTo(last.start / 1000, 1)
      await expect.poll(async () => (await playing()).index).toBe(lines.length - 1)
      await page.getByTestId('transcript-following').waitFor()
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 })
    }
  })
  it('says when the transcript is loading, being made, or missing', async () => {
    // A page of its own, answered by hand: first nothing (loading), then a transcript being made, then none at all.
    const states = await browser.context.newPage()
    try {
      let answer: (body: unknown) => void = () => {}
      const running = { status: 'running', progress: 0.4, confidence: 'recognised' }
      await states.route('**/media-proxy/get_speech_segments?*', (route) => {
        answer = (body) => void route.fulfill({ json: body })
      })
      await states.route('**/media-proxy/transcript?*', (route) => route.fulfill({ json: { success: true, segments: [], transcription: running } }))
      await states.route('**/media-proxy/parse_media', (route) => route.fulfill({ json: { success: true, transcription: running } }))
      await openInConsole(states, playerUrl)
      await states.getByRole('tab', { name: 'Transcript' }).click()
      const tabState = states.getByRole('tabpanel').getByText('Loading transcript…')
      await tabState.waitFor()
      answer({ success: true, segments: [], transcription: running })
      await states.getByTestId('transcript-tab-state').getByText('Transcribing: 40 %').waitFor()
      expect(await states.getByRole('list', { name: 'Transcript' }).count()).toBe(0)

      await states.unrouteAll()
      await states.route('**/media-proxy/get_speech_segments?*', (route) => route.fulfill({ json: { success: true, segments: [] } }))
      await states.route('**/media-proxy/transcript?*', (route) => route.fulfill({ json: { success: true, segments: [] } }))
      await states.route('**/media-proxy/parse_media', (route) => route.fulfill({ json: { success: true, transcription: { status: 'none', progress: 0, confidence: 'aligned' } } }))
      await openInConsole(states, playerUrl)
      await states.getByRole('tab', { name: 'Transcript' }).click()
      await states.getByTestId('transcript-tab-state').getByText('No transcript for this recording yet.').waitFor()
    } finally {
      await states.close()
    }
  })
})
