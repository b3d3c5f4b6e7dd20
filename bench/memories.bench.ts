import { countDue, REVIEW_RATINGS, type ReviewRating } from '@lingocast/contract'
import autocannon from 'autocannon'
import { newCardSchedule, replayAnswers, scheduleReview, type CardSchedule, type TimedAnswer } from '../apps/server/src/features/memories/schedule'
import { median, postgresReachable, printTable, startTarget } from './harness'

/**
 * Memories (QUALITY.md): scheduling a review <= 1 ms per card; the due count
 * over 100,000 cards <= 20 ms; review save p99 <= 30 ms on PostgreSQL under 50
 * connections, against a bare Fastify hello-world in the same run.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const connections = 50
const CARDS = 100_000
const REVIEW_CARDS = 2_000
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DAY = 86_400_000

/** A deterministic pseudo-random sequence, so every run schedules the same histories. */
function lcg(seed: number) {
  let s = seed
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)
}

function schedulingMsPerCard(): number {
  const rand = lcg(7)
  const cards: CardSchedule[] = Array.from({ length: CARDS }, () => newCardSchedule(new Date('2025-01-01T00:00:00Z')))
  // Each card gets 5 reviews on the day it comes due, with mixed ratings.
  const t0 = performance.now()
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i]!
      const rating: ReviewRating = REVIEW_RATINGS[Math.floor(rand() * 4)]!
      cards[i] = scheduleReview(c, rating, c.nextReview!, 'fsrs')
    }
  }
  return (performance.now() - t0) / (CARDS * 5)
}

/** Answers a card's log holds when a late answer (made offline, decision 0015) makes the server replay it. */
const REPLAY_ANSWERS = 50

/** One late answer: the card's whole log replayed with it in its place (median of 200, ms). */
function replayMs(): number {
  const rand = lcg(13)
  const start = new Date('2025-01-01T00:00:00Z').getTime()
  const log: TimedAnswer[] = Array.from({ length: REPLAY_ANSWERS }, (_, i) => ({ rating: REVIEW_RATINGS[Math.floor(rand() * 4)]!, at: new Date(start + i * 3 * DAY) }))
  const late = { rating: 'Good' as const, at: new Date(start + 1.5 * DAY) }
  const times: number[] = []
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now()
    replayAnswers(newCardSchedule(new Date(start)), [...log, late], 'fsrs')
    times.push(performance.now() - t0)
  }
  return median(times)
}

function dueCountMs(): number {
  const now = new Date()
  const rand = lcg(11)
  const cards = Array.from({ length: CARDS }, () => ({ next_review: new Date(now.getTime() + (rand() - 0.5) * 60 * DAY).toISOString() }))
  for (let i = 0; i < 3; i++) countDue(cards, now) // warm-up: let the JIT compile the loop
  const times: number[] = []
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now()
    countDue(cards, now)
    times.push(performance.now() - t0)
  }
  return median(times)
}

interface Load {
  reqPerSec: number
  p99: number
  bad: number
}

async function load(url: string, opts: { token?: string; ids?: number[] }): Promise<Load> {
  const rand = lcg(3)
  const run = (duration: number) =>
    autocannon({
      url,
      connections,
      duration,
      pipelining: 1,
      requests: [
        opts.ids
          ? {
              method: 'POST',
              headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
              // Each request rates a random card of the deck: many learners, each on their own card.
              setupRequest: (req) => ({ ...req, body: JSON.stringify({ flashcard_id: opts.ids![Math.floor(rand() * opts.ids!.length)], rating: REVIEW_RATINGS[Math.floor(rand() * 4)] }) }),
            }
          : { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=x' },
      ],
    })
  await run(2) // warm-up
  const results = []
  for (let i = 0; i < runs; i++) results.push(await run(seconds))
  return {
    reqPerSec: median(results.map((r) => r.requests.average)),
    p99: median(results.map((r) => r.latency.p99)),
    bad: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
  }
}

/** The real app with one user and a deck of REVIEW_CARDS cards, made through the API. */
async function reviewSave(env: Record<string, string>): Promise<Load> {
  const target = await startTarget('app.ts', env)
  try {
    const base = `http://127.0.0.1:${target.port}`
    const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' }
    const deck = (await (await fetch(`${base}/english_vocab/memories/deck`, { method: 'POST', headers, body: JSON.stringify({ name: 'bench' }) })).json()) as { deck: { id: number } }
    const ids: number[] = []
    for (let i = 0; i < REVIEW_CARDS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, async (_, j) => {
          const res = await fetch(`${base}/english_vocab/memories/flashcard`, { method: 'POST', headers, body: JSON.stringify({ deck_id: deck.deck.id, front: `word ${i + j}`, back: 'cue' }) })
          return ((await res.json()) as { flashcard: { id: number } }).flashcard.id
        }),
      )
      ids.push(...batch)
    }
    return await load(`${base}/english_vocab/memories/review`, { token: target.token!, ids })
  } finally {
    target.stop()
  }
}

// The due count first, on a fresh heap: the scheduling run leaves 100,000 cards' garbage behind.
const dueMs = dueCountMs()
const scheduleMs = schedulingMsPerCard()
const lateMs = replayMs()
const helloTarget = await startTarget('hello.ts')
let hello: Load
try {
  hello = await load(`http://127.0.0.1:${helloTarget.port}/hello`, {})
} finally {
  helloTarget.stop()
}
const pglite = await reviewSave({ BENCH_DATABASE_URL: '' })
const postgres = (await postgresReachable(pgUrl)) ? await reviewSave({ BENCH_DATABASE_URL: pgUrl }) : undefined

const row = (name: string, m: Load) => ({ target: name, 'req/s': Math.round(m.reqPerSec), 'p99 ms': m.p99, 'errors+non2xx': m.bad, 'req/s vs hello': (m.reqPerSec / hello.reqPerSec).toFixed(3) })
printTable([
  { target: `FSRS schedule, ${CARDS} cards x 5 reviews`, 'ms per card': scheduleMs.toFixed(4), goal: '<= 1' },
  { target: `due count over ${CARDS} cards (calendar day)`, 'ms per card': `${dueMs.toFixed(2)} ms total`, goal: '<= 20 ms' },
  { target: `late answer: replay of a ${REPLAY_ANSWERS}-answer log`, 'ms per card': `${lateMs.toFixed(3)} ms total`, goal: '<= 1 ms per answer' },
])
printTable([row('fastify hello-world', hello), row('review save PGlite', pglite), ...(postgres ? [row('review save PostgreSQL', postgres)] : [])])
const parts = [
  `schedule_ms_per_card=${scheduleMs.toFixed(4)}`,
  `due_count_100k_ms=${dueMs.toFixed(2)}`,
  `late_answer_replay_${REPLAY_ANSWERS}_ms=${lateMs.toFixed(3)}`,
  `hello_rps=${Math.round(hello.reqPerSec)}`,
  `review_pglite_rps=${Math.round(pglite.reqPerSec)}`,
  `review_pglite_p99_ms=${pglite.p99}`,
  ...(postgres ? [`review_postgres_rps=${Math.round(postgres.reqPerSec)}`, `review_postgres_p99_ms=${postgres.p99}`, `review_postgres_ratio=${(postgres.reqPerSec / hello.reqPerSec).toFixed(3)}`] : ['postgres=unreachable']),
]
console.log(`RESULT ${parts.join(' ')}`)
