import { measure, median, postgresReachable, printTable, startTarget } from './harness'

/**
 * /user/api/info (token lookup: one indexed join) against a bare Fastify
 * hello-world in the same run: 50 connections, no pipelining, median of
 * RUNS runs. Prints a table and a RESULT line with the ratios.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const connections = 50
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function series(file: string, env: Record<string, string>, path: string) {
  const target = await startTarget(file, env)
  try {
    const url = `http://127.0.0.1:${target.port}${path}`
    const body = new URLSearchParams({ token: target.token ?? '' }).toString()
    const headers = { 'content-type': 'application/x-www-form-urlencoded' }
    await measure({ url, body, headers, connections, seconds: 2 }) // warm-up
    const results = []
    for (let i = 0; i < runs; i++) results.push(await measure({ url, body, headers, connections, seconds }))
    return {
      reqPerSec: median(results.map((r) => r.reqPerSec)),
      p99: median(results.map((r) => r.p99)),
      bad: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
    }
  } finally {
    target.stop()
  }
}

const hello = await series('hello.ts', {}, '/hello')
const pglite = await series('app.ts', { BENCH_DATABASE_URL: '' }, '/user/api/info')
const postgres = (await postgresReachable(pgUrl)) ? await series('app.ts', { BENCH_DATABASE_URL: pgUrl }, '/user/api/info') : undefined

const row = (name: string, m: typeof hello) => ({
  target: name,
  'req/s': Math.round(m.reqPerSec),
  'p99 ms': m.p99,
  'errors+non2xx': m.bad,
  'req/s vs hello': (m.reqPerSec / hello.reqPerSec).toFixed(3),
})
printTable([row('fastify hello-world', hello), row('/user/api/info PGlite', pglite), ...(postgres ? [row('/user/api/info PostgreSQL', postgres)] : [])])
const parts = [
  `hello_rps=${Math.round(hello.reqPerSec)}`,
  `pglite_rps=${Math.round(pglite.reqPerSec)}`,
  `pglite_p99_ms=${pglite.p99}`,
  `pglite_ratio=${(pglite.reqPerSec / hello.reqPerSec).toFixed(3)}`,
  ...(postgres
    ? [`postgres_rps=${Math.round(postgres.reqPerSec)}`, `postgres_p99_ms=${postgres.p99}`, `postgres_ratio=${(postgres.reqPerSec / hello.reqPerSec).toFixed(3)}`]
    : ['postgres=unreachable']),
]
console.log(`RESULT ${parts.join(' ')}`)
