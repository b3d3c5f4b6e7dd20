import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, TOKEN_COOKIE, USERNAME_COOKIE } from '@lingocast/contract'
import lighthouse from 'lighthouse'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import puppeteer from 'puppeteer-core'
import { CHROMIUM_FLAGS, OMNIBOX_POPUP_FEATURES } from '../e2e/browser'
import { BUILT_SERVER, startServerProcess } from '../test/server-process'
import { startFeedServer } from '../test/feed-server'
import { firstDays, followChannels } from './first-days'
import { median, printTable } from './harness'

/**
 * Lighthouse 12 in its default mobile profile (simulated slow 4G: 150 ms RTT,
 * 1.6 Mbit/s; 4x CPU slowdown; a 412 px phone screen) on the six first
 * screens that must open fast on a phone (decision 0018): login, Learning, the demo article's player, My Feed, a
 * deck and its review, each a cold load (empty HTTP cache) of the built
 * console from the server as `npm start` runs it (`npm run build` first).
 * Debian's Chromium with the flags of ARCHITECTURE.md s9, driven through
 * puppeteer-core (Lighthouse's own way to audit a page it is handed); each run
 * in a new browser (no cookie, cache or storage of another run), the
 * signed-in screens with the developer shortcut's session cookie
 * (DEV_LOGIN=1), the way the console keeps a signed-in learner.
 * BENCH_RUNS runs per screen (default 3), the median run by performance score
 * reported. Goal (QUALITY.md): performance >= 95, LCP <= 1.5 s, accessibility
 * 100, best practices 100 on every screen. A run that Lighthouse itself
 * gives up on (NO_NAVSTART and other trace errors, seen on this loaded
 * machine) is made again, up to twice. BENCH_REPORT_DIR keeps each screen's
 * median report as JSON (open it in the Lighthouse viewer) to see what the
 * LCP waited on. BENCH_SCREENS=login,player measures only those screens;
 * BENCH_CONSOLE_DIR serves another build of the console (to compare two).
 * Each row says Lighthouse's benchmark index (the median of the screen's runs)
 * and the machine's load average, so a figure says what it was measured on.
 *
 * BENCH_PHONE_INDEX fixes the phone instead of the slowdown. Lighthouse's 4x
 * is relative to the host: this machine's benchmark index has been 746 on one
 * day and 3,976 on another, so 4x simulated phones of about 190 and 1,000, and
 * a score moved with the day more than with the code. With BENCH_PHONE_INDEX=N
 * each run first takes Lighthouse's own benchmark in the run's browser and
 * slows the CPU by host / N, as Lighthouse's docs on calibrating the multiplier
 * advise (docs/throttling.md there), so every session simulates the same
 * phone. 440 is the phone 4x aims at: a high-end desktop (1,500-2,000) slowed 4x.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PHONE_INDEX = process.env.BENCH_PHONE_INDEX ? Number(process.env.BENCH_PHONE_INDEX) : undefined
if (PHONE_INDEX !== undefined && !(PHONE_INDEX > 0)) throw new Error(`BENCH_PHONE_INDEX must be a benchmark index above 0, not ${process.env.BENCH_PHONE_INDEX}`)
const REPORT_DIR = process.env.BENCH_REPORT_DIR
const FOLLOWED = { channels: 4, episodes: 120 }
const ONLY = process.env.BENCH_SCREENS?.split(',').map((s) => s.trim().toLowerCase())
const FLAGS = [
  ...CHROMIUM_FLAGS,
  // Chromium's omnibox popup renderer (e2e/browser.ts) would start right while the audited page loads on
  // this 2-core machine; a phone's browser runs none of it. Puppeteer merges this list with its own.
  `--disable-features=${OMNIBOX_POPUP_FEATURES.join(',')}`,
]

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-lighthouse-'))
const host = await startFeedServer()
const server = await startServerProcess({ DATA_DIR: dataDir, DEV_LOGIN: '1', CONSOLE_DIR: process.env.BENCH_CONSOLE_DIR, FETCH_ALLOW_HOSTS: '127.0.0.1' }, 60_000, BUILT_SERVER)

/** What a learner's first days leave behind: the demo article, a deck of due cards, and the podcasts they follow. */
const { demoHashId, deckId } = await firstDays(server.url, 'Sense and Sensibility', [
  ['estate', 'land and buildings owned by one family'],
  ['residence', 'the place where someone lives'],
  ['disposed', 'inclined to do something'],
  ['sensibility', 'the ability to feel and respond to emotions'],
  ['settled', 'living in one place for a long time'],
])
// My Feed as a learner who follows podcasts sees it: four channels' back catalogues, 480 episodes in all.
await followChannels(server.url, host, FOLLOWED.channels, FOLLOWED.episodes)

const screens = [
  { name: 'login', path: '/console/login', signedIn: false },
  { name: 'Learning', path: '/console/', signedIn: true },
  { name: 'player', path: `/console/player/audio/${demoHashId}`, signedIn: true },
  { name: 'My Feed', path: '/console/feeds', signedIn: true },
  { name: 'deck', path: `/console/memories/deck/${deckId}`, signedIn: true },
  { name: 'review', path: `/console/memories/review?deck_id=${deckId}`, signedIn: true },
]

interface Run {
  performance: number
  accessibility: number
  bestPractices: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  bytes: number
  requests: number
  /** Lighthouse's measure of this machine's speed at the run (higher is faster; a phone of 2024 is about 1,000-1,500). */
  benchmarkIndex: number
  /** The CPU slowdown the run simulated: Lighthouse's 4x, or host / BENCH_PHONE_INDEX. */
  cpuSlowdown: number
  /** The machine's 1-minute load average as the run ended: a figure taken under load is not comparable. */
  load: number
  failed: string[]
  report: unknown
  /** The page load's trace as Lighthouse recorded it (before its simulation): DevTools' Performance panel opens it. */
  trace: unknown
}

/** Lighthouse's own failures of a run (a trace it could not read), worth one more try, unlike a page that fails. */
class LighthouseRunError extends Error {}

async function audit(url: string, signedIn: boolean): Promise<Run> {
  // A browser per run: after a screen's runs, Debian's Chromium 156 sometimes lost the next context
  // ("Session with given id not found"), ending the bench after the login screen.
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: FLAGS })
  const context = await browser.createBrowserContext()
  try {
    const page = await context.newPage()
    if (signedIn) {
      await page.setCookie(
        { name: TOKEN_COOKIE, value: DEV_LOGIN_TOKEN, url: server.url },
        { name: USERNAME_COOKIE, value: 'dev', url: server.url },
      )
    }
    const throttling = PHONE_INDEX === undefined ? {} : { throttling: { cpuSlowdownMultiplier: await slowdownFor(page, PHONE_INDEX) } }
    // Lighthouse's storage reset (HTTP cache, service workers; cookies kept) runs before the load too.
    const result = await lighthouse(url, { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices'], ...throttling }, undefined, page)
    return summary(url, result)
  } finally {
    await context.close().catch(() => undefined)
    await browser.close()
  }
}

/**
 * The slowdown that makes this browser's CPU a phone of `phoneIndex`, from Lighthouse's benchmark run in
 * `page` now, three times (about 3 s): the best of them, since a fresh browser's first ones read low
 * (747 against 3,600 once, as V8 warms up and the browser's start settles).
 */
async function slowdownFor(page: import('puppeteer-core').Page, phoneIndex: number): Promise<number> {
  let hostIndex = 0
  for (let i = 0; i < 3; i++) hostIndex = Math.max(hostIndex, await page.evaluate(pageFunctions.computeBenchmarkIndex))
  return Math.max(1, Math.round((hostIndex / phoneIndex) * 10) / 10)
}

function summary(url: string, result: Awaited<ReturnType<typeof lighthouse>>): Run {
  if (!result) throw new Error(`no Lighthouse result for ${url}`)
  const { categories, audits } = result.lhr
  if (result.lhr.runtimeError) throw new LighthouseRunError(`${url}: ${result.lhr.runtimeError.message}`)
  const num = (id: string) => audits[id]?.numericValue ?? Number.NaN
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  const items = (audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? []
  // The audits that cost points in accessibility and best practices, to say why a score is below 100.
  const failed = ['accessibility', 'best-practices'].flatMap((c) =>
    (categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1).map((r) => `${c}:${r.id}`),
  )
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes: num('total-byte-weight'),
    requests: items.length,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    cpuSlowdown: result.lhr.configSettings.throttling.cpuSlowdownMultiplier,
    load: os.loadavg()[0]!,
    failed,
    report: result.lhr,
    trace: result.artifacts.Trace,
  }
}

const rows: Array<Record<string, string | number>> = []
const medians: Run[] = []
try {
  for (const screen of screens.filter((s) => !ONLY || ONLY.includes(s.name.toLowerCase()))) {
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      for (let attempt = 1; ; attempt++) {
        try {
          runs.push(await audit(server.url + screen.path, screen.signedIn))
          break
        } catch (error) {
          if (!(error instanceof LighthouseRunError) || attempt === 3) throw error
          console.log(`${screen.name}: run ${i + 1} again (${error.message})`)
        }
      }
    }
    const perf = median(runs.map((r) => r.performance))
    const run = runs.find((r) => r.performance === perf) ?? [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!
    medians.push(run)
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true })
      const file = screen.name.replace(/\W+/g, '-').toLowerCase()
      writeFileSync(path.join(REPORT_DIR, `${file}.json`), JSON.stringify(run.report))
      writeFileSync(path.join(REPORT_DIR, `${file}.trace.json`), JSON.stringify(run.trace))
    }
    rows.push({
      screen: screen.name,
      performance: run.performance,
      'performance (runs)': runs.map((r) => r.performance).join(' '),
      'FCP s': (run.fcp / 1000).toFixed(2),
      'LCP s': (run.lcp / 1000).toFixed(2),
      'TBT ms': Math.round(run.tbt),
      CLS: run.cls.toFixed(3),
      'KiB': Math.round(run.bytes / 1024),
      requests: run.requests,
      accessibility: run.accessibility,
      'best practices': run.bestPractices,
      'below 100 by': run.failed.join(' ') || '-',
      'benchmark index': Math.round(median(runs.map((r) => r.benchmarkIndex))),
      'CPU slowdown': median(runs.map((r) => r.cpuSlowdown)),
      // What the slowdown made of this machine: Lighthouse's index divided by it.
      'phone index': Math.round(median(runs.map((r) => r.benchmarkIndex / r.cpuSlowdown))),
      'load (1 min)': run.load.toFixed(2),
    })
    // As it comes, so that a failure later in the run does not lose the screens already measured.
    console.log(JSON.stringify(rows.at(-1)))
  }
} finally {
  await server.stop()
  await host.close()
  rmSync(dataDir, { recursive: true, force: true })
}

printTable(rows)
const worst = (key: keyof Run, pick: (...v: number[]) => number) => pick(...medians.map((r) => r[key] as number))
console.log(
  `RESULT performance_min=${worst('performance', Math.min)} lcp_max_ms=${Math.round(worst('lcp', Math.max))} fcp_max_ms=${Math.round(worst('fcp', Math.max))} accessibility_min=${worst('accessibility', Math.min)} best_practices_min=${worst('bestPractices', Math.min)} runs=${RUNS}`,
)
