import { readdirSync, readFileSync } from 'node:fs'
import { TOKEN_COOKIE } from '@lingocast/contract'
import { median, printTable, startTarget } from './harness'

/**
 * Pages the server renders with the learner's data (decision 0021): the
 * player of the demo article (its transcript) and the review of a deck, each
 * learner opening their own at once, 1, 10, 30 and 50 at a time, on the
 * embedded database (BENCH_DATABASE_URL for PostgreSQL). For each: how many
 * pages carry the learner's data, p50/p99 of the whole page, and /healthz
 * p99 polled meanwhile. Baselines in the same run: the same pages with the
 * build's frame (a cookie that is no session), and /healthz alone. Needs
 * `npm run build`. BENCH_RUNS rounds per row (default 3), medians reported.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const LEARNERS = 50
const CONCURRENCY = process.env.BENCH_AT_ONCE ? process.env.BENCH_AT_ONCE.split(',').map(Number) : [1, 10, 30, 50]
const SENTENCE = 'John Dashwood had then leisure'

const target = await startTarget('screen-pages-app.ts', { BENCH_LEARNERS: String(LEARNERS) })
const base = `http://127.0.0.1:${target.port}`
const pid = target.pid as number
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

/** CPU ms each thread of the server has used so far, by thread id and name (/proc/<pid>/task). */
function threadCpu(pid: number): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      // utime and stime, in clock ticks of 10 ms.
      out.set(tid, { name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(), ms: (Number(fields[11]) + Number(fields[12])) * 10 })
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return out
}

/** The server's resident memory, MB. */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/** Worker threads the server had before its first rendered page: the database's. Any other one is the render's. */
let databaseThreads = new Set<string>()

/** CPU ms used between two readings: the main thread, the database's thread, the render's, the rest (GC, compiler). */
function cpuBetween(before: ReturnType<typeof threadCpu>, after: ReturnType<typeof threadCpu>) {
  const used = { main: 0, db: 0, render: 0, other: 0 }
  for (const [tid, { name, ms }] of after) {
    const spent = ms - (before.get(tid)?.ms ?? 0)
    if (name === 'MainThread') used.main += spent
    else if (name !== 'WorkerThread') used.other += spent
    else if (databaseThreads.has(tid)) used.db += spent
    else used.render += spent
  }
  return used
}

interface Learner {
  token: string
  article: string
  deck: number
  front: string
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`)
  return res.json() as Promise<Record<string, unknown>>
}

/** Each learner's library (the demo article comes with it) and a deck of three cards whose first front is theirs alone. */
async function prepare(token: string, i: number): Promise<Learner> {
  const list = (await api(token, 'GET', '/english_vocab/api/word_collections')) as { collections: Array<{ HashID: string; Audio: string | null }> }
  const article = list.collections.find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!.HashID
  const deck = ((await api(token, 'POST', '/english_vocab/memories/deck', { name: `Deck ${i}` })) as { deck: { id: number } }).deck.id
  const front = `estate${i}x`
  for (const f of [front, 'harbour', 'leisure']) await api(token, 'POST', '/english_vocab/memories/flashcard', { deck_id: deck, front: f, back: `the meaning of ${f}` })
  return { token, article, deck, front }
}

type Kind = 'player' | 'review'
const pageUrl = (kind: Kind, l: Learner) => (kind === 'player' ? `/console/player/audio/${l.article}` : `/console/memories/review?deck_id=${l.deck}`)

/** Whether the page carries this learner's own data: in the screen's frame, and in the answers for the console's cache. */
function withData(kind: Kind, l: Learner, body: string): boolean {
  const frame = body.slice(body.indexOf('<!--shell-->'), body.indexOf('<!--/shell-->'))
  const data = /<script type="application\/json" id="console-data">(.*?)<\/script>/s.exec(body)?.[1] ?? ''
  const text = frame.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
  return kind === 'player'
    ? text.includes(SENTENCE) && data.includes('"segments"') && data.includes(l.article)
    : frame.includes(`data-testid="card-front">${l.front}<`) && data.includes(`"cards",${l.deck}]`)
}

async function openPage(kind: Kind, l: Learner, cookie: string): Promise<{ ms: number; data: boolean; status: number }> {
  const started = performance.now()
  const res = await fetch(base + pageUrl(kind, l), { headers: { accept: 'text/html', cookie: `${TOKEN_COOKIE}=${cookie}` } })
  const body = await res.text()
  return { ms: performance.now() - started, data: withData(kind, l, body), status: res.status }
}

/** /healthz, one call after another, until `done` settles. */
async function pollHealthz(done: Promise<unknown>): Promise<number[]> {
  const times: number[] = []
  let over = false
  void done.finally(() => (over = true))
  while (!over) {
    const started = performance.now()
    await (await fetch(`${base}/healthz`)).arrayBuffer()
    times.push(performance.now() - started)
    await sleep(5)
  }
  return times
}

interface Round {
  pages: number[]
  withData: number
  errors: number
  healthz: number[]
  /** Server CPU ms per page: its main thread, the database's thread, the render's thread(s), the rest. */
  cpu: { main: number; db: number; render: number; other: number }
}

async function round(kind: Kind, learners: Learner[], frameOnly: boolean): Promise<Round> {
  const before = threadCpu(pid)
  const all = Promise.all(learners.map((l) => openPage(kind, l, frameOnly ? 'not-a-session' : l.token)))
  const [pages, healthz] = await Promise.all([all, pollHealthz(all)])
  const used = cpuBetween(before, threadCpu(pid))
  const n = learners.length
  const cpu = { main: used.main / n, db: used.db / n, render: used.render / n, other: used.other / n }
  return { pages: pages.map((p) => p.ms), withData: pages.filter((p) => p.data).length, errors: pages.filter((p) => p.status !== 200).length, healthz, cpu }
}

async function series(kind: Kind, learners: Learner[], frameOnly = false) {
  const rounds: Round[] = []
  for (let r = 0; r < RUNS; r++) {
    rounds.push(await round(kind, learners, frameOnly))
    await sleep(200)
  }
  return {
    n: learners.length,
    withData: Math.min(...rounds.map((r) => r.withData)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    p50: median(rounds.map((r) => pct(r.pages, 50))),
    p99: median(rounds.map((r) => pct(r.pages, 99))),
    healthzP99: median(rounds.map((r) => pct(r.healthz, 99))),
    cpu: { main: median(rounds.map((r) => r.cpu.main)), db: median(rounds.map((r) => r.cpu.db)), render: median(rounds.map((r) => r.cpu.render)), other: median(rounds.map((r) => r.cpu.other)) },
  }
}

type Series = Awaited<ReturnType<typeof series>>

try {
  const tokens = target.tokens as string[]
  const learners: Learner[] = []
  for (const [i, token] of tokens.entries()) learners.push(await prepare(token, i))

  databaseThreads = new Set([...threadCpu(pid)].filter(([, t]) => t.name === 'WorkerThread').map(([tid]) => tid))
  const rssBefore = rssMb(pid)
  // The first page after the start loads the renderer's bundle.
  const first = await openPage('player', learners[0]!, learners[0]!.token)
  const idle = await pollHealthz(sleep(2000))
  const rows: Array<Record<string, string | number>> = []
  const row = (what: string, s: Series) => {
    rows.push({
      what,
      at_once: s.n,
      with_data: `${s.withData}/${s.n}`,
      'p50 ms': s.p50.toFixed(0),
      'p99 ms': s.p99.toFixed(0),
      'healthz p99 ms': s.healthzP99.toFixed(1),
      'cpu ms/page main': s.cpu.main.toFixed(1),
      db: s.cpu.db.toFixed(1),
      render: s.cpu.render.toFixed(1),
      other: s.cpu.other.toFixed(1),
      errors: s.errors,
    })
    return s
  }
  const most = Math.max(...CONCURRENCY)
  const result: string[] = []
  for (const kind of ['player', 'review'] as const) {
    let atMost: Series | undefined
    for (const n of CONCURRENCY) {
      const s = row(`${kind}, with data`, await series(kind, learners.slice(0, n)))
      if (n === 1) result.push(`${kind}_single_ms=${s.p50.toFixed(0)}`)
      if (n === most) atMost = s
    }
    const frame = row(`${kind}, build's frame`, await series(kind, learners.slice(0, most), true))
    result.push(
      `${kind}_with_data=${atMost!.withData}/${most}`,
      `${kind}_p50_ms=${atMost!.p50.toFixed(0)}`,
      `${kind}_p99_ms=${atMost!.p99.toFixed(0)}`,
      `${kind}_healthz_p99_ms=${atMost!.healthzP99.toFixed(1)}`,
      `${kind}_frame_p99_ms=${frame.p99.toFixed(0)}`,
      `${kind}_p99_vs_frame=${(atMost!.p99 / frame.p99).toFixed(1)}`,
    )
  }
  printTable(rows)
  const rssGrowth = rssMb(pid) - rssBefore
  console.log(`first page after the start (loads the bundle): ${first.ms.toFixed(0)} ms, with data: ${first.data}; idle /healthz p99 ${pct(idle, 99).toFixed(1)} ms`)
  console.log(`server RSS before the first page ${rssBefore.toFixed(0)} MB, grown by ${rssGrowth.toFixed(0)} MB over the run`)
  console.log(`RESULT at_once=${most} ${result.join(' ')} idle_healthz_p99_ms=${pct(idle, 99).toFixed(1)} first_page_ms=${first.ms.toFixed(0)} rss_growth_mb=${rssGrowth.toFixed(0)}`)
} finally {
  target.stop()
}
