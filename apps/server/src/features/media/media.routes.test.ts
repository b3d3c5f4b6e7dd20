import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { LIBRARY_MSG, MSG, TOKEN_COOKIE } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { internalAddresses, OTHER_SCHEMES } from '../../../../../test/ssrf-matrix'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { DEMO_DIR } from '../library/demo-content'
import { createLibraryRepo } from '../library/library.repo'

const DEMO = '/demo/sense-and-sensibility.mp3'
const demoBytes = readFileSync(path.join(DEMO_DIR, 'sense-and-sensibility.mp3'))
const size = demoBytes.length

let t: TestApp
let alice: TestUser
let bob: TestUser
/** A remote media host on an allow-listed loopback address, honouring Range like a real one. */
let remote: http.Server
let remoteUrl = ''
/** The listener an SSRF would reach. */
let victim: http.Server
let victimHits = 0
let victimPort = 0

const listen = (s: http.Server, host: string) => new Promise<number>((r) => s.listen(0, host, () => r((s.address() as { port: number }).port)))

beforeAll(async () => {
  remote = http.createServer((req, res) => {
    const m = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '')
    if (m) {
      const start = Number(m[1])
      const end = m[2] ? Number(m[2]) : size - 1
      res.writeHead(206, { 'content-type': 'audio/mpeg', 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1, 'accept-ranges': 'bytes' })
      return res.end(demoBytes.subarray(start, end + 1))
    }
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': size, 'accept-ranges': 'bytes', 'set-cookie': 'tracker=1' })
    res.end(demoBytes)
  })
  remoteUrl = `http://127.0.0.2:${await listen(remote, '127.0.0.2')}/episode.mp3`
  victim = http.createServer((_q, s) => {
    victimHits++
    s.end('secret')
  })
  victimPort = await listen(victim, '127.0.0.1')

  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.2'] })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  for (const u of [alice, bob]) await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: u.auth })
  await createLibraryRepo(t.db.database.db).insert(alice.id, { title: 'Remote episode', audio: remoteUrl })
})
afterAll(async () => {
  await t?.close()
  await new Promise((r) => remote.close(r))
  await new Promise((r) => victim.close(r))
})

const proxy = (u: TestUser, address: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(address)}`, headers: { ...u.auth, ...headers } })

describe('segments', () => {
  it('serves the stored word-timed segments of a media address, sorted by start', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(DEMO)}`, headers: alice.auth })
    const { success, segments } = res.json()
    expect(success).toBe(true)
    expect(segments).toHaveLength(5)
    expect(segments.map((s: { start: number }) => s.start)).toEqual([...segments.map((s: { start: number }) => s.start)].sort((a, b) => a - b))
    expect(segments[1].text).toBe('He was not an ill-disposed young man,')
    expect(segments[1].word_timestamps[0]).toMatchObject({ word: 'He' })
    for (const s of segments) for (const w of s.word_timestamps) expect(w.start).toBeGreaterThanOrEqual(s.start)
  })

  it('serves the window around a play position', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/media-proxy/transcript?audio_url=${encodeURIComponent(DEMO)}&play_pos=20000`, headers: alice.auth })
    const segments = res.json().segments as Array<{ start: number; end: number }>
    expect(segments.length).toBeGreaterThan(0)
    for (const s of segments) {
      expect(s.end).toBeGreaterThan(15_000)
      expect(s.start).toBeLessThan(50_000)
    }
    expect(segments.some((s) => s.start <= 20_000 && s.end > 20_000)).toBe(true)
  })

  it('answers an empty list for media of the library that has no transcript yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(remoteUrl)}`, headers: alice.auth })
    expect(res.json()).toEqual({ success: true, segments: [], transcription: { status: 'none', progress: 0, confidence: 'aligned' } })
  })
})

describe('media proxy on stored files', () => {
  it('streams the whole file', async () => {
    const res = await proxy(alice, DEMO)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.rawPayload.equals(demoBytes)).toBe(true)
  })

  it.each([
    ['first bytes', 'bytes=0-99', 0, 99],
    ['middle', 'bytes=1000-1999', 1000, 1999],
    ['suffix', 'bytes=-500', size - 500, size - 1],
    ['open end', `bytes=${size - 10}-`, size - 10, size - 1],
  ])('answers a Range request (%s) with 206 and the exact bytes', async (_name, range, start, end) => {
    const res = await proxy(alice, DEMO, { range })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`)
    expect(res.rawPayload.equals(demoBytes.subarray(start, end + 1))).toBe(true)
  })

  it('answers 416 for a range beyond the end', async () => {
    const res = await proxy(alice, DEMO, { range: `bytes=${size + 10}-` })
    expect(res.statusCode).toBe(416)
    expect(res.headers['content-range']).toBe(`bytes */${size}`)
  })

  it('takes the Token cookie, since <audio> sends no headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(DEMO)}`, cookies: { [TOKEN_COOKIE]: alice.token }, headers: { range: 'bytes=0-9' } })
    expect(res.statusCode).toBe(206)
    expect((await t.app.inject({ method: 'GET', url: `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(DEMO)}` })).json()).toEqual({ success: false, msg: MSG.tokenNotFound })
  })
})

describe('media proxy on remote addresses', () => {
  it('streams through the SSRF-safe fetch, forwarding Range and only the media headers', async () => {
    const res = await proxy(alice, remoteUrl, { range: 'bytes=10-19' })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 10-19/${size}`)
    expect(res.rawPayload.equals(demoBytes.subarray(10, 20))).toBe(true)
    const whole = await proxy(alice, remoteUrl)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['set-cookie']).toBeUndefined()
    expect(whole.rawPayload.length).toBe(size)
  })

  it('refuses every address of the SSRF matrix, even when it is in the library', async () => {
    const repo = createLibraryRepo(t.db.database.db)
    const matrix = [...internalAddresses(victimPort, '/a.mp3'), ...OTHER_SCHEMES]
    for (const address of matrix) {
      await repo.insert(alice.id, { title: 'hostile', audio: address })
      const res = await proxy(alice, address)
      expect(res.statusCode, address).toBe(400)
      expect(res.json().success).toBe(false)
    }
    expect(victimHits).toBe(0)
  })
})

describe("another user's media", () => {
  it('is not found through the proxy or the transcript reads', async () => {
    for (const url of [
      `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(remoteUrl)}`,
      `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(remoteUrl)}`,
      `/media-proxy/transcript?audio_url=${encodeURIComponent(remoteUrl)}&play_pos=0`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bob.auth })
      expect(res.statusCode, url).toBe(404)
      expect([LIBRARY_MSG.mediaNotFound, LIBRARY_MSG.transcriptNotFound]).toContain(res.json().msg)
    }
  })

  it('cannot reach stored files outside the library by path tricks', async () => {
    for (const address of ['/demo/../../package.json', '/etc/passwd', '/demo/sense-and-sensibility.segments.json']) {
      expect((await proxy(alice, address)).statusCode, address).toBe(404)
    }
  })
})
