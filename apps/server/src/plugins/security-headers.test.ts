import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { TOKEN_COOKIE } from '@lingocast/contract'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../test/app'
import { createTestUser, type TestUser } from '../../../../test/users'
import { createLibraryRepo } from '../features/library/library.repo'
import { securityHeaders } from './security-headers'

let t: TestApp
let alice: TestUser
let consoleDir: string
let host: http.Server
let hostBase = ''
let hashId = ''

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

beforeAll(async () => {
  consoleDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-console-'))
  mkdirSync(path.join(consoleDir, 'assets'))
  writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console index</title>')
  writeFileSync(path.join(consoleDir, 'assets', 'app-abc123.js'), 'console.log(1)')
  // A remote host on loopback: an image, and "media" that is really a web page.
  host = http.createServer((req, res) => {
    if (req.url === '/cover.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    if (req.url === '/episode.mp3') return res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(document.cookie)</script>')
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => host.listen(0, '127.0.0.2', r))
  hostBase = `http://127.0.0.2:${(host.address() as { port: number }).port}`

  t = await buildTestApp({ consoleDir, fetchAllowHosts: ['127.0.0.2'] })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  mkdirSync(path.join(t.config.storageDir, 'alice'), { recursive: true })
  writeFileSync(path.join(t.config.storageDir, 'alice', 'cover.png'), PNG)
  const repo = createLibraryRepo(t.db.database.db)
  hashId = (await repo.insert(alice.id, { title: 'Remote', audio: `${hostBase}/episode.mp3`, thumbnail: '/alice/cover.png' })).hashId
}, 60_000)
afterAll(async () => {
  await t?.close()
  await new Promise((r) => host?.close(r))
  if (consoleDir) rmSync(consoleDir, { recursive: true, force: true })
})

type Headers = Record<string, string | string[] | number | undefined>

/** The CSP as a map of directive to its sources. */
function csp(headers: Headers): Map<string, string[]> {
  const value = String(headers['content-security-policy'] ?? '')
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  )
}

/** What every response carries, page or data. */
function expectCommonHeaders(headers: Headers, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(headers['x-frame-options'], what).toBe('DENY')
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin')
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin')
  expect(headers['cross-origin-embedder-policy'], what).toBeUndefined()
  expect(headers['x-powered-by'], what).toBeUndefined()
  // Plain http: no HSTS, no upgrade (it would break http://localhost).
  expect(headers['strict-transport-security'], what).toBeUndefined()
  expect(csp(headers).get('frame-ancestors'), what).toEqual(["'none'"])
  expect(csp(headers).has('upgrade-insecure-requests'), what).toBe(false)
}

/** Data (API, files, proxies) opened as a document runs and loads nothing. */
function expectDataCsp(headers: Headers, what: string) {
  expectCommonHeaders(headers, what)
  const policy = csp(headers)
  expect(policy.get('default-src'), what).toEqual(["'none'"])
  expect(policy.has('sandbox'), what).toBe(true)
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...alice.auth, ...headers } })

describe('security headers', () => {
  it('the console (index, deep links, assets) gets the console policy: own scripts and YouTube, no inline script, nothing remote but YouTube', async () => {
    for (const url of ['/console/', '/console/feeds', '/console/login?token=x', '/console/assets/app-abc123.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode, url).toBe(200)
      expectCommonHeaders(res.headers, url)
      const policy = csp(res.headers)
      expect(policy.get('default-src'), url).toEqual(["'self'"])
      expect(policy.get('script-src'), url).toEqual(["'self'", 'https://www.youtube.com'])
      expect(policy.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"])
      expect(policy.get('img-src'), url).toEqual(["'self'"])
      expect(policy.get('media-src'), url).toEqual(["'self'", 'blob:'])
      // The API, and AnkiConnect on the learner's machine (Send to Anki), nothing else.
      expect(policy.get('connect-src'), url).toEqual(["'self'", 'http://127.0.0.1:8765', 'http://localhost:8765'])
      // The service worker and the manifest: the console's own files only.
      expect(policy.get('worker-src'), url).toEqual(["'self'"])
      expect(policy.get('manifest-src'), url).toEqual(["'self'"])
      expect(policy.get('frame-src'), url).toEqual(['https://www.youtube.com', 'https://www.youtube-nocookie.com'])
      expect(policy.get('object-src'), url).toEqual(["'none'"])
      expect(policy.get('base-uri'), url).toEqual(["'self'"])
      expect(policy.get('form-action'), url).toEqual(["'self'"])
      expect(policy.get('script-src-attr'), url).toEqual(["'none'"])
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval|\*/)
    }
    for (const url of ['/', '/console']) expectCommonHeaders((await t.app.inject({ method: 'GET', url })).headers, url)
  })

  it('API answers, errors and 404s carry them', async () => {
    const list = await get('/english_vocab/api/word_collections')
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toMatch(/^application\/json/)
    expectDataCsp(list.headers, 'word_collections')
    const anonymous = await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections' })
    expect(anonymous.statusCode).toBe(401)
    expectDataCsp(anonymous.headers, '401')
    const missing = await get('/english_vocab/api/no-such-route')
    expect(missing.statusCode).toBe(404)
    expectDataCsp(missing.headers, '404')
    // Refused by the input guard before any route runs.
    const nul = await get('/english_vocab/api/word_collections?x=%00')
    expect(nul.statusCode).toBe(400)
    expectDataCsp(nul.headers, 'NUL')
  })

  it('notes text carries them', async () => {
    const put = await t.app.inject({ method: 'PUT', url: `/storage/api/config/${hashId}_outline.txt`, headers: { ...alice.auth, 'content-type': 'text/plain' }, payload: '<script>alert(1)</script>' })
    expect(put.statusCode).toBe(200)
    const notes = await get(`/storage/api/config/${hashId}_outline.txt`)
    expect(notes.statusCode).toBe(200)
    expect(notes.headers['content-type']).toMatch(/^text\/plain/)
    expectDataCsp(notes.headers, 'notes')
  })

  it('stored files, the image proxy and the media proxy carry them (streamed replies included)', async () => {
    const stored = await t.app.inject({ method: 'GET', url: '/storage/api/jump/alice/cover.png', cookies: { [TOKEN_COOKIE]: alice.token } })
    expect(stored.statusCode).toBe(200)
    expect(stored.headers['content-type']).toBe('image/png')
    expectDataCsp(stored.headers, 'stored file')
    const ranged = await get('/storage/api/jump/alice/cover.png', { range: 'bytes=0-3' })
    expect(ranged.statusCode).toBe(206)
    expectDataCsp(ranged.headers, 'stored file range')

    const image = await get(`/media-proxy/thumbnail-image?size=180&address=${encodeURIComponent(`${hostBase}/cover.png`)}`)
    expect(image.statusCode).toBe(200)
    expectDataCsp(image.headers, 'thumbnail proxy')

    // Upstream "media" that is HTML: still sandboxed, no script can run in our origin.
    const media = await get(`/media-proxy/proxy_media?resource_addr=${encodeURIComponent(`${hostBase}/episode.mp3`)}`)
    expect(media.statusCode).toBe(200)
    expect(media.headers['content-type']).toBe('text/html')
    expectDataCsp(media.headers, 'media proxy')
  })

  it('behind TLS (PUBLIC_URL https) adds HSTS and upgrade-insecure-requests', async () => {
    const app = Fastify()
    await app.register(securityHeaders, { publicUrl: 'https://lingocast.example.com' })
    app.get('/console/', async () => 'page')
    app.get('/api', async () => ({ ok: true }))
    const page = await app.inject({ method: 'GET', url: '/console/' })
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(csp(page.headers).has('upgrade-insecure-requests')).toBe(true)
    expect(csp(page.headers).get('script-src')).toEqual(["'self'", 'https://www.youtube.com'])
    const api = await app.inject({ method: 'GET', url: '/api' })
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(api.headers['x-content-type-options']).toBe('nosniff')
    await app.close()
  })
})
