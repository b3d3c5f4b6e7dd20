import { measure, median, printTable, startTarget } from './harness'

/**
 * The media proxy streaming a stored 100 MB file (token check, library
 * check, sendStored) against @fastify/static serving the same file in the
 * same run, from local disk and from an S3-protocol server (s3rver on
 * loopback, in its own process). 4 connections downloading the whole file,
 * then 4 asking for 1 MB ranges (a player seeking). Goal: local ratio >= 0.8.
 * The S3 rows measure the proxy plus s3rver, a Node test server: they show
 * the cost of the extra hop, not what MinIO or AWS would do.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const connections = 4
// 1 MB from the middle of the file, wherever BENCH_FILE_MB puts it.
const middle = Math.floor(Number(process.env.BENCH_FILE_MB ?? 100) / 2) * 1_048_576
const RANGE = { range: `bytes=${middle}-${middle + 1_048_575}` }

const s3 = await startTarget('s3-server.ts')
const local = await startTarget('media-app.ts', { STORAGE_URL: '' })
const bucket = await startTarget('media-app.ts', s3.env as Record<string, string>)
const base = await startTarget('static-file.ts', { BENCH_FILE: String(local.file) })
try {
  const series = async (url: string, headers: Record<string, string>) => {
    await measure({ url, method: 'GET', headers, connections, seconds: 2 })
    const all = []
    for (let i = 0; i < runs; i++) all.push(await measure({ url, method: 'GET', headers, connections, seconds }))
    return { mbps: median(all.map((r) => r.bytesPerSec)) / 1_048_576, rps: median(all.map((r) => r.reqPerSec)), p99: median(all.map((r) => r.p99)), bad: all.reduce((n, r) => n + r.errors + r.non2xx, 0) }
  }
  const proxyUrl = (app: typeof local) => `http://127.0.0.1:${app.port}/media-proxy/proxy_media?resource_addr=${encodeURIComponent('/bench/episode.mp3')}`
  const staticUrl = `http://127.0.0.1:${base.port}${String(base.path)}`
  const staticRes = await series(staticUrl, {})
  const localRes = await series(proxyUrl(local), { authorization: `Bearer ${local.token}` })
  const s3Res = await series(proxyUrl(bucket), { authorization: `Bearer ${bucket.token}` })
  const staticRange = await series(staticUrl, RANGE)
  const localRange = await series(proxyUrl(local), { authorization: `Bearer ${local.token}`, ...RANGE })
  const s3Range = await series(proxyUrl(bucket), { authorization: `Bearer ${bucket.token}`, ...RANGE })
  const ratio = localRes.mbps / staticRes.mbps
  const s3Ratio = s3Res.mbps / staticRes.mbps
  const row = (target: string, r: typeof staticRes, vs?: typeof staticRes, vsLocal?: typeof staticRes) => ({
    target,
    'MB/s': r.mbps.toFixed(0),
    'req/s': r.rps.toFixed(0),
    'p99 ms': r.p99,
    'errors+non2xx': r.bad,
    'vs static': vs ? (r.mbps / vs.mbps).toFixed(3) : '',
    'vs local proxy': vsLocal ? (r.mbps / vsLocal.mbps).toFixed(3) : '',
  })
  printTable([
    row('@fastify/static, whole file', staticRes),
    row('media proxy, local disk', localRes, staticRes),
    row('media proxy, S3 (s3rver)', s3Res, staticRes, localRes),
    row('@fastify/static, 1 MB range', staticRange),
    row('media proxy, local, 1 MB range', localRange, staticRange),
    row('media proxy, S3, 1 MB range', s3Range, staticRange, localRange),
  ])
  console.log(
    `RESULT static_mbps=${staticRes.mbps.toFixed(0)} proxy_mbps=${localRes.mbps.toFixed(0)} proxy_ratio=${ratio.toFixed(3)} s3_proxy_mbps=${s3Res.mbps.toFixed(0)} s3_proxy_ratio=${s3Ratio.toFixed(3)} s3_vs_local=${(s3Res.mbps / localRes.mbps).toFixed(3)} range_local_ratio=${(localRange.rps / staticRange.rps).toFixed(3)} range_s3_ratio=${(s3Range.rps / staticRange.rps).toFixed(3)} range_s3_p99_ms=${s3Range.p99}`,
  )
} finally {
  local.stop()
  bucket.stop()
  base.stop()
  s3.stop()
}
