import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import { BUILT_SERVER, startServerProcess } from '../test/server-process'
import { printTable } from './harness'

/**
 * Memory of the server process at rest, embedded mode (QUALITY.md: <= 600 MB
 * RSS): the real `npm start` command (BUILT_SERVER; `npm run build` first) on a fresh data dir, after boot, and
 * again after a learner's first minutes (library, the demo's transcript,
 * the tutor's offline dictionary, decks, the learner's language chosen and a
 * word looked up in it: BENCH_LANGUAGE, default German, whose FreeDict
 * dictionary is then indexed; "none" leaves it unset) once the process has settled.
 * The PGlite worker is a thread of this process, so its memory is counted.
 */
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 15_000)
const language = process.env.BENCH_LANGUAGE ?? 'de'

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-memory-'))
const server = await startServerProcess({ DATA_DIR: dataDir, DEV_LOGIN: '1' }, 60_000, BUILT_SERVER)
try {
  const pid = server.proc.pid!
  await sleep(settleMs)
  const boot = rssMb(pid)
  const auth = { authorization: `Bearer ${DEV_LOGIN_TOKEN}` }
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(server.url + url, { ...init, headers: { ...auth, 'content-type': 'application/json', ...(init.headers ?? {}) } })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`)
  }
  const library = (await (await fetch(`${server.url}/english_vocab/api/word_collections`, { headers: auth })).json()) as { collections: Array<{ CollectionID: number; Audio: string }> }
  const demo = library.collections[0]!
  await call(`/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(demo.Audio)}`)
  await call('/english_vocab/api/chat-explain-english', { method: 'POST', body: JSON.stringify({ article_id: demo.CollectionID, user_messages: [{ role: 'user', content: 'Explain this sentence.' }] }) })
  await call('/english_vocab/memories/decks')
  await call('/english_vocab/api/rss-list')
  if (language !== 'none') await call('/english_vocab/api/words/settings', { method: 'PUT', body: JSON.stringify({ native_language: language }) })
  await call(`/english_vocab/api/words/lookup?word=house&sentence=${encodeURIComponent('They bought a house.')}`)
  await sleep(settleMs)
  const used = rssMb(pid)
  printTable([
    { what: 'server RSS after boot (embedded)', mb: boot.toFixed(0), goal: '<= 600' },
    { what: `server RSS after a first session (language ${language}), settled`, mb: used.toFixed(0), goal: '<= 600' },
  ])
  console.log(`RESULT rss_boot_mb=${boot.toFixed(0)} rss_used_mb=${used.toFixed(0)}`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
