import { measure, median, postgresReachable, printTable, startTarget, type Measurement } from './harness'

/**
 * Words you know (issue 15, QUALITY.md): comprehension of 1,000 articles of
 * 10,000 words each for a user with 20,000 known lemmas, p99 against the
 * plain library list (word_collections) of the same user in the same run; a
 * status change followed by the comprehension call (goal <= 200 ms); the
 * lookup popover's data p99 (goal <= 50 ms on PGlite).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4)
const changes = Number(process.env.BENCH_CHANGES ?? 20)
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

interface Result {
  lemmaRows: number
  list: Measurement
  comprehension: Measurement
  firstComprehensionMs: number
  changeThenComprehensionMs: number
  lookup: Measurement
}

async function run(env: Record<string, string>): Promise<Result> {
  const target = await startTarget('vocabulary-app.ts', env)
  try {
    const base = `http://127.0.0.1:${target.port}`
    const headers = { authorization: `Bearer ${target.token}` }
    const json = { ...headers, 'content-type': 'application/json' }
    const get = (path: string) => measure({ url: `${base}${path}`, method: 'GET', headers, connections, seconds })

    let t0 = performance.now()
    const first = await fetch(`${base}/english_vocab/api/words/comprehension`, { headers })
    const firstComprehensionMs = performance.now() - t0
    const figures = ((await first.json()) as { articles: Record<string, unknown> }).articles
    if (Object.keys(figures).length < 1_000) throw new Error(`expected 1,000 figures, got ${Object.keys(figures).length}`)

    const list = await get('/english_vocab/api/word_collections')
    const comprehension = await get('/english_vocab/api/words/comprehension')

    // A learner marks a word, then the library's figures are read again: both in the time measured.
    const times: number[] = []
    for (let i = 0; i < changes; i++) {
      t0 = performance.now()
      const set = await fetch(`${base}/english_vocab/api/words/status`, { method: 'POST', headers: json, body: JSON.stringify({ words: ['time'], status: i % 2 ? 'known' : 'new' }) })
      if (set.status !== 200) throw new Error(`status change answered ${set.status}: ${await set.text()}`)
      const after = await fetch(`${base}/english_vocab/api/words/comprehension`, { headers })
      await after.arrayBuffer()
      times.push(performance.now() - t0)
    }
    const sentence = encodeURIComponent('She was running late for the train this morning.')
    const lookupPath = `/english_vocab/api/words/lookup?word=running&sentence=${sentence}`
    // The first lookup loads the pronouncing dictionary and WordNet's indexes: a one-time cost, not the popover's.
    await (await fetch(`${base}${lookupPath}`, { headers })).arrayBuffer()
    const lookup = await get(lookupPath)
    return { lemmaRows: target.lemmaRows as number, list, comprehension, firstComprehensionMs, changeThenComprehensionMs: median(times), lookup }
  } finally {
    target.stop()
  }
}

const pglite = await run({ BENCH_DATABASE_URL: '' })
const postgres = (await postgresReachable(pgUrl)) ? await run({ BENCH_DATABASE_URL: pgUrl }) : undefined

const rows = (name: string, r: Result) => [
  { target: `${name}: word_collections (1,000 articles)`, 'req/s': Math.round(r.list.reqPerSec), 'p99 ms': r.list.p99, 'non2xx+errors': r.list.non2xx + r.list.errors },
  { target: `${name}: comprehension (${r.lemmaRows} lemma rows)`, 'req/s': Math.round(r.comprehension.reqPerSec), 'p99 ms': r.comprehension.p99, 'non2xx+errors': r.comprehension.non2xx + r.comprehension.errors },
  { target: `${name}: first comprehension call`, 'req/s': '', 'p99 ms': Math.round(r.firstComprehensionMs), 'non2xx+errors': '' },
  { target: `${name}: status change + comprehension (median)`, 'req/s': '', 'p99 ms': Math.round(r.changeThenComprehensionMs), 'non2xx+errors': '' },
  { target: `${name}: lookup`, 'req/s': Math.round(r.lookup.reqPerSec), 'p99 ms': r.lookup.p99, 'non2xx+errors': r.lookup.non2xx + r.lookup.errors },
]
printTable([...rows('PGlite', pglite), ...(postgres ? rows('PostgreSQL', postgres) : [])])
const parts = (name: string, r: Result) => [
  `${name}_list_p99_ms=${r.list.p99}`,
  `${name}_comprehension_p99_ms=${r.comprehension.p99}`,
  `${name}_comprehension_vs_list_p99=${(r.comprehension.p99 / Math.max(1, r.list.p99)).toFixed(2)}`,
  `${name}_change_then_comprehension_ms=${Math.round(r.changeThenComprehensionMs)}`,
  `${name}_lookup_p99_ms=${r.lookup.p99}`,
]
console.log(`RESULT ${[...parts('pglite', pglite), ...(postgres ? parts('postgres', postgres) : ['postgres=unreachable'])].join(' ')}`)
