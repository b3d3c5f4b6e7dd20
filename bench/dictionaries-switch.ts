import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import { hostileDictionaries } from '../test/dictionaries'
import { BUILT_SERVER, BUILT_SERVER_ENV, freePort } from '../test/server-process'
import { median } from './harness'

/**
 * Part 3 of bench/dictionaries.bench.ts: a running built server whose data dir
 * holds, for Japanese, the hostile dictionaries of ARCHITECTURE.md s16 beside
 * the system's EDICT. The learner (the dev user) first has French, whose
 * lookups give the warm figure; then chooses Japanese and looks a word up at
 * once; /healthz is asked every 10 ms, idle before and while Japanese is
 * indexed; the RSS is read 8 s after EDICT answers.
 */
const repoRoot = path.resolve(import.meta.dirname, '..')
const auth = { authorization: `Bearer ${DEV_LOGIN_TOKEN}` }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]!
const WINDOW_MS = 4000
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

async function hostileJapanese(dataDir: string) {
  const ja = path.join(dataDir, 'dictionaries', 'ja')
  mkdirSync(ja, { recursive: true })
  hostileDictionaries.badChunkTable(ja, 'badtable', 'dog')
  hostileDictionaries.chunkBomb(ja, 'bomb', 'dog')
  hostileDictionaries.giantIndexLine(ja, 'giantline', 'dog', 200 * 1024 * 1024)
  hostileDictionaries.tablessTsv(ja, 'tabless', 400_000)
  await hostileDictionaries.gzipBombIndex(ja, 'gzbomb', 600)
  writeFileSync(path.join(dataDir, 'secret.tsv'), 'dog\tSECRET\n')
  symlinkSync(path.join(dataDir, 'secret.tsv'), path.join(ja, 'leak.tsv'))
}

export async function switchLanguage(): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-dict-switch-'))
  await hostileJapanese(dataDir)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const proc = spawn(process.execPath, BUILT_SERVER, {
    cwd: repoRoot,
    env: { ...BUILT_SERVER_ENV, PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir, DEV_LOGIN: '1', FEED_CATALOGUE_FETCH: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()))
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: auth })
    const body = await res.text()
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`)
    return body
  }
  const lookup = async (word: string) => JSON.parse(await get(`/english_vocab/api/words/lookup?word=${word}&sentence=${encodeURIComponent(`The ${word} is here.`)}`)) as { translations: Array<{ source: string }> }
  const setLanguage = (language: string) => fetch(`${base}/english_vocab/api/words/settings`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ native_language: language }) })
  /** /healthz every 10 ms until `done`: each answer's time. */
  const probeHealthz = async (done: () => boolean) => {
    const times: number[] = []
    while (!done()) {
      const started = performance.now()
      await get('/healthz')
      times.push(performance.now() - started)
      await sleep(10)
    }
    return times
  }
  const until = async (check: () => Promise<boolean>) => {
    for (const started = performance.now(); !(await check()); await sleep(100)) if (performance.now() - started > 120_000) throw new Error('not ready in 2 minutes')
  }
  try {
    await until(async () => get('/healthz').then(() => true, () => false))
    await lookup('house')
    await setLanguage('fr')
    await until(async () => (await lookup('house')).translations.length > 0)
    const warm: number[] = []
    for (let i = 0; i < 30; i++) {
      const started = performance.now()
      await lookup('house')
      warm.push(performance.now() - started)
    }
    let stop = false
    const idleProbe = probeHealthz(() => stop)
    await sleep(3000)
    stop = true
    const idle = await idleProbe

    // /healthz alone for the first WINDOW_MS after the switch (EDICT takes longer to index here): nothing else asked meanwhile.
    let windowOver = false
    const indexingProbe = probeHealthz(() => windowOver)
    const started = performance.now()
    await setLanguage('ja')
    // The lookup alone: the settings call before it is another request.
    const asked = performance.now()
    const first = await lookup('dog')
    const firstMs = performance.now() - asked
    await sleep(WINDOW_MS - (performance.now() - started))
    windowOver = true
    const indexing = await indexingProbe
    await until(async () => (await lookup('dog')).translations.some((t) => t.source === 'EDICT'))
    const readyMs = performance.now() - started
    await sleep(8000)
    return {
      'warm lookup ms': Math.round(median(warm)),
      'first lookup ms': Math.round(firstMs),
      'first lookup had EDICT': first.translations.some((t) => t.source === 'EDICT') ? 1 : 0,
      'Japanese ready after ms': Math.round(readyMs),
      'idle /healthz p99 ms': Math.round(p99(idle)),
      '/healthz p99 while indexing ms': Math.round(p99(indexing)),
      '/healthz while indexing': indexing.length,
      'indexing outlasted the window': readyMs > WINDOW_MS ? 1 : 0,
      'RSS with Japanese MB': Math.round(rssOf(proc.pid!) / 1e6),
    }
  } finally {
    proc.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}
