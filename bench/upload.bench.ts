import { createWriteStream, readFileSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { loadConfig } from '../apps/server/src/config'
import { createConfiguredStorage } from '../apps/server/src/lib/configured-storage'
import { wavHeader } from '../test/speech'
import { median, printTable, startTarget } from './harness'

/**
 * Uploading a 500 MB file through POST /storage/api/upload_file (multipart
 * parse, streamed temp file, fsync, ffprobe, tail decode, move, row) against
 * writing the same bytes to a file on the same disk with fsync, in the same
 * run. The server's RSS is sampled during the upload: it must stay flat.
 * Goals: throughput ratio >= 0.7; RSS growth far below the file size.
 * A second baseline is the ceiling of any upload here: the same request to a
 * bare Node server that only writes the body to disk (bench/targets/raw-upload.ts).
 * The same upload with STORAGE_URL pointing at an S3-protocol server (s3rver
 * on loopback, its own process) runs in the same loop: the stored move becomes
 * a multipart upload streamed from the temp file, and the RSS must stay flat
 * too (at most partSize x queueSize bytes of parts in flight).
 */
const megabytes = Number(process.env.BENCH_UPLOAD_MB ?? 500)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const total = megabytes * 1_048_576
const CHUNK = Buffer.alloc(1_048_576)

/** Writes the file's bytes (header, then silence) into `out`, respecting backpressure. */
async function writeMedia(out: Writable) {
  const write = (b: Buffer) => (out.write(b) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())))
  // 16 kHz mono silence: real media that ffprobe accepts, cheap to make.
  await write(wavHeader(total - 44, 16_000))
  let left = total - 44
  while (left > 0) {
    const n = Math.min(left, CHUNK.length)
    await write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))
    left -= n
  }
}

async function baseline(dir: string): Promise<number> {
  const file = path.join(dir, 'baseline.wav')
  const started = performance.now()
  const out = createWriteStream(file)
  await writeMedia(out)
  await new Promise<void>((r) => out.end(r))
  const handle = await open(file, 'r+')
  await handle.sync()
  await handle.close()
  const ms = performance.now() - started
  rmSync(file)
  return ms
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

async function upload(port: number, token: string, pid: number): Promise<{ ms: number; rssStart: number; rssMax: number; path: string }> {
  const boundary = '----lingocastbench'
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const rssStart = rssMb(pid)
  let rssMax = rssStart
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(pid))), 50)
  const started = performance.now()
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/storage/api/upload_file',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + total + tail.length) },
  })
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
  })
  req.write(head)
  await writeMedia(req)
  req.end(tail)
  const { status, body } = await answer
  const ms = performance.now() - started
  clearInterval(sampler)
  if (status !== 200) throw new Error(`upload answered ${status}: ${body}`)
  return { ms, rssStart, rssMax, path: (JSON.parse(body) as { storage_path: string }).storage_path }
}

const s3 = await startTarget('s3-server.ts')
const s3Env = s3.env as Record<string, string>
const app = await startTarget('upload-app.ts', { STORAGE_URL: '' })
const s3App = await startTarget('upload-app.ts', s3Env)
const raw = await startTarget('raw-upload.ts')
const dataDir = String(app.dataDir)
const bucket = await createConfiguredStorage(loadConfig({ DATA_DIR: dataDir, ...s3Env }), {})
try {
  const base: number[] = []
  const ceiling: number[] = []
  const up: Array<Awaited<ReturnType<typeof upload>>> = []
  const upS3: Array<Awaited<ReturnType<typeof upload>>> = []
  for (let i = 0; i < runs; i++) {
    base.push(await baseline(dataDir))
    ceiling.push((await upload(raw.port, 'none', Number(raw.pid))).ms)
    const r = await upload(app.port, app.token!, Number(app.pid))
    rmSync(path.join(dataDir, 'storage', r.path))
    up.push(r)
    const b = await upload(s3App.port, s3App.token!, Number(s3App.pid))
    await bucket.remove(b.path)
    upS3.push(b)
  }
  const mbps = (ms: number) => megabytes / (ms / 1000)
  const baseMbps = median(base.map(mbps))
  const upMbps = median(up.map((r) => mbps(r.ms)))
  const growth = median(up.map((r) => r.rssMax - r.rssStart))
  const ratio = upMbps / baseMbps
  const rawMbps = median(ceiling.map(mbps))
  const s3Mbps = median(upS3.map((r) => mbps(r.ms)))
  const s3Growth = median(upS3.map((r) => r.rssMax - r.rssStart))
  printTable([
    { target: `write ${megabytes} MB + fsync`, 'MB/s': baseMbps.toFixed(0) },
    { target: `bare HTTP body to disk (ceiling)`, 'MB/s': rawMbps.toFixed(0), 'vs write': (rawMbps / baseMbps).toFixed(3) },
    {
      target: `upload ${megabytes} MB`,
      'MB/s': upMbps.toFixed(0),
      'vs write': ratio.toFixed(3),
      'vs ceiling': (upMbps / rawMbps).toFixed(3),
      'RSS start MB': median(up.map((r) => r.rssStart)).toFixed(0),
      'RSS max MB': median(up.map((r) => r.rssMax)).toFixed(0),
      'RSS growth MB': growth.toFixed(1),
    },
    {
      target: `upload ${megabytes} MB to S3 (s3rver)`,
      'MB/s': s3Mbps.toFixed(0),
      'vs write': (s3Mbps / baseMbps).toFixed(3),
      'vs ceiling': (s3Mbps / rawMbps).toFixed(3),
      'vs local upload': (s3Mbps / upMbps).toFixed(3),
      'RSS start MB': median(upS3.map((r) => r.rssStart)).toFixed(0),
      'RSS max MB': median(upS3.map((r) => r.rssMax)).toFixed(0),
      'RSS growth MB': s3Growth.toFixed(1),
    },
  ])
  console.log(
    `RESULT write_mbps=${baseMbps.toFixed(0)} raw_http_mbps=${rawMbps.toFixed(0)} upload_mbps=${upMbps.toFixed(0)} upload_ratio=${ratio.toFixed(3)} upload_vs_raw_http=${(upMbps / rawMbps).toFixed(3)} rss_growth_mb=${growth.toFixed(1)} s3_upload_mbps=${s3Mbps.toFixed(0)} s3_upload_ratio=${(s3Mbps / baseMbps).toFixed(3)} s3_vs_local=${(s3Mbps / upMbps).toFixed(3)} s3_rss_growth_mb=${s3Growth.toFixed(1)}`,
  )
} finally {
  app.stop()
  s3App.stop()
  raw.stop()
  s3.stop()
  rmSync(String(s3App.dataDir), { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
}
