import { measure, median, printTable, startTarget } from './harness'

/**
 * The media proxy streaming a stored 100 MB file (token check, library
 * check, @fastify/send) against @fastify/static serving the same file in the
 * same run. 4 connections downloading the whole file. Goal: ratio >= 0.8.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const connections = 4

const app = await startTarget('media-app.ts')
const base = await startTarget('static-file.ts', { BENCH_FILE: String(app.file) })
try {
  const series = async (url: string, headers: Record<string, string>) => {
    await measure({ url, method: 'GET', headers, connections, seconds: 2 })
    const all = []
    for (let i = 0; i < runs; i++) all.push(await measure({ url, method: 'GET', headers, connections, seconds }))
    return { mbps: median(all.map((r) => r.bytesPerSec)) / 1_048_576, p99: median(all.map((r) => r.p99)), bad: all.reduce((n, r) => n + r.errors + r.non2xx, 0) }
  }
  const staticRes = await series(`http://127.0.0.1:${base.port}${String(base.path)}`, {})
  const proxyRes = await series(`http://127.0.0.1:${app.port}/media-proxy/proxy_media?resource_addr=${encodeURIComponent('/bench/episode.mp3')}`, {
    authorization: `Bearer ${app.token}`,
  })
  const ratio = proxyRes.mbps / staticRes.mbps
  printTable([
    { target: '@fastify/static', 'MB/s': staticRes.mbps.toFixed(0), 'p99 ms': staticRes.p99, 'errors+non2xx': staticRes.bad },
    { target: 'media proxy', 'MB/s': proxyRes.mbps.toFixed(0), 'p99 ms': proxyRes.p99, 'errors+non2xx': proxyRes.bad, 'vs static': ratio.toFixed(3) },
  ])
  console.log(`RESULT static_mbps=${staticRes.mbps.toFixed(0)} proxy_mbps=${proxyRes.mbps.toFixed(0)} proxy_ratio=${ratio.toFixed(3)}`)
} finally {
  app.stop()
  base.stop()
}
