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
 * big transcript. Needs `npm run build` first (the server serves the built console).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-karaoke-'))
const server = await startServerProcess({ DATA_DIR: dataDir, DEV_LOGIN: '1' })
const browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] })

const big = Array.from({ length: 2_000 }, (_, i) => {
  const start = i * 3_600
  const words = Array.from({ length: 10 }, (_, w) => ({ word: `word${i}-${w}`, start: start + w * 300, end: start + w * 300 + 280 }))
  return { start, end: start + 3_000, text: words.map((w) => w.word).join(' '), word_timestamps: words }
})

async function measure(page: Page, url: string, wordName: (n: number) => string) {
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
  // Word statuses on (issue 15): the marks must be drawn for the measure to count.
  const marked = (await page.locator('section[aria-label="Subtitles"] [data-status]').count()) > 0
  await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []))
  await page.getByRole('button', { name: 'Play', exact: true }).click()
  await page.waitForTimeout(5_000)
  const seeks: number[] = []
  for (let i = 0; i < 5; i++) {
    seeks.push(
      await page.evaluate(async () => {
        const audio = document.querySelector('audio')!
        const buttons = [...document.querySelectorAll<HTMLButtonElement>('section[aria-label="Subtitles"] button')]
        const button = buttons[buttons.length - 1]!
        const t0 = performance.now()
        const seeking = new Promise<number>((resolve) => audio.addEventListener('seeking', () => resolve(performance.now() - t0), { once: true }))
        button.click()
        return seeking
      }),
    )
    await page.waitForTimeout(300)
  }
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
  // Closed, so it stops saving its play position into the storage the next page reads.
  await page.close()
  return { longest: Math.max(0, ...longTasks), over50: longTasks.filter((d) => d > 50).length, seek: median(seeks), marked }
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
  const page = await browser.context.newPage()
  await page.route('**/media-proxy/get_speech_segments?*', (route) => route.fulfill({ json: { success: true, segments: big } }))
  await page.route('**/media-proxy/transcript?*', (route) => route.fulfill({ json: { success: true, segments: [] } }))
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
  await page.route('**/english_vocab/api/words/article?*', (route) =>
    route.fulfill({ json: { success: true, forms, statuses, comprehension: { known_share: 0.66, new_words: 6667, words: 20_000 }, msg: 'ok' } }),
  )
  const large = await measure(page, url, () => 'word0-0')
  if (!small.marked || !large.marked) throw new Error('the transcript showed no word status marks: the bench would not measure them')

  printTable([
    { transcript: 'demo, 5 segments (baseline)', 'longest task ms': small.longest, 'tasks > 50 ms': small.over50, 'click to seeking ms': small.seek.toFixed(1) },
    { transcript: '2 hours, 20,000 words, statuses on', 'longest task ms': large.longest, 'tasks > 50 ms': large.over50, 'click to seeking ms': large.seek.toFixed(1) },
  ])
  console.log(`RESULT long_tasks_over_50ms=${large.over50} longest_task_ms=${large.longest} baseline_longest_task_ms=${small.longest} seek_ms=${large.seek.toFixed(1)} baseline_seek_ms=${small.seek.toFixed(1)}`)
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
