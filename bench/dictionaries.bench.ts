import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import { loadConfig } from '../apps/server/src/config'
import { discoverDictionaries } from '../apps/server/src/features/vocabulary/dictionaries/discover'
import { createTranslations } from '../apps/server/src/features/vocabulary/dictionaries/translations'
import { topLemmas } from '../apps/server/src/features/vocabulary/placement'
import { BUILT_SERVER, BUILT_SERVER_ENV, freePort } from '../test/server-process'
import { median, printTable } from './harness'
import { switchLanguage } from './dictionaries-switch'

/**
 * The learner's language (decision 0013): this machine's bilingual
 * dictionaries, and what they cost.
 * 1. In this process, per language (in turn, so memory adds up): the time to
 *    index its dictionaries, the RSS they add once settled, and the
 *    translation of 165 frequent words, each in a sentence (the lookup's part).
 * 2. The built server (`npm start`'s entry; build it first) on one data dir,
 *    started BENCH_RUNS times (default 3) with the learner's language unset,
 *    German and Japanese: the first API answer (the start, which indexes the
 *    languages in use in the indexing worker), the first lookup after it, and
 *    the RSS 8 s later (goal with Japanese: <= 500 MB).
 * 3. Switching language on a running built server whose data dir also holds
 *    the hostile dictionaries of ARCHITECTURE.md s16 for Japanese (a dictzip
 *    with a bad chunk table, a chunk bomb, a 200 MB index line, a tab-less
 *    TSV, a 600 MB gzip-bomb .idx.gz, a symlink out): the first lookup after
 *    choosing Japanese against a warm lookup (goal <= 300 ms), /healthz p99
 *    in the first 4 s after choosing it, while they and EDICT are indexed,
 *    against idle /healthz in the same run (goal <= 50 ms), and the RSS 8 s
 *    after EDICT answers (goal <= 500 MB; start_none_rss_mb is the same
 *    server's without a language).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const repoRoot = path.resolve(import.meta.dirname, '..')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const auth = { authorization: `Bearer ${DEV_LOGIN_TOKEN}` }
const WORDS = topLemmas(700).slice(400)
const sentenceOf = (w: string) => `I did not expect the ${w} to matter so much today.`
const mb = (bytes: number) => Math.round(bytes / 1e6)
// A full collection before each reading: what the index holds, not the garbage its loading left.
v8.setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const settledRss = async () => {
  await sleep(300)
  gc()
  return process.memoryUsage().rss
}
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!

// 1. In this process.
const discovery = discoverDictionaries(loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-dict-')) }).dictionaries)
const translations = createTranslations({ discovery, log: { info: () => {}, warn: () => {} } })
const languages = [...new Set(discovery.found.map((d) => d.language))]
const perLanguage: Array<Record<string, string | number>> = []
const parts: string[] = []
for (const language of languages) {
  const before = await settledRss()
  const started = performance.now()
  await translations.ready(language)
  const indexMs = performance.now() - started
  // The indexing thread ends 2 s after its last dictionary: what stays is the index alone.
  await sleep(2500)
  const added = (await settledRss()) - before
  const times: number[] = []
  let lines = 0
  for (const w of WORDS) {
    const s = performance.now()
    lines += (await translations.translate(language, { lemma: w, form: w, pos: 'NN', sentence: sentenceOf(w) })).length
    times.push(performance.now() - s)
  }
  times.sort((a, b) => a - b)
  const names = discovery.found.filter((d) => d.language === language).map((d) => d.name).join(', ')
  perLanguage.push({ language, dictionaries: names, 'index ms': Math.round(indexMs), 'RSS added MB': mb(added), 'translate median ms': p(times, 0.5).toFixed(2), 'p99 ms': p(times, 0.99).toFixed(1), 'lines/word': (lines / WORDS.length).toFixed(1) })
  parts.push(`${language}_index_ms=${Math.round(indexMs)} ${language}_rss_added_mb=${mb(added)} ${language}_translate_p99_ms=${p(times, 0.99).toFixed(1)}`)
}
await translations.close()
printTable(perLanguage)

// 2. The built server's start with a learner language set.
async function firstOk(url: string, started: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, { headers: auth })
      await res.arrayBuffer()
      if (res.ok) return performance.now() - started
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 60_000) throw new Error(`no answer from ${url}`)
    await sleep(10)
  }
}
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

/** One start on `dataDir`; before it stops, the learner's language is set to `next` for the next start. */
async function startOnce(dataDir: string, next: string | null) {
  const port = await freePort()
  const started = performance.now()
  const proc = spawn(process.execPath, BUILT_SERVER, {
    cwd: repoRoot,
    env: { ...BUILT_SERVER_ENV, PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir, DEV_LOGIN: '1', FEED_CATALOGUE_FETCH: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()))
  const base = `http://127.0.0.1:${port}`
  try {
    const api = await firstOk(`${base}/english_vocab/api/word_collections`, started)
    const s = performance.now()
    await (await fetch(`${base}/english_vocab/api/words/lookup?word=house&sentence=${encodeURIComponent('They bought a house.')}`, { headers: auth })).arrayBuffer()
    const lookup = performance.now() - s
    await sleep(8000)
    const rss = rssOf(proc.pid!)
    await fetch(`${base}/english_vocab/api/words/settings`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ native_language: next }) })
    return { api, lookup, rss }
  } finally {
    proc.kill('SIGTERM')
    await exited
  }
}

const kept = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-dict-start-'))
const starts: Record<'none' | 'de' | 'ja', Array<{ api: number; lookup: number; rss: number }>> = { none: [], de: [], ja: [] }
try {
  // The data dir's first start (creating it) is not counted; interleaved so a noisy moment falls on every kind alike.
  await startOnce(kept, null)
  for (let i = 0; i < RUNS; i++) {
    starts.none.push(await startOnce(kept, 'de'))
    starts.de.push(await startOnce(kept, 'ja'))
    starts.ja.push(await startOnce(kept, null))
  }
} finally {
  rmSync(kept, { recursive: true, force: true })
}
printTable(
  Object.entries(starts).map(([language, runs]) => ({
    'learner language at start': language,
    'first API ms': Math.round(median(runs.map((r) => r.api))),
    'first lookup ms': Math.round(median(runs.map((r) => r.lookup))),
    'RSS 8 s later MB': mb(median(runs.map((r) => r.rss))),
  })),
)
for (const [language, runs] of Object.entries(starts)) {
  parts.push(`start_${language}_api_ms=${Math.round(median(runs.map((r) => r.api)))} start_${language}_lookup_ms=${Math.round(median(runs.map((r) => r.lookup)))} start_${language}_rss_mb=${mb(median(runs.map((r) => r.rss)))}`)
}

// 3. Switching to Japanese on a running server, hostile dictionaries beside EDICT.
const switched = await switchLanguage()
printTable([switched])
parts.push(
  `first_lookup_ms=${switched['first lookup ms']} warm_lookup_ms=${switched['warm lookup ms']} healthz_idle_p99_ms=${switched['idle /healthz p99 ms']} healthz_indexing_p99_ms=${switched['/healthz p99 while indexing ms']} rss_ja_mb=${switched['RSS with Japanese MB']}`,
)
console.log(`RESULT ${parts.join(' ')}`)
