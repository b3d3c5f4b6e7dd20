import { measure, postgresReachable, printTable, startTarget, type Measurement } from './harness'

/**
 * Phrases: what the learner's phrases cost the library's
 * comprehension figures and the Vocabulary list, on ARTICLES articles of
 * 10,000 real words each (targets/phrases-app.ts). A phrase is found in the
 * text itself, read as lemmas: the first figures after a new phrase read
 * every transcript holding all of its words (once; the counts are kept for
 * every user), the next ones only join the counts kept. Reported: the
 * figures with no phrase (p99), the first call after marking one phrase and
 * then a second one, the figures with 20 phrases marked (p99), and the
 * popover's lookup of a phrase (which says how often it occurs: the same
 * reading as the first figures when the text is not in memory).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4)
const articles = Number(process.env.BENCH_ARTICLES ?? 100)
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** Phrases of the target's sentences, with words in other inflections than the text has. */
const PHRASES = [
  'look forward to',
  'in spite of',
  'turn up',
  'give up',
  'find out',
  'come back',
  'at the end of the day',
  'put it another way',
  'keep your word',
  'have be make',
  'walk along the river',
  'the last train',
  'eat through',
  'feel welcome',
  'listen to the whole episode',
  'look at the number',
  'talk about work',
  'run around',
  'wait for',
  'by spring',
]

interface Result {
  none: Measurement
  firstPhraseMs: number
  secondPhraseMs: number
  wordsListFirstMs: number
  twenty: Measurement
  listTwenty: Measurement
  /** The popover's lookup of a phrase no one marked, with the library's text already read: it says how often it occurs. */
  lookupNewPhraseMs: number
  lookupPhrase: Measurement
}

async function run(env: Record<string, string>): Promise<Result> {
  const target = await startTarget('phrases-app.ts', { BENCH_ARTICLES: String(articles), ...env })
  try {
    const base = `http://127.0.0.1:${target.port}`
    const headers = { authorization: `Bearer ${target.token}` }
    const json = { ...headers, 'content-type': 'application/json' }
    const get = (path: string) => measure({ url: `${base}${path}`, method: 'GET', headers, connections, seconds })
    const timed = async (path: string) => {
      const t0 = performance.now()
      const res = await fetch(`${base}${path}`, { headers })
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
      await res.arrayBuffer()
      return performance.now() - t0
    }
    const mark = async (words: string[]) => {
      const res = await fetch(`${base}/english_vocab/api/words/status`, { method: 'POST', headers: json, body: JSON.stringify({ words, status: 'learning' }) })
      if (res.status !== 200) throw new Error(`status answered ${res.status}: ${await res.text()}`)
    }

    // The first call counts every transcript's lemmas (the transcript job's work, not the phrases'): done before timing.
    const figures = (await (await fetch(`${base}/english_vocab/api/words/comprehension`, { headers })).json()) as { articles: Record<string, unknown> }
    if (Object.keys(figures.articles).length < articles) throw new Error(`expected ${articles} figures, got ${Object.keys(figures.articles).length}`)
    const none = await get('/english_vocab/api/words/comprehension')

    await mark([PHRASES[0]!])
    const firstPhraseMs = await timed('/english_vocab/api/words/comprehension')
    await mark([PHRASES[1]!])
    const secondPhraseMs = await timed('/english_vocab/api/words/comprehension')
    await mark(PHRASES.slice(2))
    // The Vocabulary list says how often each phrase occurs: it reads the counts the figures need, here for 18 new phrases.
    const wordsListFirstMs = await timed('/english_vocab/api/words?limit=50')
    await timed('/english_vocab/api/words/comprehension')
    const twenty = await get('/english_vocab/api/words/comprehension')
    const listTwenty = await get('/english_vocab/api/words?limit=50')
    const lookupPath = `/english_vocab/api/words/lookup?word=${encodeURIComponent('kept calling')}&sentence=${encodeURIComponent('but his boss kept calling him about the report.')}`
    // The first lookup of the process loads the pronouncing dictionary and WordNet: not the phrase's cost.
    await timed('/english_vocab/api/words/lookup?word=report')
    const lookupNewPhraseMs = await timed(lookupPath)
    const lookupPhrase = await get(lookupPath)
    return { none, firstPhraseMs, secondPhraseMs, wordsListFirstMs, twenty, listTwenty, lookupNewPhraseMs, lookupPhrase }
  } finally {
    target.stop()
  }
}

const rows: Array<Record<string, string | number>> = []
const row = (db: string, r: Result) => {
  for (const [call, m] of [
    ['figures, no phrase', r.none],
    ['figures, 20 phrases', r.twenty],
    ['Vocabulary list, 20 phrases', r.listTwenty],
    ['lookup of a phrase', r.lookupPhrase],
  ] as const) {
    rows.push({ db, call, 'req/s': Math.round(m.reqPerSec), 'p99 ms': m.p99, errors: m.errors + m.non2xx })
  }
  rows.push({ db, call: 'figures, first after a new phrase', 'req/s': '', 'p99 ms': Math.round(r.firstPhraseMs), errors: 0 })
  rows.push({ db, call: 'figures, first after a second phrase', 'req/s': '', 'p99 ms': Math.round(r.secondPhraseMs), errors: 0 })
  rows.push({ db, call: 'Vocabulary list, first after 18 new phrases', 'req/s': '', 'p99 ms': Math.round(r.wordsListFirstMs), errors: 0 })
  rows.push({ db, call: 'lookup of a new phrase, text in memory', 'req/s': '', 'p99 ms': Math.round(r.lookupNewPhraseMs), errors: 0 })
}

row('PGlite', await run({}))
if (await postgresReachable(pgUrl)) row('PostgreSQL', await run({ BENCH_DATABASE_URL: pgUrl }))
else console.log(`PostgreSQL at ${pgUrl} not reachable: its rows are skipped`)
console.log(`\n${articles} articles of 10,000 words; the "first after" rows are one call each (the cost of a new phrase)`)
printTable(rows)
