import { article } from '@lingocast/contract'
import { z } from 'zod'
import { median, printTable } from './harness'

/**
 * What a lazily built contract schema (decision 0020) costs where it is used
 * most: the library answer of 1,000 articles, parsed as the server does before
 * it sends it, its element the contract's lazy `article` (every read goes
 * through the Proxy) against the same schema built plainly (`clone()` makes
 * the real instance). Same process, alternating, median of BENCH_RUNS.
 */
const runs = Number(process.env.BENCH_RUNS ?? 7)
const ROUNDS = 200

const answerOf = (element: z.ZodType) => z.object({ success: z.literal(true), collections: z.array(element), msg: z.literal('ok') })
const lazyAnswer = answerOf(article)
const plainAnswer = answerOf(article.clone())

const body = {
  success: true,
  msg: 'ok',
  collections: Array.from({ length: 1000 }, (_, i) => ({
    CollectionID: i + 1,
    HashID: `h${i}`,
    Title: `Episode ${i}`,
    Description: '<p>An episode.</p>',
    Video: null,
    Audio: `/media/${i}.mp3`,
    Outline: '',
    PlainText: 'word '.repeat(20),
    IsFinished: i % 2 === 0,
    Thumbnail: null,
    Duration: 600 + i,
  })),
}

function msPerParse(schema: z.ZodType): number {
  const t0 = performance.now()
  for (let i = 0; i < ROUNDS; i++) if (!schema.safeParse(body).success) throw new Error('the answer should parse')
  return (performance.now() - t0) / ROUNDS
}

// Warm both (and build the lazy one) before timing.
msPerParse(lazyAnswer)
msPerParse(plainAnswer)
const lazy: number[] = []
const plain: number[] = []
for (let r = 0; r < runs; r++) {
  lazy.push(msPerParse(lazyAnswer))
  plain.push(msPerParse(plainAnswer))
}
const ratio = median(lazy) / median(plain)
printTable([
  { schema: 'lazy article (Proxy)', 'ms per 1,000-article answer': median(lazy).toFixed(3) },
  { schema: 'plain article', 'ms per 1,000-article answer': median(plain).toFixed(3) },
])
console.log(`RESULT lazy_ms=${median(lazy).toFixed(3)} plain_ms=${median(plain).toFixed(3)} ratio=${ratio.toFixed(2)}`)
