import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, TOKEN_COOKIE, USERNAME_COOKIE } from '@lingocast/contract'
import { launchBrowser } from '../e2e/browser'
import { BUILT_SERVER, startServerProcess, type ServerProcess } from '../test/server-process'
import { firstDays } from './first-days'
import { median, printTable } from './harness'

/**
 * The main thread's blocking work while six first screens load, at 4x CPU
 * slowdown in Chromium (no network throttling: loopback), for one or more
 * builds of the console side by side: BENCH_CONSOLE_DIRS=name=dir,name=dir
 * (default: this tree's build), each served by its own server, their runs
 * interleaved so that the machine's drift (Lighthouse's benchmark index moved
 * 1,600-2,800 within a session here) falls on every build alike. Per run, the
 * long tasks (PerformanceObserver 'longtask', 50 ms or more) from the first
 * contentful paint until 4 s after the load: "blocking" is the sum of each
 * task's time over 50 ms, as Lighthouse's total blocking time counts it, and
 * "longest" the longest task. BENCH_RUNS per screen and build (default 5),
 * medians reported. Needs `npm run build` (and the other builds).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const CPU_SLOWDOWN = 4
const builds = (process.env.BENCH_CONSOLE_DIRS ?? `this tree=${path.resolve('apps/console/dist')}`).split(',').map((entry) => {
  const [name, dir] = entry.split('=')
  return { name: name!, dir: path.resolve(dir!) }
})

interface Served {
  name: string
  server: ServerProcess
  dataDir: string
  screens: Array<{ name: string; path: string }>
}
const served: Served[] = []
for (const build of builds) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-main-thread-'))
  const server = await startServerProcess({ DATA_DIR: dataDir, DEV_LOGIN: '1', CONSOLE_DIR: build.dir }, 60_000, BUILT_SERVER)
  const { demoHashId, deckId } = await firstDays(server.url, 'Sense and Sensibility', [
    ['estate', 'land and buildings owned by one family'],
    ['residence', 'the place where someone lives'],
    ['disposed', 'inclined to do something'],
  ])
  served.push({
    name: build.name,
    server,
    dataDir,
    screens: [
      { name: 'login', path: '/console/login' },
      { name: 'Learning', path: '/console/' },
      { name: 'player', path: `/console/player/audio/${demoHashId}` },
      { name: 'My Feed', path: '/console/feeds' },
      { name: 'deck', path: `/console/memories/deck/${deckId}` },
      { name: 'review', path: `/console/memories/review?deck_id=${deckId}` },
    ],
  })
}

/** Text, not a function: tsx would add its own helpers to a function's source, which the page lacks. */
const WATCH_TASKS = `(() => {
  window.__tasks = []
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]) }).observe({ type: 'longtask', buffered: true })
})()`

const only = process.env.BENCH_SCREENS?.split(',').map((s) => s.trim().toLowerCase())
const samples = new Map<string, { blocking: number[]; longest: number[] }>()
try {
  const screenNames = served[0]!.screens.map((s) => s.name).filter((n) => !only || only.includes(n.toLowerCase()))
  for (const screenName of screenNames) {
    for (let run = 0; run < RUNS; run++) {
      for (const target of served) {
        const screen = target.screens.find((s) => s.name === screenName)!
        const browser = await launchBrowser({ viewport: { width: 412, height: 823 } })
        try {
          if (screen.name !== 'login') {
            await browser.context.addCookies([
              { name: TOKEN_COOKIE, value: DEV_LOGIN_TOKEN, url: target.server.url },
              { name: USERNAME_COOKIE, value: 'dev', url: target.server.url },
            ])
          }
          await browser.context.addInitScript({ content: WATCH_TASKS })
          const page = await browser.context.newPage()
          const cdp = await browser.context.newCDPSession(page)
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
          await page.goto(target.server.url + screen.path, { waitUntil: 'load' })
          await page.waitForTimeout(4000)
          const { tasks, fcp } = await page.evaluate(() => ({
            tasks: (window as unknown as { __tasks: Array<[number, number]> }).__tasks,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
          }))
          const after = tasks.filter(([start, duration]) => start + duration > fcp)
          const key = `${screen.name}\0${target.name}`
          const entry = samples.get(key) ?? { blocking: [], longest: [] }
          entry.blocking.push(after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0))
          entry.longest.push(Math.max(0, ...after.map(([, duration]) => duration)))
          samples.set(key, entry)
        } finally {
          await browser.close()
        }
      }
    }
  }
} finally {
  for (const target of served) {
    await target.server.stop()
    rmSync(target.dataDir, { recursive: true, force: true })
  }
}

const rows = [...samples].map(([key, s]) => {
  const [screen, build] = key.split('\0')
  return {
    screen: screen!,
    build: build!,
    'blocking ms (median)': Math.round(median(s.blocking)),
    'longest task ms (median)': Math.round(median(s.longest)),
    'blocking (runs)': s.blocking.map(Math.round).join(' '),
  }
})
printTable(rows)
console.log(`RESULT runs=${RUNS} cpu_slowdown=${CPU_SLOWDOWN} load=${os.loadavg()[0]!.toFixed(2)}`)
