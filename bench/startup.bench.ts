import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import { openDatabase } from '../apps/server/src/db/client'
import { readyTemplate } from '../apps/server/src/db/template'
import { BUILT_SERVER, BUILT_SERVER_ENV, freePort } from '../test/server-process'
import { median, printTable } from './harness'

/**
 * Start times (decision 0012; goal: the first answer within 3 s on a fresh data dir,
 * 2 s on an existing one). The server as `npm start` runs it after its build
 * (`node apps/server/dist/server/main.js`, built again here first; embedded
 * database), timed from the spawn to the first 200 of `/healthz` and of a real
 * API call (`word_collections`, the console's first call: a token lookup and
 * the library, which seeds the demo article), polled every 10 ms. BENCH_RUNS
 * starts each (default 5), medians reported. Baselines in the same run: the
 * sources through tsx on an existing data dir (how npm start ran them before),
 * a bare Fastify route started through tsx (the floor of a start through
 * tsx), and the embedded database alone on a fresh dir, created (initdb +
 * migrations, what every first start did before) and copied from the template
 * `npm run build` makes.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const repoRoot = path.resolve(import.meta.dirname, '..')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function firstOk(url: string, init: RequestInit, started: number, until: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, init)
      await res.arrayBuffer()
      if (res.ok) return performance.now() - started
    } catch {
      // Not listening yet.
    }
    if (performance.now() > until) throw new Error(`no answer from ${url}`)
    await sleep(10)
  }
}

const SOURCES_THROUGH_TSX = ['--import', 'tsx', 'apps/server/src/main.ts']

/** One start of the real server on `dataDir`: ms to the first /healthz and the first API answer. */
async function startOnce(dataDir: string, entry = BUILT_SERVER): Promise<{ healthz: number; api: number }> {
  const port = await freePort()
  const started = performance.now()
  const proc = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: { ...BUILT_SERVER_ENV, PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir, DEV_LOGIN: '1', FEED_CATALOGUE_FETCH: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()))
  try {
    const base = `http://127.0.0.1:${port}`
    const until = started + 60_000
    const [healthz, api] = await Promise.all([
      firstOk(`${base}/healthz`, {}, started, until),
      firstOk(`${base}/english_vocab/api/word_collections`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } }, started, until),
    ])
    return { healthz, api }
  } finally {
    proc.kill('SIGTERM')
    await exited
  }
}

/** The floor: bench/targets/hello.ts (a bare Fastify route) started the same way, to its first answer. */
async function bareOnce(): Promise<number> {
  const started = performance.now()
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'targets', 'hello.ts')], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()))
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = ''
      proc.stdout!.on('data', (c: Buffer) => {
        out += c.toString()
        const line = out.split('\n').find((l) => l.startsWith('{'))
        if (line) resolve((JSON.parse(line) as { port: number }).port)
      })
      void exited.then(() => reject(new Error('hello.ts exited')))
    })
    return await firstOk(`http://127.0.0.1:${port}/hello`, { method: 'POST' }, started, started + 60_000)
  } finally {
    proc.kill('SIGTERM')
    await exited
  }
}

/** The embedded database alone on a fresh dir: created, or copied from the build's template. */
async function openOnce(template: boolean): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-open-'))
  try {
    const started = performance.now()
    const database = await openDatabase({ dataDir, lock: false, ...(template ? {} : { template: false as const }) })
    const ms = performance.now() - started
    await database.close()
    return ms
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (!readyTemplate()) {
  console.error('No embedded database template: run `npm run build` first (it makes apps/server/dist/pgdata-template).')
  process.exit(1)
}

execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: repoRoot, stdio: 'inherit' })

const fresh: Array<{ healthz: number; api: number }> = []
const existing: Array<{ healthz: number; api: number }> = []
const tsx: Array<{ healthz: number; api: number }> = []
const bare: number[] = []
const created: number[] = []
const copied: number[] = []
const kept = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-startup-'))
try {
  // Interleaved, so a noisy moment on this shared machine falls on every kind alike.
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-startup-fresh-'))
    try {
      fresh.push(await startOnce(dir))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    // The kept data dir exists from its first start on: that start is not counted.
    if (i === 0) await startOnce(kept)
    existing.push(await startOnce(kept))
    tsx.push(await startOnce(kept, SOURCES_THROUGH_TSX))
    bare.push(await bareOnce())
    created.push(await openOnce(false))
    copied.push(await openOnce(true))
  }
} finally {
  rmSync(kept, { recursive: true, force: true })
}

const ms = (values: number[]) => Math.round(median(values))
const row = (what: string, values: number[], goal: string) => ({ what, 'median ms': ms(values), runs: values.map((v) => Math.round(v)).join(' '), goal })
printTable([
  row('fresh data dir: first /healthz', fresh.map((r) => r.healthz), '<= 3000'),
  row('fresh data dir: first word_collections', fresh.map((r) => r.api), '<= 3000'),
  row('existing data dir: first /healthz', existing.map((r) => r.healthz), '<= 2000'),
  row('existing data dir: first word_collections', existing.map((r) => r.api), '<= 2000'),
  row('baseline: existing data dir, sources through tsx: first /healthz', tsx.map((r) => r.healthz), '-'),
  row('baseline: existing data dir, sources through tsx: first word_collections', tsx.map((r) => r.api), '-'),
  row('baseline: bare Fastify route started through tsx', bare, '-'),
  row('database alone, fresh dir: created (initdb + migrations)', created, '-'),
  row('database alone, fresh dir: copied from the template', copied, '-'),
])
console.log(
  `RESULT fresh_healthz_ms=${ms(fresh.map((r) => r.healthz))} fresh_api_ms=${ms(fresh.map((r) => r.api))} existing_healthz_ms=${ms(existing.map((r) => r.healthz))} existing_api_ms=${ms(existing.map((r) => r.api))} tsx_existing_healthz_ms=${ms(tsx.map((r) => r.healthz))} tsx_existing_api_ms=${ms(tsx.map((r) => r.api))} bare_fastify_tsx_ms=${ms(bare)} db_created_ms=${ms(created)} db_from_template_ms=${ms(copied)}`,
)
