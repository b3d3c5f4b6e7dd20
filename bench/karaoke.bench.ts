import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_EMAIL } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../e2e/browser'
import { startServerProcess } from '../test/server-process'
import { median, printTable } from './harness'

/**
 * The karaoke highlight in Chromium: the demo article played with its own
 * five segments (the baseline) and with a two-hour, 20,000-word transcript
 * served in their place. Long tasks (> 50 ms) while playing, and the time
 * from a word click to the media's `seeking`. Goal: no long task with the
 * big transcript. The big one is measured again with the Transcript tab open:
 * every segment in a virtualised list that follows the playing
 * line, its opening, clicks on its words, and a learner scrolling it and
 * asking for the playing line back. Needs `npm run build` first (the server
 * serves the built console).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-karaoke-'))
const server = await startServerProcess({ DATA_DIR: dataDir, DEV_LOGIN: '1' })
const browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] })

const big = Array.from({ length: 2_000 }, (_, i) => {
  const start = i * 3_600
  const words = Array.from({ length: 10 }, (_, w) => ({ word: `word${i}-${w}`, start: start + w * 300, end: start + w * 300 + 280 }))
  return { start, end: start + 3_000, text: words.map((w) => w.word).join(' '), word_timestamps: words }
})

const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
const resetLongTasks = (page: Page) => page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []))
const TRANSCRIPT_LIST = '[role="list"][aria-label="Transcript"]'

/** Click on a word to the media's `seeking`, in the page; `selector` finds the word buttons, the last is clicked. */
const clickToSeeking = (page: Page, selector: string) =>
  page.evaluate(async (selector) => {
    const audio = document.querySelector('audio')!
    const buttons = [...document.querySelectorAll<HTMLButtonElement>(selector)]
    const button = buttons[buttons.length - 1]!
    const t0 = performance.now()
    const seeking = new Promise<number>((resolve) => audio.addEventListener('seeking', () => resolve(performance.now() - t0), { once: true }))
    button.click()
    return seeking
  }, selector)

async function measure(page: Page, url: string, wordName: (n: number) => string, options: { transcriptTab?: boolean } = {}) {
  await page.addInitScript(() => {
    localStorage.clear()
    const w = window as unknown as { longTasks: number[] }
    w.longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration)
    }).observe({ type: 'longtask', buffered: false })
  })
  await page.goto(url)
  await page.getByRole('button', { name: wordName(0), exact: true }).waitFor()
  await page.waitForTimeout(500)
  // Word statuses on: the marks must be drawn for the measure to count.
  let marked = (await page.locator('section[aria-label="Subtitles"] [data-status]').count()) > 0
  // The Transcript tab: its opening is measured on its own, then it stays open while playing.
  let tabOpen = 0
  if (options.transcriptTab) {
    await resetLongTasks(page)
    await page.getByRole('tab', { name: 'Transcript' }).click()
    await page.locator(`${TRANSCRIPT_LIST} [role="listitem"]`).first().waitFor()
    await page.waitForTimeout(500)
    tabOpen = Math.max(0, ...(await longTasks(page)))
    marked &&= (await page.locator(`${TRANSCRIPT_LIST} [data-status]`).count()) > 0
  }
  await resetLongTasks(page)
  await page.getByRole('button', { name: 'Play', exact: true }).click()
  await page.waitForTimeout(5_000)
  const seeks: number[] = []
  for (let i = 0; i < 5; i++) {
    seeks.push(await clickToSeeking(page, 'section[aria-label="Subtitles"] button'))
    await page.waitForTimeout(300)
  }
  const tabSeeks: number[] = []
  let followed = true
  // Long tasks by what the learner did, to tell which part of the tab costs them.
  const phases: Record<string, number[]> = { 'playing, caption clicks': await longTasks(page) }
  if (options.transcriptTab) {
    // The list followed the caption: the playing row is marked and in sight.
    followed = await page.evaluate((list) => {
      const row = document.querySelector(`${list} [role="listitem"][aria-current="true"]`)
      const view = document.querySelector(list)!.parentElement!.getBoundingClientRect()
      const box = row?.getBoundingClientRect()
      return Boolean(box && box.top >= view.top && box.bottom <= view.bottom)
    }, TRANSCRIPT_LIST)
    // Words of the list: the last word of the rows in the page (below the playing line).
    for (let i = 0; i < 5; i++) {
      tabSeeks.push(await clickToSeeking(page, `${TRANSCRIPT_LIST} [role="listitem"] button[data-word-index]`))
      await page.waitForTimeout(300)
    }
    phases['list word clicks'] = (await longTasks(page)).slice(phases['playing, caption clicks']!.length)
    // A learner reading ahead with the wheel, then back to the playing line, twice.
    const box = (await page.locator(TRANSCRIPT_LIST).locator('..').boundingBox())!
    for (let round = 0; round < 2; round++) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      for (let i = 0; i < 10; i++) {
        await page.mouse.wheel(0, 600)
        await page.waitForTimeout(50)
      }
      await page.getByRole('button', { name: 'Back to the playing line' }).click()
      await page.waitForTimeout(500)
    }
  }
  const tasks = await longTasks(page)
  if (options.transcriptTab) phases['wheel and back to the playing line'] = tasks.slice(phases['playing, caption clicks']!.length + phases['list word clicks']!.length)
  // Closed, so it stops saving its play position into the storage the next page reads.
  await page.close()
  return {
    longest: Math.max(0, ...tasks),
    over50: tasks.filter((d) => d > 50).length,
    seek: median(seeks),
    marked,
    tabOpen,
    tabSeek: tabSeeks.length ? median(tabSeeks) : undefined,
    followed,
    phases,
  }
}

try {
  const signIn = await browser.context.newPage()
  await signIn.goto(server.url + '/console/login')
  await signIn.getByLabel('Email').fill(DEV_LOGIN_EMAIL)
  await signIn.getByRole('button', { name: 'Send Code' }).click()
  await signIn.waitForURL((url) => url.pathname === '/console/')
  const hashId = await signIn.evaluate(async () => {
    const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('Token='))!.slice('Token='.length))
    const res = await fetch('/english_vocab/api/word_collections', { headers: { authorization: `Bearer ${token}` } })
    return ((await res.json()) as { collections: Array<{ HashID: string }> }).collections[0]!.HashID
  })
  const url = `${server.url}/console/player/audio/${hashId}`

  const small = await measure(await browser.context.newPage(), url, () => 'And')
  // Routed for the context: the page measured without the tab and the one with it.
  const page = await browser.context.newPage()
  await browser.context.route('**/media-proxy/get_speech_segments?*', (route) => route.fulfill({ json: { success: true, segments: big } }))
  await browser.context.route('**/media-proxy/transcript?*', (route) => route.fulfill({ json: { success: true, segments: [] } }))
  // Statuses for every word of the big transcript: a third new, a third learning, a third known.
  const forms: Record<string, string> = {}
  const statuses: Record<string, string> = {}
  big.forEach((s, i) =>
    s.word_timestamps.forEach((w, j) => {
      forms[w.word] = w.word
      if ((i + j) % 3 === 1) statuses[w.word] = 'learning'
      else if ((i + j) % 3 === 2) statuses[w.word] = 'known'
    }),
  )
  await browser.context.route('**/english_vocab/api/words/article?*', (route) =>
    route.fulfill({ json: { success: true, forms, statuses, comprehension: { known_share: 0.66, learning_share: 0, new_words: 6667, learning_words: 0, words: 20_000 }, msg: 'ok' } }),
  )
  const large = await measure(page, url, () => 'word0-0')
  const withTab = await measure(await browser.context.newPage(), url, () => 'word0-0', { transcriptTab: true })
  if (!small.marked || !large.marked || !withTab.marked) throw new Error('the transcript showed no word status marks: the bench would not measure them')
  if (!withTab.followed) throw new Error('the Transcript tab did not keep the playing line in sight: the bench would not measure following')

  printTable([
    { transcript: 'demo, 5 segments (baseline)', 'longest task ms': small.longest, 'tasks > 50 ms': small.over50, 'click to seeking ms': small.seek.toFixed(1) },
    { transcript: '2 hours, 20,000 words, statuses on', 'longest task ms': large.longest, 'tasks > 50 ms': large.over50, 'click to seeking ms': large.seek.toFixed(1) },
    {
      transcript: 'the same, Transcript tab open (caption / list word)',
      'longest task ms': withTab.longest,
      'tasks > 50 ms': withTab.over50,
      'click to seeking ms': `${withTab.seek.toFixed(1)} / ${withTab.tabSeek!.toFixed(1)}`,
    },
  ])
  console.log(`opening the Transcript tab on the 2,000 segments: longest task ${withTab.tabOpen} ms`)
  for (const [phase, durations] of Object.entries(withTab.phases)) console.log(`tab open, ${phase}: long tasks ${JSON.stringify(durations)} ms`)
  console.log(
    `RESULT long_tasks_over_50ms=${large.over50} longest_task_ms=${large.longest} baseline_longest_task_ms=${small.longest} seek_ms=${large.seek.toFixed(1)} baseline_seek_ms=${small.seek.toFixed(1)} ` +
      `tab_long_tasks_over_50ms=${withTab.over50} tab_longest_task_ms=${withTab.longest} tab_open_longest_task_ms=${withTab.tabOpen} tab_seek_ms=${withTab.tabSeek!.toFixed(1)}`,
  )
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
