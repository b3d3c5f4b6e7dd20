import http from 'node:http'
import { INVALID_RSS_URL } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { internalAddresses, OTHER_SCHEMES } from '../../../../../test/ssrf-matrix'
import { createTestUser, type TestUser } from '../../../../../test/users'

let t: TestApp
let alice: TestUser
/** The listener an SSRF would reach: it serves a perfectly good feed. */
let victim: http.Server
let victimHits = 0
let victimPort = 0
/** An allow-listed "public" host that redirects wherever it is told. */
let redirector: http.Server
let redirectorUrl = ''

const listen = (s: http.Server, host: string) => new Promise<number>((r) => s.listen(0, host, () => r((s.address() as { port: number }).port)))
const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>Secret</title><item><guid>1</guid><title>internal</title></item></channel></rss>'

beforeAll(async () => {
  victim = http.createServer((_q, s) => {
    victimHits++
    s.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED)
  })
  victimPort = await listen(victim, '127.0.0.1')
  redirector = http.createServer((req, res) => res.writeHead(302, { location: decodeURIComponent(new URL(req.url!, 'http://x').searchParams.get('to')!) }).end())
  redirectorUrl = `http://127.0.0.2:${await listen(redirector, '127.0.0.2')}/feed.xml`
  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.2'] })
  alice = await createTestUser(t.db.database, 'alice@example.com')
})
afterAll(async () => {
  await t?.close()
  victim?.close()
  redirector?.close()
})

const importFeed = (rss_url: string) => t.app.inject({ method: 'POST', url: '/english_vocab/api/import-rss-channel', headers: alice.auth, payload: { rss_url } })

describe('import-rss-channel and the SSRF matrix', () => {
  const internal = () => internalAddresses(victimPort, '/feed.xml')

  it('refuses every internal address with a clear error', async () => {
    for (const address of internal()) {
      const res = await importFeed(address)
      expect(res.statusCode, address).toBe(400)
      expect(res.json().msg, address).toMatch(/not allowed|local or private|not a valid address/)
    }
  })

  it('refuses a public-looking address that redirects to any of them', async () => {
    for (const address of internal()) {
      const res = await importFeed(`${redirectorUrl}?to=${encodeURIComponent(address)}`)
      expect(res.statusCode, address).toBe(400)
      expect(res.json().success).toBe(false)
    }
  })

  it('refuses other schemes as not a valid RSS URL', async () => {
    for (const address of OTHER_SCHEMES) {
      expect((await importFeed(address)).json(), address).toEqual({ success: false, msg: INVALID_RSS_URL })
    }
  })

  it('never reached the internal listener and saved nothing', async () => {
    expect(victimHits).toBe(0)
    const n = (await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from feed_channels where not is_catalogue`)).rows[0]!.n
    expect(Number(n)).toBe(0)
  })
})
