import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { LIBRARY_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'

/**
 * Seeking on every host: a media host that ignores Range (always
 * 200, the whole file, no Accept-Ranges) still gets proper 206 answers
 * through the proxy, from a copy in the media cache.
 */

const MB = 1_048_576
const episode = randomBytes(4 * MB)
const files: Record<string, Buffer> = {
  '/episode.bin': episode,
  '/slow.bin': randomBytes(3 * MB),
  '/flaky.bin': randomBytes(3 * MB),
  '/changing.bin': randomBytes(2 * MB),
  '/unsatisfiable.bin': randomBytes(1 * MB),
  '/no-length.bin': randomBytes(1 * MB),
  '/one.bin': randomBytes(3 * MB),
  '/two.bin': randomBytes(3 * MB),
  '/big.bin': randomBytes(6 * MB),
  '/huge.bin': randomBytes(32 * MB),
}
let changingTag = '"v1"'
/** Requests each path of the range-ignoring host received, with their headers. */
const seen: Record<string, http.IncomingHttpHeaders[]> = {}
const hits = (p: string) => seen[p]?.length ?? 0
/** Per path, for each response once closed: whether the whole of it was sent. */
const sentWhole: Record<string, boolean[]> = {}
/** Bytes of /huge.bin handed to the socket before it closed. */
let hugeSent = 0
/** The next responses of /flaky.bin are cut after 1 MB, the connection dropped. */
let flakyCuts = 0
/** /slow.bin sends its first MB, then waits for this gate. */
let openSlowGate: () => void = () => undefined
const slowGate = new Promise<void>((resolve) => (openSlowGate = resolve))

/** A plain static server of the kind that breaks seeking: Range is ignored, every answer a 200 with the whole file. */
const ignoring = http.createServer((req, res) => {
  const p = new URL(req.url ?? '/', 'http://x').pathname
  ;(seen[p] ??= []).push(req.headers)
  res.on('close', () => (sentWhole[p] ??= []).push(res.writableFinished))
  const body = files[p]
  if (!body) return res.writeHead(404).end()
  if (p === '/changing.bin') {
    if (req.headers['if-none-match'] === changingTag) return res.writeHead(304, { etag: changingTag }).end()
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': body.length, etag: changingTag })
    return res.end(body)
  }
  if (p === '/no-length.bin') {
    res.writeHead(200, { 'content-type': 'audio/mpeg' })
    return res.end(body)
  }
  res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': body.length })
  if (p === '/flaky.bin' && flakyCuts > 0) {
    flakyCuts--
    return res.write(body.subarray(0, MB), () => res.destroy())
  }
  if (p === '/huge.bin') {
    // Written piece by piece as the reader takes it, as a real server streams a file.
    let off = 0
    const pump = () => {
      while (off < body.length) {
        const ok = res.write(body.subarray(off, off + 65536))
        off += 65536
        if (!ok) return void res.once('drain', pump)
      }
      res.end()
    }
    res.on('close', () => (hugeSent = off))
    return pump()
  }
  if (p === '/slow.bin') {
    res.write(body.subarray(0, MB))
    return void slowGate.then(() => res.end(body.subarray(MB)))
  }
  res.end(body)
})

/** A host that honours Range, as most do. */
const honouring = http.createServer((req, res) => {
  const m = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '')
  if (!m) return res.writeHead(200, { 'content-length': episode.length, 'accept-ranges': 'bytes' }).end(episode)
  const start = Number(m[1])
  const end = m[2] ? Number(m[2]) : episode.length - 1
  res.writeHead(206, { 'content-type': 'audio/mpeg', 'content-range': `bytes ${start}-${end}/${episode.length}`, 'content-length': end - start + 1, 'accept-ranges': 'bytes' })
  res.end(episode.subarray(start, end + 1))
})

const listen = (s: http.Server) => new Promise<number>((r) => s.listen(0, '127.0.0.2', () => r((s.address() as { port: number }).port)))
let ignoringBase = ''
let honouringBase = ''
const url = (p: string) => `${ignoringBase}${p}`

let t: TestApp
/** The same app with a 5 MB cache. */
let small: TestApp
let smallDir = ''
let alice: TestUser
let bob: TestUser
let aliceSmall: TestUser

beforeAll(async () => {
  ignoringBase = `http://127.0.0.2:${await listen(ignoring)}`
  honouringBase = `http://127.0.0.2:${await listen(honouring)}`
  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.2'] })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  const repo = createLibraryRepo(t.db.database.db)
  for (const p of Object.keys(files)) await repo.insert(alice.id, { title: p, audio: url(p) })
  await repo.insert(alice.id, { title: 'honouring', audio: `${honouringBase}/episode.bin` })

  smallDir = mkdtempSync(path.join(os.tmpdir(), 'media-cache-'))
  small = await buildTestApp({ fetchAllowHosts: ['127.0.0.2'], mediaCache: { dir: smallDir, maxBytes: 5 * MB, maxAgeMs: 86_400_000 } })
  aliceSmall = await createTestUser(small.db.database, 'alice@example.com')
  const smallRepo = createLibraryRepo(small.db.database.db)
  for (const p of ['/one.bin', '/two.bin', '/big.bin', '/huge.bin']) await smallRepo.insert(aliceSmall.id, { title: p, audio: url(p) })
})
afterAll(async () => {
  openSlowGate()
  await t?.close()
  await small?.close()
  rmSync(smallDir, { recursive: true, force: true })
  await new Promise((r) => ignoring.close(r))
  await new Promise((r) => honouring.close(r))
})

const proxy = (app: TestApp, u: TestUser, address: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url: `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(address)}`, headers: { ...u.auth, ...headers } })

const keyOf = (address: string) => createHash('sha256').update(address).digest('hex')
const cacheDir = (app: TestApp) => app.config.mediaCache.dir
const isCached = (app: TestApp, address: string) => existsSync(path.join(cacheDir(app), `${keyOf(address)}.json`))
const filesOf = (app: TestApp, address: string) => (existsSync(cacheDir(app)) ? readdirSync(cacheDir(app)).filter((n) => n.startsWith(keyOf(address))) : [])

async function until(condition: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

function expectRange(res: Awaited<ReturnType<typeof proxy>>, body: Buffer, start: number, end: number) {
  expect(res.statusCode).toBe(206)
  expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${body.length}`)
  expect(res.headers['accept-ranges']).toBe('bytes')
  expect(Number(res.headers['content-length'])).toBe(end - start + 1)
  expect(res.rawPayload.length).toBe(end - start + 1)
  expect(res.rawPayload.equals(body.subarray(start, end + 1))).toBe(true)
}

describe('a host that ignores Range', () => {
  const address = () => url('/episode.bin')

  it('answers 206 with exactly the bytes asked for on the very first request, then from the copy', async () => {
    const first = await proxy(t, alice, address(), { range: 'bytes=1000000-1000999' })
    expectRange(first, episode, 1_000_000, 1_000_999)
    expect(first.headers['content-type']).toBe('audio/mpeg')
    // The host was asked for the range, and ignored it.
    expect(seen['/episode.bin']?.[0]?.range).toBe('bytes=1000000-1000999')
    await until(() => isCached(t, address()), 'the copy')

    const again = await proxy(t, alice, address(), { range: 'bytes=1000000-1000999' })
    expectRange(again, episode, 1_000_000, 1_000_999)
    expect(hits('/episode.bin')).toBe(1)
  })

  it.each([
    ['a suffix range', 'bytes=-500', episode.length - 500, episode.length - 1],
    ['an open-ended range', `bytes=${episode.length - 10}-`, episode.length - 10, episode.length - 1],
    ['the whole file as a range', 'bytes=0-', 0, episode.length - 1],
    ['an end beyond the file', `bytes=4000000-${episode.length + 99}`, 4_000_000, episode.length - 1],
  ])('answers %s', async (_name, range, start, end) => {
    expectRange(await proxy(t, alice, address(), { range }), episode, start, end)
    expect(hits('/episode.bin')).toBe(1)
  })

  it('answers a request without Range with the whole file and says ranges are accepted', async () => {
    const res = await proxy(t, alice, address())
    expect(res.statusCode).toBe(200)
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.rawPayload.equals(episode)).toBe(true)
  })

  it('answers 416 for an unsatisfiable range, from the copy and before there is one', async () => {
    const cached = await proxy(t, alice, address(), { range: `bytes=${episode.length + 10}-` })
    expect(cached.statusCode).toBe(416)
    expect(cached.headers['content-range']).toBe(`bytes */${episode.length}`)

    const other = files['/unsatisfiable.bin']!
    const uncached = await proxy(t, alice, url('/unsatisfiable.bin'), { range: `bytes=${other.length}-` })
    expect(uncached.statusCode).toBe(416)
    expect(uncached.headers['content-range']).toBe(`bytes */${other.length}`)
  })

  it('answers ranges from the bytes already downloaded, and waits for the ones to come', async () => {
    const body = files['/slow.bin']!
    // The host has sent its first MB and stalls: a range inside it is answered now.
    const early = await proxy(t, alice, url('/slow.bin'), { range: 'bytes=1000-1999' })
    expectRange(early, body, 1000, 1999)
    expect(isCached(t, url('/slow.bin'))).toBe(false)
    // One past it waits for the download; so does a second reader, without a second fetch.
    const late = proxy(t, alice, url('/slow.bin'), { range: 'bytes=2500000-2500999' })
    const lateToo = proxy(t, alice, url('/slow.bin'), { range: 'bytes=-100' })
    let settled = false
    void late.then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 300))
    expect(settled).toBe(false)
    openSlowGate()
    expectRange(await late, body, 2_500_000, 2_500_999)
    expectRange(await lateToo, body, body.length - 100, body.length - 1)
    expect(hits('/slow.bin')).toBe(1)
    await until(() => isCached(t, url('/slow.bin')), 'the copy')
  })

  it('never serves a half-written copy: a transfer cut off leaves nothing, the next request fetches again', async () => {
    const body = files['/flaky.bin']!
    const address = url('/flaky.bin')
    flakyCuts = 1
    // The range lies past the cut: the answer cannot be completed.
    const cut = await proxy(t, alice, address, { range: 'bytes=2000000-2000999' }).catch((error: unknown) => error)
    // Nothing had been sent: the media host's failure. (Had bytes been sent, the response would be cut short.)
    expect(cut).not.toBeInstanceOf(Error)
    expect((cut as Awaited<ReturnType<typeof proxy>>).statusCode).toBe(502)
    expect((cut as Awaited<ReturnType<typeof proxy>>).json()).toEqual({ success: false, msg: LIBRARY_MSG.mediaUpstream })
    await until(() => filesOf(t, address).length === 0, 'the part file to go')
    expect(isCached(t, address)).toBe(false)

    const next = await proxy(t, alice, address, { range: 'bytes=2000000-2000999' })
    expectRange(next, body, 2_000_000, 2_000_999)
    expect(hits('/flaky.bin')).toBe(2)
    await until(() => isCached(t, address), 'the copy')
    const [data] = filesOf(t, address).filter((n) => n.endsWith('.media'))
    expect(statSync(path.join(cacheDir(t), data!)).size).toBe(body.length)
  })

  it('revalidates a copy older than the max age, and replaces it when the file changed', async () => {
    const address = url('/changing.bin')
    const v1 = files['/changing.bin']!
    expectRange(await proxy(t, alice, address, { range: 'bytes=0-99' }), v1, 0, 99)
    await until(() => isCached(t, address), 'the copy')
    expect(hits('/changing.bin')).toBe(1)

    // Fresh: not asked again.
    expectRange(await proxy(t, alice, address, { range: 'bytes=100-199' }), v1, 100, 199)
    expect(hits('/changing.bin')).toBe(1)

    const age = () => {
      const file = path.join(cacheDir(t), `${keyOf(address)}.json`)
      const meta = JSON.parse(readFileSync(file, 'utf8'))
      writeFileSync(file, JSON.stringify({ ...meta, fetchedAt: Date.now() - 2 * 86_400_000 }))
    }
    // Old and unchanged: one conditional request (304), served from the copy.
    age()
    expectRange(await proxy(t, alice, address, { range: 'bytes=200-299' }), v1, 200, 299)
    expect(hits('/changing.bin')).toBe(2)
    expect(seen['/changing.bin']?.[1]?.['if-none-match']).toBe('"v1"')
    expectRange(await proxy(t, alice, address, { range: 'bytes=300-399' }), v1, 300, 399)
    expect(hits('/changing.bin')).toBe(2)

    // Old and changed: the new file is served and copied.
    const v2 = randomBytes(v1.length + 1234)
    files['/changing.bin'] = v2
    changingTag = '"v2"'
    age()
    expectRange(await proxy(t, alice, address, { range: 'bytes=-1000' }), v2, v2.length - 1000, v2.length - 1)
    await until(() => isCached(t, address) && JSON.parse(readFileSync(path.join(cacheDir(t), `${keyOf(address)}.json`), 'utf8')).etag === '"v2"', 'the new copy')
    expectRange(await proxy(t, alice, address, { range: 'bytes=5-9' }), v2, 5, 9)
    expect(hits('/changing.bin')).toBe(3)
    expect(filesOf(t, address).filter((n) => n.endsWith('.media'))).toHaveLength(1)
  })

  it('answers the whole file when If-Range names another version', async () => {
    const res = await proxy(t, alice, url('/changing.bin'), { range: 'bytes=0-9', 'if-range': '"v1"' })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(files['/changing.bin']!)).toBe(true)
  })

  it('passes a host without Content-Length on as before (no range can be cut without the size)', async () => {
    const res = await proxy(t, alice, url('/no-length.bin'), { range: 'bytes=0-99' })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(files['/no-length.bin']!)).toBe(true)
    expect(isCached(t, url('/no-length.bin'))).toBe(false)
  })
})

describe('a host that honours Range', () => {
  it('still gets its own 206 passed on, and nothing is copied', async () => {
    const address = `${honouringBase}/episode.bin`
    const res = await proxy(t, alice, address, { range: 'bytes=1000000-1000999' })
    expectRange(res, episode, 1_000_000, 1_000_999)
    expect(filesOf(t, address)).toEqual([])
  })
})

describe("another user's media", () => {
  it('is refused as before, although a copy is cached, and the host is not asked', async () => {
    const before = hits('/episode.bin')
    expect(isCached(t, url('/episode.bin'))).toBe(true)
    const res = await proxy(t, bob, url('/episode.bin'), { range: 'bytes=1000000-1000999' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.mediaNotFound })
    expect(hits('/episode.bin')).toBe(before)
  })
})

describe('the cache size cap (5 MB here)', () => {
  const cachedBytes = () => readdirSync(smallDir).reduce((sum, n) => sum + statSync(path.join(smallDir, n)).size, 0)

  it('evicts the least recently used copy to make room', async () => {
    expectRange(await proxy(small, aliceSmall, url('/one.bin'), { range: 'bytes=1000000-1000999' }), files['/one.bin']!, 1_000_000, 1_000_999)
    await until(() => isCached(small, url('/one.bin')), 'the first copy')
    expectRange(await proxy(small, aliceSmall, url('/two.bin'), { range: 'bytes=1000000-1000999' }), files['/two.bin']!, 1_000_000, 1_000_999)
    await until(() => isCached(small, url('/two.bin')), 'the second copy')
    expect(isCached(small, url('/one.bin'))).toBe(false)
    expect(filesOf(small, url('/one.bin'))).toEqual([])
    expect(cachedBytes()).toBeLessThanOrEqual(5 * MB)

    // The evicted one is fetched again; the kept one is not.
    const [one, two] = [hits('/one.bin'), hits('/two.bin')]
    expectRange(await proxy(small, aliceSmall, url('/two.bin'), { range: 'bytes=-10' }), files['/two.bin']!, 3 * MB - 10, 3 * MB - 1)
    expect(hits('/two.bin')).toBe(two)
    expectRange(await proxy(small, aliceSmall, url('/one.bin'), { range: 'bytes=-10' }), files['/one.bin']!, 3 * MB - 10, 3 * MB - 1)
    expect(hits('/one.bin')).toBe(one + 1)
    await until(() => isCached(small, url('/one.bin')), 'the first copy again')
    expect(isCached(small, url('/two.bin'))).toBe(false)
    expect(cachedBytes()).toBeLessThanOrEqual(5 * MB)
  })

  it('serves a file bigger than the cap by reading past the bytes before the range, and never copies it', async () => {
    const big = files['/big.bin']!
    const before = hits('/big.bin')
    expectRange(await proxy(small, aliceSmall, url('/big.bin'), { range: 'bytes=5000000-5000999' }), big, 5_000_000, 5_000_999)
    expectRange(await proxy(small, aliceSmall, url('/big.bin'), { range: 'bytes=-100' }), big, big.length - 100, big.length - 1)
    expectRange(await proxy(small, aliceSmall, url('/big.bin'), { range: 'bytes=0-99' }), big, 0, 99)
    expect(hits('/big.bin')).toBe(before + 3)
    expect(filesOf(small, url('/big.bin'))).toEqual([])
    expect(isCached(small, url('/one.bin'))).toBe(true)
  })

  it('stops reading such a file once the range is out', async () => {
    const huge = files['/huge.bin']!
    expectRange(await proxy(small, aliceSmall, url('/huge.bin'), { range: 'bytes=100-199' }), huge, 100, 199)
    await until(() => sentWhole['/huge.bin']?.length === 1, 'the upstream response to close')
    expect(sentWhole['/huge.bin']).toEqual([false])
    expect(hugeSent).toBeLessThan(huge.length / 2)
    expect(filesOf(small, url('/huge.bin'))).toEqual([])
  })

  it('answers HEAD with the headers of the range and no body', async () => {
    const res = await small.app.inject({ method: 'HEAD', url: `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(url('/big.bin'))}`, headers: { ...aliceSmall.auth, range: 'bytes=10-19' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 10-19/${files['/big.bin']!.length}`)
    expect(res.rawPayload.length).toBe(0)
  })
})
