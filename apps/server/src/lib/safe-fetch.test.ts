import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlockedAddressError, createSafeFetch, isPublicAddress, readCapped } from './safe-fetch'
import { internalAddresses } from '../../../../test/ssrf-matrix'

/** The listener an SSRF would reach: every hit on it is a failure. */
let victim: http.Server
let victimHits = 0
let port = 0
/** An allowed fixture host (127.0.0.2, explicitly allow-listed) that serves content and redirects. */
let fixture: http.Server
let fixturePort = 0

const listen = (server: http.Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as { port: number }).port)))

beforeAll(async () => {
  victim = http.createServer((_req, res) => {
    victimHits++
    res.end('secret')
  })
  port = await listen(victim, '127.0.0.1')
  fixture = http.createServer((req, res) => {
    if (req.url?.startsWith('/to/')) {
      res.writeHead(302, { location: decodeURIComponent(req.url.slice(4)) })
      return res.end()
    }
    if (req.url === '/big') return res.end(Buffer.alloc(3 * 1024 * 1024))
    res.end('fixture body')
  })
  fixturePort = await listen(fixture, '127.0.0.2')
})
afterAll(async () => {
  await new Promise((r) => victim.close(r))
  await new Promise((r) => fixture.close(r))
})

/** Tripwire: whatever the checks decide, this test never dials anything but loopback. */
const dialled: string[] = []
const tripwire = (ip: string) => {
  dialled.push(ip)
  if (!ip.startsWith('127.') && ip !== '::1') throw new Error(`test tried to dial ${ip}`)
}
const guarded = createSafeFetch({ allowHosts: ['127.0.0.2'], beforeConnect: tripwire })

describe('safeFetch refuses the SSRF matrix of QUALITY.md', () => {
  const matrix = () => [...internalAddresses(port), `https://127.0.0.1:${port}/`]

  it.each(Array.from({ length: matrix().length }, (_, i) => i))('case %i is refused before any connection', async (i) => {
    const url = matrix()[i]!
    await expect(guarded.fetch(url), url).rejects.toBeInstanceOf(BlockedAddressError)
    expect(victimHits).toBe(0)
  })

  it('refuses a public-looking address that redirects to any of them', async () => {
    for (const target of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, 'http://169.254.169.254/', `http://[::1]:${port}/`]) {
      const url = `http://127.0.0.2:${fixturePort}/to/${encodeURIComponent(target)}`
      await expect(guarded.fetch(url), target).rejects.toBeInstanceOf(BlockedAddressError)
    }
    expect(victimHits).toBe(0)
  })

  it.each([['file:///etc/passwd'], ['ftp://example.com/x'], ['gopher://example.com/'], ['data:text/plain,hi'], ['not a url'], ['http://user:pw@example.com/']])(
    'refuses %s',
    async (url) => {
      await expect(guarded.fetch(url)).rejects.toBeInstanceOf(BlockedAddressError)
    },
  )

  it('never dialled anything but the allowed fixture', () => {
    expect(dialled.every((ip) => ip === '127.0.0.2')).toBe(true)
    expect(victimHits).toBe(0)
  })
})

describe('safeFetch on allowed hosts', () => {
  it('fetches an allow-listed host and follows redirects between allowed hosts', async () => {
    const direct = await guarded.fetch(`http://127.0.0.2:${fixturePort}/hello`)
    expect(direct.status).toBe(200)
    expect((await readCapped(direct.body, 1024)).toString()).toBe('fixture body')
    const hop = await guarded.fetch(`http://127.0.0.2:${fixturePort}/to/${encodeURIComponent('/hello')}`)
    expect(hop.url).toBe(`http://127.0.0.2:${fixturePort}/hello`)
    expect((await readCapped(hop.body, 1024)).toString()).toBe('fixture body')
  })

  it('caps what it reads into memory', async () => {
    const res = await guarded.fetch(`http://127.0.0.2:${fixturePort}/big`)
    await expect(readCapped(res.body, 1024 * 1024)).rejects.toThrow(/larger than 1 MB/)
  })

  it('admits an allow-listed CIDR range', async () => {
    const lan = createSafeFetch({ allowHosts: ['127.0.0.0/8'], beforeConnect: tripwire })
    const res = await lan.fetch(`http://127.0.0.1:${port}/`)
    expect(res.status).toBe(200)
    await readCapped(res.body, 1024)
    expect(victimHits).toBe(1)
    victimHits = 0
  })

  it('classifies addresses', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true)
    expect(isPublicAddress('2606:4700::1111')).toBe(true)
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '::1', '::ffff:10.0.0.1', 'fe80::1', 'fc00::1', '224.0.0.1', 'nonsense',
      // IPv6 forms that embed an IPv4 address: IPv4-compatible (::/96), mapped, 6to4, Teredo, NAT64.
      '::7f00:1', '::a9fe:a9fe', '::127.0.0.1', '::a00:1', '::808:808', '::ffff:7f00:1', '2002:7f00:1::', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '64:ff9b::7f00:1', '64:ff9b:1::a00:1']) {
      expect(isPublicAddress(ip), ip).toBe(false)
    }
  })
})
