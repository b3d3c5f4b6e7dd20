import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PermanentJobError } from '../../apps/server/src/features/jobs/job-runner'
import { downloadMedia } from '../../apps/server/src/features/jobs/download-media'
import { createSafeFetch, type SafeFetch } from '../../apps/server/src/lib/safe-fetch'
import { buildTestApp, type TestApp } from '../app'
import { ARRIVES_WHOLE, BEHAVIOURS, startHostileHost, type HostileHost } from '../hostile-host'
import { createTestUser, type TestUser } from '../users'

/**
 * The downloads the jobs make (an episode fetched for transcription, the media a card's clip is cut
 * from) and the thumbnail proxy, against every way a host misbehaves: the whole file, or a clear
 * failure with nothing partial kept, within seconds, and the process serving on.
 */

const OUTBOUND = { headersTimeoutMs: 1000, bodyTimeoutMs: 1000, lowSpeed: { bytesPerSecond: 1024, windowMs: 1500 } }
const episode = randomBytes(300 * 1024)
let image: Buffer
let host: HostileHost
let safeFetch: SafeFetch
let dir = ''

beforeAll(async () => {
  // Noise does not compress: a PNG over 64 KiB, so even the paused-body case sends the image as it is.
  image = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } }).png().toBuffer()
  host = await startHostileHost({
    trickleMs: 300,
    content: (p) => (p === '/episode.mp3' ? { type: 'audio/mpeg', body: episode } : p === '/cover.png' ? { type: 'image/png', body: image } : undefined),
  })
  safeFetch = createSafeFetch({ allowHosts: ['127.0.0.1'], ...OUTBOUND })
  dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-downloads-'))
})
afterAll(async () => {
  await safeFetch?.close()
  await host?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('an episode downloaded for transcription or a card clip', () => {
  const MAX = 2 * 1024 * 1024

  it.each(BEHAVIOURS)('%s', async (b) => {
    const file = path.join(dir, `${b}.mp3`)
    const started = Date.now()
    const download = downloadMedia(safeFetch, `${host.base(b)}/episode.mp3`, file, MAX, AbortSignal.timeout(20_000))
    if (ARRIVES_WHOLE.has(b)) {
      await download
      expect(readFileSync(file).equals(episode)).toBe(true)
    } else if (b === 'length-shorter') {
      await download
      // The announced bytes are the file in HTTP's terms; ffmpeg says later whether they are media.
      expect(statSync(file).size).toBe(episode.length - Math.ceil(episode.length / 3))
    } else if (b === 'endless-body' || b === 'oversized-body') {
      await expect(download).rejects.toBeInstanceOf(PermanentJobError)
      await expect(download).rejects.toThrow('The media is larger than 2 MB.')
    } else if (b === 'gzip-bomb') {
      // Never inflated: the compressed bytes are what is written (and ffmpeg refuses them as media).
      await download
      expect(statSync(file).size).toBeLessThan(4 * 1024 * 1024)
    } else await expect(download).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(10_000)
    await expect.poll(() => host.openSockets(), { timeout: 5000 }).toBe(0)
  })
})

describe('the thumbnail proxy', () => {
  let t: TestApp
  let alice: TestUser
  beforeAll(async () => {
    t = await buildTestApp({ fetchAllowHosts: ['127.0.0.1'], outbound: OUTBOUND })
    alice = await createTestUser(t.db.database, 'alice@example.com')
  })
  afterAll(async () => t?.close())
  afterEach(async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })

  it.each(BEHAVIOURS)('%s', async (b) => {
    const res = await t.app.inject({ method: 'GET', url: `/media-proxy/thumbnail-image?size=64&address=${encodeURIComponent(`${host.base(b)}/cover.png`)}`, headers: alice.auth })
    if (ARRIVES_WHOLE.has(b)) {
      expect(res.statusCode).toBe(200)
      expect((await sharp(res.rawPayload).metadata()).width).toBe(64)
      return
    }
    // Never a 500: the host's failure (502), a refusal of what it sent (400, 413), or the redirect loop (400).
    expect([400, 413, 502]).toContain(res.statusCode)
    expect(res.json().msg).toMatch(/image|larger than|redirects/i)
  })
})

describe('stopping while a host holds a body', () => {
  it('cuts what is in flight after a moment, so the shutdown is not held', async () => {
    const fetcher = createSafeFetch({ allowHosts: ['127.0.0.1'], headersTimeoutMs: 60_000, bodyTimeoutMs: 60_000 })
    const res = await fetcher.fetch(`${host.base('trickle-body')}/episode.mp3`)
    const reading = (async () => {
      for await (const _ of res.body) void _
    })()
    const started = Date.now()
    await fetcher.close(300)
    expect(Date.now() - started).toBeLessThan(3000)
    await expect(reading).rejects.toThrow()
  })
})
