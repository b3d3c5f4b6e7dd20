import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { LIBRARY_MSG } from '@lingocast/contract'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLibraryRepo } from '../../apps/server/src/features/library/library.repo'
import { buildTestApp, type TestApp } from '../app'
import { BEHAVIOURS, startHostileHost, type Behaviour, type HostileHost } from '../hostile-host'
import { createTestUser, type TestUser } from '../users'
import { get } from './fetch-client'

/**
 * The media proxy and its cache fill against every way a media host misbehaves. The learner seeks
 * (a Range request) at once, as a player does when an episode is opened at a saved position: the
 * answer is the right bytes or a clear failure, the process keeps serving, and no partial file is
 * ever kept as a copy.
 */

const episode = randomBytes(200 * 1024)
const SEEK = { start: 100_000, end: 100_999 }
let host: HostileHost
let t: TestApp
let base = ''
let alice: TestUser

beforeAll(async () => {
  host = await startHostileHost({ content: (p) => (p === '/episode.mp3' ? { type: 'audio/mpeg', body: episode } : undefined), trickleMs: 300 })
  t = await buildTestApp({
    fetchAllowHosts: ['127.0.0.1'],
    outbound: { headersTimeoutMs: 1000, bodyTimeoutMs: 1000, lowSpeed: { bytesPerSecond: 1024, windowMs: 1500 } },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  alice = await createTestUser(t.db.database, 'alice@example.com')
  const repo = createLibraryRepo(t.db.database.db)
  for (const b of ['ok', ...BEHAVIOURS]) await repo.insert(alice.id, { title: b, audio: `${host.base(b as Behaviour)}/episode.mp3` })
})
afterAll(async () => {
  await t?.close()
  await host?.close()
})

const proxied = (b: Behaviour | 'ok') => `${base}/media-proxy/proxy_media?resource_addr=${encodeURIComponent(`${host.base(b)}/episode.mp3`)}`
const seek = (b: Behaviour | 'ok', range = `bytes=${SEEK.start}-${SEEK.end}`) => get(proxied(b), { ...alice.auth, range }, { maxBytes: 2 * 1024 * 1024 })
const cacheFiles = () => (existsSync(t.config.mediaCache.dir) ? readdirSync(t.config.mediaCache.dir) : [])
/** Files of the copy of behaviour b's episode (its description and data). */
const copyOf = (b: Behaviour) => {
  const key = createHash('sha256').update(`${host.base(b)}/episode.mp3`).digest('hex')
  return cacheFiles().filter((f) => f.startsWith(key))
}

async function settle() {
  // The copy's download runs on after the answer: wait until none is in flight.
  await expect.poll(() => cacheFiles().some((f) => f.endsWith('.part')), { timeout: 10_000 }).toBe(false)
}

const seekRight = (answer: Awaited<ReturnType<typeof seek>>, size = episode.length) => {
  expect(answer.status).toBe(206)
  expect(answer.headers['content-range']).toBe(`bytes ${SEEK.start}-${SEEK.end}/${size}`)
  expect(answer.body.equals(episode.subarray(SEEK.start, SEEK.end + 1))).toBe(true)
}

/** A failure the learner can tell from a short file: an error status with the proxy's words, or a body cut short. */
const failedClearly = (answer: Awaited<ReturnType<typeof seek>>) => {
  if (answer.status >= 400) {
    expect(answer.status).toBeLessThan(600)
    expect(JSON.parse(answer.body.toString()).msg).toMatch(new RegExp(`${LIBRARY_MSG.mediaUpstream}|Too many redirects`))
  } else expect(answer.complete).toBe(false)
}

describe('the media proxy against hostile media hosts', () => {
  afterEach(async () => {
    await settle()
    // The process is still serving.
    expect((await get(`${base}/healthz`)).status).toBe(200)
  })

  it('ok: a seek is answered from a copy', async () => {
    seekRight(await seek('ok'))
  })

  it.each(['http10-static', 'paused-early-close'] as const)('%s: the seek answers 206 with the right bytes, and the copy is kept whole', async (b) => {
    seekRight(await seek(b))
    await settle()
    // A second seek is answered from the copy: the host is not asked again.
    const asked = host.requests.filter((r) => r.behaviour === b).length
    seekRight(await seek(b))
    expect(host.requests.filter((r) => r.behaviour === b).length).toBe(asked)
  })

  it('http10-close: a body without a length is passed on whole (no range can be cut without a size)', async () => {
    const answer = await get(proxied('http10-close'), { ...alice.auth, range: 'bytes=0-' })
    expect(answer.status).toBe(200)
    expect(answer.body.equals(episode)).toBe(true)
  })

  it('length-longer: a seek into the bytes that never come fails, and nothing is kept', async () => {
    failedClearly(await seek('length-longer', 'bytes=-100'))
    await settle()
    expect(copyOf('length-longer')).toEqual([])
  })

  it('length-shorter: the announced bytes are the file', async () => {
    const announced = episode.length - Math.ceil(episode.length / 3)
    seekRight(await seek('length-shorter'), announced)
  })

  it.each(['broken-chunked', 'trickle-headers', 'trickle-body', 'reset-mid-body', 'redirect-loop'] as const)('%s: the seek fails clearly, within seconds', async (b) => {
    const range = b === 'reset-mid-body' ? `bytes=${episode.length - 1000}-` : undefined
    const started = Date.now()
    failedClearly(await seek(b, range))
    expect(Date.now() - started).toBeLessThan(10_000)
    await settle()
    expect(copyOf(b)).toEqual([])
  })

  it('endless-body: the learner stops reading and the proxy lets go of the host', async () => {
    const answer = await get(proxied('endless-body'), alice.auth, { maxBytes: 1024 * 1024 })
    expect(answer.status).toBe(200)
    expect(answer.complete).toBe(false)
    await expect.poll(() => host.openSockets(), { timeout: 10_000 }).toBe(0)
  })

  it('oversized-body: a 4 GiB file is never copied; the range is cut out of the stream and the host let go', async () => {
    const answer = await seek('oversized-body')
    expect(answer.status).toBe(206)
    expect(answer.headers['content-range']).toBe(`bytes ${SEEK.start}-${SEEK.end}/${4 * 1024 ** 3}`)
    expect(answer.body.equals(episode.subarray(SEEK.start, SEEK.end + 1))).toBe(true)
    await expect.poll(() => host.openSockets(), { timeout: 10_000 }).toBe(0)
  })

  it('gzip-bomb: the compressed bytes are never inflated by the server', async () => {
    const before = process.memoryUsage().rss
    const answer = await get(proxied('gzip-bomb'), alice.auth, { maxBytes: 64 * 1024 * 1024 })
    expect(answer.status).toBe(200)
    expect(answer.body.length).toBeLessThan(16 * 1024 * 1024)
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024)
  })

  it('every behaviour above was tried against the proxy', () => {
    expect(new Set(host.requests.map((r) => r.behaviour))).toEqual(new Set(['ok', ...BEHAVIOURS]))
  })
})
