import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MSG, TUTOR_MSG } from '@lingocast/contract'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOAuthClients } from '../../apps/server/src/features/auth/oauth-providers'
import { createLibraryRepo } from '../../apps/server/src/features/library/library.repo'
import { transcribeWithApi } from '../../apps/server/src/features/transcription/transcription-api'
import { UpstreamError } from '../../apps/server/src/lib/errors'
import { createSafeFetch } from '../../apps/server/src/lib/safe-fetch'
import { buildTestApp, type TestApp } from '../app'
import { ARRIVES_WHOLE, BEHAVIOURS, startHostileHost, type HostileHost } from '../hostile-host'
import { createTestUser, type TestUser } from '../users'
import { postJson } from './fetch-client'

/**
 * The operator's own endpoints against every way a host misbehaves: an OpenID Connect provider's
 * discovery, the model's chat stream, the transcription API. Their addresses are configured, so the
 * host is told how to behave for each case; the learner gets the sign-in screen with its words, the
 * tutor's words, a failed chunk; the process keeps serving.
 */

const SSE = ['Hello', ' there.'].map((t) => `data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`).join('') + 'data: [DONE]\n\n'
const WORDS = JSON.stringify({ text: 'hello', words: [{ word: 'hello', start: 0.5, end: 0.9 }] })
let host: HostileHost
let t: TestApp
let alice: TestUser
let articleId = 0

beforeAll(async () => {
  host = await startHostileHost({
    trickleMs: 300,
    content: (p) => {
      if (p === '/.well-known/openid-configuration') {
        return { type: 'application/json', body: Buffer.from(JSON.stringify({ authorization_endpoint: 'https://id.example/authorize', token_endpoint: `${host.url}/ok/token`, userinfo_endpoint: `${host.url}/ok/userinfo` })) }
      }
      if (p === '/v1/chat/completions') return { type: 'text/event-stream', body: Buffer.from(SSE) }
      if (p === '/v1/audio/transcriptions') return { type: 'application/json', body: Buffer.from(WORDS) }
      return undefined
    },
  })
  t = await buildTestApp({
    publicUrl: 'http://lingocast.test',
    oidc: { issuer: `${host.url}/ok`, clientId: 'client', clientSecret: 'secret', name: 'Example ID' },
    ai: { baseUrl: `${host.url}/ok/v1`, apiKey: 'sk-test', model: 'tutor', idleTimeoutMs: 1500 },
    outbound: { headersTimeoutMs: 1000, bodyTimeoutMs: 1000, lowSpeed: { bytesPerSecond: 1024, windowMs: 1500 } },
  })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  articleId = (await createLibraryRepo(t.db.database.db).insert(alice.id, { title: 'A talk' })).id
})
afterAll(async () => {
  await t?.close()
  await host?.close()
})
afterEach(async () => {
  host.actAs(undefined)
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
})

describe('signing in with an OpenID Connect provider whose discovery misbehaves', () => {
  const http = createSafeFetch({ checkAddresses: false, headersTimeoutMs: 1000, bodyTimeoutMs: 1000, lowSpeed: { bytesPerSecond: 1024, windowMs: 1500 } })
  afterAll(() => http.close())

  it('never shows an error page: a failed discovery sends the browser back to the sign-in screen with its words', async () => {
    // Before any discovery succeeded (a good one is kept for the process's life).
    host.actAs('reset-mid-body')
    const res = await t.app.inject({ method: 'GET', url: '/user/api/oauth/oidc/start?jump=/console/login' })
    expect(res.statusCode).toBe(302)
    const to = new URL(String(res.headers.location), 'http://lingocast.test')
    expect(to.pathname).toBe('/console/login')
    expect(to.searchParams.get('error')).toBe(MSG.oauthFailed)
    host.actAs(undefined)
    const again = await t.app.inject({ method: 'GET', url: '/user/api/oauth/oidc/start?jump=/console/login' })
    expect(String(again.headers.location)).toMatch(/^https:\/\/id\.example\/authorize\?/)
  })

  it.each(BEHAVIOURS)('%s', async (b) => {
    const client = createOAuthClients({ github: undefined, oidc: { issuer: host.base(b), clientId: 'client', clientSecret: 'secret', name: 'Example ID' } }, http).oidc!
    const started = Date.now()
    const url = client.authorizeUrl({ redirectUri: 'http://lingocast.test/cb', state: 's', codeChallenge: 'c' })
    if (ARRIVES_WHOLE.has(b)) await expect(url).resolves.toMatch(/^https:\/\/id\.example\/authorize\?/)
    else await expect(url).rejects.toBeInstanceOf(UpstreamError)
    expect(Date.now() - started).toBeLessThan(12_000)
  })
})

describe("the tutor's model stream", () => {
  let base = ''
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  })

  it.each(BEHAVIOURS)('%s', async (b) => {
    host.actAs(b)
    const res = await postJson(`${base}/english_vocab/api/chat-explain-english`, alice.auth, { article_id: articleId, user_messages: [{ role: 'user', content: 'Hi?' }] })
    // A model that trickles is a slow model: its answer comes whole.
    if (ARRIVES_WHOLE.has(b) || b === 'trickle-body') {
      expect(res.status).toBe(200)
      expect(res.body.toString()).toBe('Hello there.')
    } else if (res.status === 200) {
      // The stream had begun: it is cut, never passed off as a whole answer.
      expect(res.complete).toBe(false)
    } else {
      expect(res.status).toBe(502)
      expect(JSON.parse(res.body.toString())).toEqual({ success: false, msg: TUTOR_MSG.upstream })
    }
  })
})

describe('the transcription API', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-api-'))
  const http = createSafeFetch({ checkAddresses: false, headersTimeoutMs: 1000, bodyTimeoutMs: 1000, lowSpeed: { bytesPerSecond: 1024, windowMs: 1500 } })
  afterAll(async () => {
    await http.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it.each(BEHAVIOURS)('%s', async (b) => {
    const pcm = path.join(dir, `${b}.pcm`)
    writeFileSync(pcm, Buffer.alloc(3200))
    const words = transcribeWithApi(http, { baseUrl: `${host.base(b)}/v1`, apiKey: undefined, model: 'm' }, pcm, 1000)
    if (ARRIVES_WHOLE.has(b)) await expect(words).resolves.toEqual([{ word: 'hello', start: 1500, end: 1900 }])
    else await expect(words).rejects.toThrow()
  })
})
