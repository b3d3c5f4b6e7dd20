import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { MSG, TOKEN_COOKIE } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, form, type TestApp } from '../../../../test/app'
import { startSmtpServer, type SmtpServer } from '../../../../test/smtp'
import { asPartOfPage } from './auth-guard'

let t: TestApp
let smtp: SmtpServer
let consoleDir: string
let token: string

beforeAll(async () => {
  consoleDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-console-'))
  mkdirSync(path.join(consoleDir, 'assets'))
  writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console index</title>')
  writeFileSync(path.join(consoleDir, 'assets', 'app-abc123.js'), 'console.log(1)')
  smtp = await startSmtpServer()
  t = await buildTestApp(
    { consoleDir, smtpUrl: smtp.url },
    {
      extend(app) {
        app.get('/test/boom', async () => {
          throw new Error('secret database detail')
        })
        app.get('/test/private', { preHandler: app.requireUser }, async (req) => ({ user: req.user.username }))
        app.get('/test/media', { preHandler: app.requireUser, config: { cookieAuth: true } }, async (req) => ({ user: req.user.username }))
        app.post('/test/media', { preHandler: app.requireUser, config: { cookieAuth: true } }, async (req) => ({ user: req.user.username }))
      },
    },
  )
  await t.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', payload: { email: 'guard@example.com' } })
  const res = await t.app.inject({ method: 'POST', url: '/user/api/loginByEmail', ...form({ email: 'guard@example.com', code: await smtp.codeFor('guard@example.com') }) })
  token = res.json().token
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
  rmSync(consoleDir, { recursive: true, force: true })
})

const html = { accept: 'text/html,application/xhtml+xml' }

describe('console static and redirects', () => {
  it('redirects / to /console and /console to /console/', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' })
    expect(root.statusCode).toBe(302)
    expect(root.headers.location).toBe('/console')
    expect((await t.app.inject({ method: 'GET', url: '/console' })).headers.location).toBe('/console/')
  })

  it('serves index.html for the console and for deep links the browser navigates to', async () => {
    for (const url of ['/console/', '/console/feeds', '/console/player/video/abc', '/console/login?token=x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('console index')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it("names the opened screen's code in its index.html when the build lists it, and only that screen's", async () => {
    writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><head><title>console index</title></head><body></body>')
    const table = [
      { path: '/player/:mediaType/:id', files: ['assets/PlayerScreen-p1.js', 'assets/hooks-h1.js'] },
      { path: '/login', files: ['assets/LoginScreen-l1.js'] },
    ]
    writeFileSync(path.join(consoleDir, 'route-preloads.json'), JSON.stringify(table))
    try {
      const player = await t.app.inject({ method: 'GET', url: '/console/player/video/abc?t=3', headers: html })
      expect(player.statusCode).toBe(200)
      expect(player.headers['content-type']).toMatch(/^text\/html/)
      expect(player.headers['cache-control']).toBe('no-cache')
      expect(player.body).toContain('<title>console index</title><link rel="modulepreload" crossorigin href="/console/assets/PlayerScreen-p1.js"><link rel="modulepreload" crossorigin href="/console/assets/hooks-h1.js"></head>')
      expect(player.body).not.toContain('LoginScreen')
      const login = await t.app.inject({ method: 'GET', url: '/console/login', headers: html })
      expect(login.body).toContain('href="/console/assets/LoginScreen-l1.js"')
      expect(login.body).not.toContain('PlayerScreen')
      // A path no route names: the page as built.
      const other = await t.app.inject({ method: 'GET', url: '/console/no/such/screen', headers: html })
      expect(other.body).toBe('<!doctype html><head><title>console index</title></head><body></body>')
    } finally {
      rmSync(path.join(consoleDir, 'route-preloads.json'))
      writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console index</title>')
    }
  })

  it("puts the opened screen's first frame in the page: a signed-in screen only with a session cookie, compressed when asked", async () => {
    const page = '<!doctype html><head><title>console index</title></head><body><div id="root"><!--shell--><span>spinner</span><!--/shell--></div></body>'
    writeFileSync(path.join(consoleDir, 'index.html'), page)
    const feedFrame = `<main><h1>My Feed</h1>${'<p>New episodes from your channels.</p>'.repeat(60)}</main>`
    const shells = [
      { path: '/login', signedIn: false, html: '<main><h1>Sign in to study</h1></main>' },
      { path: '/feeds', signedIn: true, html: feedFrame },
    ]
    writeFileSync(path.join(consoleDir, 'route-shells.json'), JSON.stringify(shells))
    try {
      const cookie = `${TOKEN_COOKIE}=anything`
      const feeds = await t.app.inject({ method: 'GET', url: '/console/feeds', headers: { ...html, cookie } })
      expect(feeds.statusCode).toBe(200)
      expect(feeds.body).toContain(`<div id="root"><!--shell-->${feedFrame}<!--/shell--></div>`)
      expect(feeds.body).not.toContain('spinner')
      expect(feeds.headers.vary).toMatch(/Cookie/)
      // No session: the spinner, never a learner's screen (the console sends the visitor to the login).
      const anonymous = await t.app.inject({ method: 'GET', url: '/console/feeds', headers: html })
      expect(anonymous.body).toBe(page)
      const login = await t.app.inject({ method: 'GET', url: '/console/login', headers: html })
      expect(login.body).toContain('<!--shell--><main><h1>Sign in to study</h1></main><!--/shell-->')
      // A screen the build has no frame of keeps the spinner.
      expect((await t.app.inject({ method: 'GET', url: '/console/discover', headers: { ...html, cookie } })).body).toBe(page)
      // The page with its frame is about 2.6 KB here: sent compressed when the browser asks, plain when not.
      const brotli = await t.app.inject({ method: 'GET', url: '/console/feeds', headers: { ...html, cookie, 'accept-encoding': 'br' } })
      expect(brotli.headers['content-encoding']).toBe('br')
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(feeds.body)
      expect(brotli.rawPayload.length).toBeLessThan(feeds.rawPayload.length / 4)
      expect(feeds.headers['content-encoding']).toBeUndefined()
      // A rebuild while the server runs is served as built.
      writeFileSync(path.join(consoleDir, 'route-shells.json'), JSON.stringify([{ path: '/feeds', signedIn: true, html: '<main>rebuilt</main>' }]))
      expect((await t.app.inject({ method: 'GET', url: '/console/feeds', headers: { ...html, cookie } })).body).toContain('<!--shell--><main>rebuilt</main><!--/shell-->')
    } finally {
      rmSync(path.join(consoleDir, 'route-shells.json'))
      writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console index</title>')
    }
  })

  it('serves the service worker and the manifest with their types, and the worker with no-cache so that a new version is found', async () => {
    writeFileSync(path.join(consoleDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(path.join(consoleDir, 'manifest.webmanifest'), '{"name":"Lingocast"}')
    try {
      const sw = await t.app.inject({ method: 'GET', url: '/console/sw.js', headers: { accept: '*/*', 'service-worker': 'script' } })
      expect(sw.statusCode).toBe(200)
      expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/)
      expect(sw.headers['cache-control']).toBe('no-cache')
      const manifest = await t.app.inject({ method: 'GET', url: '/console/manifest.webmanifest' })
      expect(manifest.statusCode).toBe(200)
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/)
    } finally {
      rmSync(path.join(consoleDir, 'sw.js'))
      rmSync(path.join(consoleDir, 'manifest.webmanifest'))
    }
  })

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/assets/app-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('answers JSON 404s for API paths, non-HTML requests and missing assets', async () => {
    const cases = [
      { method: 'GET' as const, url: '/english_vocab/api/unknown', headers: html },
      { method: 'GET' as const, url: '/console/feeds', headers: { accept: 'application/json' } },
      { method: 'POST' as const, url: '/console/feeds', headers: html },
      { method: 'GET' as const, url: '/console/assets/missing.js', headers: { accept: '*/*' } },
      // A browser checking for a new service worker, or opening a missing file: never the page in its place.
      { method: 'GET' as const, url: '/console/sw.js', headers: { accept: '*/*', 'service-worker': 'script' } },
      { method: 'GET' as const, url: '/console/sw.js', headers: html },
      { method: 'GET' as const, url: '/console/manifest.webmanifest?v=2', headers: html },
      { method: 'GET' as const, url: '/favicon.ico', headers: html },
    ]
    for (const c of cases) {
      const res = await t.app.inject(c)
      expect(res.statusCode, c.url).toBe(404)
      expect(res.json()).toEqual({ success: false, msg: MSG.notFound })
    }
  })
})

describe('error handler', () => {
  it('hides 5xx details behind a request id that is also sent as a header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/boom' })
    expect(res.statusCode).toBe(500)
    const body = res.json()
    expect(body.success).toBe(false)
    expect(body.msg).not.toContain('secret')
    expect(body.msg).toContain(res.headers['x-request-id'] as string)
  })

  it('answers malformed and oversized bodies with a 4xx in the spec shape', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', headers: { 'content-type': 'application/json' }, payload: '{"email":' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().success).toBe(false)
    const big = await t.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }) })
    expect(big.statusCode).toBe(413)
    expect(big.json().success).toBe(false)
  })
})

describe('auth guard', () => {
  it('asks for a token in the spec words, refuses a bad one, accepts a good one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/test/private' })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ success: false, msg: MSG.tokenNotFound })
    const bad = await t.app.inject({ method: 'GET', url: '/test/private', headers: { authorization: 'Bearer nope' } })
    expect(bad.json()).toEqual({ success: false, msg: MSG.invalidToken })
    const good = await t.app.inject({ method: 'GET', url: '/test/private', headers: { authorization: `Bearer ${token}` } })
    expect(good.json()).toEqual({ user: 'guard' })
  })

  it('takes the Token cookie only on media GET routes', async () => {
    const cookies = { [TOKEN_COOKIE]: token }
    expect((await t.app.inject({ method: 'GET', url: '/test/media', cookies })).json()).toEqual({ user: 'guard' })
    expect((await t.app.inject({ method: 'GET', url: '/test/private', cookies })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/test/media', cookies })).statusCode).toBe(401)
  })

  it("a server-rendered page's own calls are its learner's; a call with any other token, or from outside the page, is looked up as ever", async () => {
    // The session the page looked up when it was asked for (decision 0023).
    const page = { token, user: { id: -1, username: 'the page’s learner' } }
    const call = (bearer: string | undefined) => t.app.inject({ method: 'GET', url: '/test/private', headers: bearer ? { authorization: `Bearer ${bearer}` } : {} })
    expect((await asPartOfPage(page, () => call(token))).json()).toEqual({ user: 'the page’s learner' })
    const other = await asPartOfPage(page, () => call('nope'))
    expect(other.json()).toEqual({ success: false, msg: MSG.invalidToken })
    expect((await asPartOfPage(page, () => call(undefined))).json()).toEqual({ success: false, msg: MSG.tokenNotFound })
    // Meanwhile, the same token from outside the page: the account behind it, looked up.
    const [inside, outside] = await Promise.all([asPartOfPage(page, () => call(token)), call(token)])
    expect(inside.json()).toEqual({ user: 'the page’s learner' })
    expect(outside.json()).toEqual({ user: 'guard' })
  })
})
