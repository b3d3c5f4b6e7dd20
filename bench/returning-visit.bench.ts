import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, TOKEN_COOKIE, USERNAME_COOKIE } from '@lingocast/contract'
import { launchBrowser } from '../e2e/browser'
import { BUILT_SERVER, startServerProcess } from '../test/server-process'
import { firstDays } from './first-days'
import { median, printTable } from './harness'

/**
 * A first and a returning visit (the service worker in control, as every
 * visit after the first and the installed app) of the review and the player,
 * in Chromium at 4x CPU slowdown behind a slow-4G link (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up: Lighthouse's mobile profile), made here by a
 * TCP proxy that delays and paces every byte, so the service worker's own
 * requests are slowed as the page's are. Reported: when the screen's content
 * (the review's card, the player's first sentence) was first on the screen,
 * from the navigation's start. Goal (decision 0030): <= 0.8 s on both visits.
 * BENCH_RUNS visits of each kind (default 3), medians; BENCH_CONSOLE_DIR
 * serves another build of the console (to compare two). Needs `npm run build`.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const RTT_MS = 150
const DOWN_BYTES_PER_MS = (1.6 * 1024 * 1024) / 8 / 1000
const UP_BYTES_PER_MS = (750 * 1024) / 8 / 1000
const CPU_SLOWDOWN = 4

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-returning-'))
const server = await startServerProcess({ DATA_DIR: dataDir, DEV_LOGIN: '1', CONSOLE_DIR: process.env.BENCH_CONSOLE_DIR }, 60_000, BUILT_SERVER)
const serverPort = Number(new URL(server.url).port)

/** One direction of a slow link: each chunk leaves half a round trip after it came, no faster than the bandwidth. */
function slowPipe(from: net.Socket, to: net.Socket, bytesPerMs: number) {
  let free = 0
  from.on('data', (chunk: Buffer) => {
    const now = performance.now()
    const leaves = Math.max(now + RTT_MS / 2, free + chunk.length / bytesPerMs)
    free = leaves
    setTimeout(() => to.writable && to.write(chunk), leaves - now)
  })
  from.on('end', () => setTimeout(() => to.end(), Math.max(0, free - performance.now()) + RTT_MS / 2))
  from.on('error', () => to.destroy())
}

const link = net.createServer((browserSide) => {
  const serverSide = net.connect(serverPort, '127.0.0.1')
  slowPipe(browserSide, serverSide, UP_BYTES_PER_MS)
  slowPipe(serverSide, browserSide, DOWN_BYTES_PER_MS)
})
await new Promise<void>((resolve) => link.listen(0, '127.0.0.1', resolve))
const slowUrl = `http://127.0.0.1:${(link.address() as net.AddressInfo).port}`

const { demoHashId, deckId } = await firstDays(server.url, 'Returning visits', [
  ['estate', 'land and buildings owned by one family'],
  ['residence', 'the place where someone lives'],
])

const screens = [
  { name: 'review', path: `/console/memories/review?deck_id=${deckId}`, content: '[data-testid="card-front"]' },
  { name: 'player', path: `/console/player/audio/${demoHashId}`, content: 'section[aria-label="Subtitles"] [data-segment-start]' },
]

/**
 * Records, in the page, when `selector` was first in a painted frame (ms from the navigation's start).
 * Text, not a function: tsx would add its own helpers to a function's source, which the page lacks.
 */
const watchContent = (selector: string) => `(() => {
  const seen = () => {
    if (window.__contentAt !== undefined || !document.querySelector(${JSON.stringify(selector)})) return
    // In the DOM now; on the screen with the next frame.
    requestAnimationFrame(() => { window.__contentAt ??= performance.now() })
  }
  new MutationObserver(seen).observe(document, { childList: true, subtree: true })
  seen()
})()`

type Visit = 'first' | 'returning'
const results: Record<string, Record<Visit, number[]>> = {}
try {
  for (const screen of screens) {
    results[screen.name] = { first: [], returning: [] }
    for (let run = 0; run < RUNS; run++) {
      const browser = await launchBrowser({ viewport: { width: 412, height: 823 } })
      try {
        await browser.context.addCookies([
          { name: TOKEN_COOKIE, value: DEV_LOGIN_TOKEN, url: slowUrl },
          { name: USERNAME_COOKIE, value: 'dev', url: slowUrl },
        ])
        await browser.context.addInitScript({ content: watchContent(screen.content) })
        for (const visit of ['first', 'returning'] as const) {
          const page = await browser.context.newPage()
          const cdp = await browser.context.newCDPSession(page)
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
          await page.goto(slowUrl + screen.path, { waitUntil: 'commit' })
          await page.waitForFunction(() => (window as unknown as { __contentAt?: number }).__contentAt !== undefined, undefined, { timeout: 30_000 })
          results[screen.name]![visit].push(await page.evaluate(() => (window as unknown as { __contentAt: number }).__contentAt))
          const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null)
          if (visit === 'returning' && !controlled) throw new Error('the returning visit was not answered by the service worker')
          if (visit === 'first') {
            // The worker installed by this visit (its precache fetched) before the next one.
            await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
          }
          await page.close()
        }
      } finally {
        await browser.close()
      }
    }
  }
} finally {
  link.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

const rows = screens.map((s) => ({
  screen: s.name,
  'first visit s': (median(results[s.name]!.first) / 1000).toFixed(2),
  'returning visit s': (median(results[s.name]!.returning) / 1000).toFixed(2),
  'first (runs)': results[s.name]!.first.map((v) => (v / 1000).toFixed(2)).join(' '),
  'returning (runs)': results[s.name]!.returning.map((v) => (v / 1000).toFixed(2)).join(' '),
}))
printTable(rows)
const worst = Math.max(...screens.flatMap((s) => [median(results[s.name]!.first), median(results[s.name]!.returning)]))
console.log(`RESULT content_visible_max_ms=${Math.round(worst)} goal_ms=800 runs=${RUNS} load=${os.loadavg()[0]!.toFixed(2)}`)
