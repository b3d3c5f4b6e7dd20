import dns from 'node:dns/promises'
import net from 'node:net'
import type { Readable } from 'node:stream'
import ipaddr from 'ipaddr.js'
import { Agent, buildConnector, request } from 'undici'
import { AppError } from './errors'

/**
 * The one way to fetch an address a user gave us (media, thumbnails, feeds):
 * http/https only; every connection, including each redirect hop, goes
 * through a connector that resolves the name, refuses it unless every
 * address is public unicast, and connects to the checked address (so a DNS
 * answer cannot change between check and connect); timeouts; redirects
 * followed by hand and re-checked. ARCHITECTURE.md s4.
 */

export class BlockedAddressError extends AppError {
  constructor(message = 'This address is not allowed: it points to a local or private network.') {
    super(400, message)
  }
}

export interface SafeFetchOptions {
  /** Host names, IPs or CIDR ranges admitted although private (a self-hoster's LAN). */
  allowHosts?: readonly string[]
  headersTimeoutMs?: number
  bodyTimeoutMs?: number
  maxRedirects?: number
  /** Called with the address about to be dialled, after the checks; tests use it as a tripwire. */
  beforeConnect?: (ip: string) => void
}

export interface SafeResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Readable
  url: string
}

const SCHEMES = new Set(['http:', 'https:'])

/**
 * IPv4-compatible IPv6 (`::/96`, deprecated by RFC 4291): `[::7f00:1]` is
 * 127.0.0.1 written another way, yet ipaddr.js calls it unicast. Other forms
 * that embed an IPv4 address (mapped, 6to4, Teredo, NAT64) it already names
 * as non-unicast ranges, and `::ffff:a.b.c.d` is judged as the IPv4 it maps.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96')

export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false
  // IPv6.parse, not parse: the latter reads `::8.8.8.8` as IPv4.
  if (ip.includes(':') && ipaddr.IPv6.parse(ip).match(IPV4_COMPATIBLE)) return false
  return ipaddr.process(ip).range() === 'unicast'
}

function makeAllowCheck(entries: readonly string[]) {
  const names = new Set<string>()
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = []
  for (const entry of entries.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    if (entry.includes('/')) ranges.push(ipaddr.parseCIDR(entry))
    else if (ipaddr.isValid(entry)) {
      const ip = ipaddr.process(entry)
      ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128])
    } else names.add(entry)
  }
  return {
    name: (host: string) => names.has(host.toLowerCase()),
    ip: (address: string) => {
      const ip = ipaddr.process(address)
      return ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))
    },
  }
}

export function createSafeFetch(options: SafeFetchOptions = {}) {
  const allow = makeAllowCheck(options.allowHosts ?? [])
  const maxRedirects = options.maxRedirects ?? 5

  /** The addresses a host may be dialled at, or a BlockedAddressError. */
  async function resolveChecked(hostname: string): Promise<string> {
    const host = hostname.replace(/^\[|\]$/g, '')
    const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address)
    if (addresses.length === 0) throw new BlockedAddressError(`Could not resolve ${host}`)
    const nameAllowed = allow.name(host)
    for (const address of addresses) {
      if (!nameAllowed && !isPublicAddress(address) && !allow.ip(address)) throw new BlockedAddressError()
    }
    return addresses[0]!
  }

  const baseConnect = buildConnector({ timeout: 10_000 })
  const dispatcher = new Agent({
    headersTimeout: options.headersTimeoutMs ?? 15_000,
    bodyTimeout: options.bodyTimeoutMs ?? 60_000,
    connect(opts, callback) {
      resolveChecked(opts.hostname).then(
        (ip) => {
          try {
            options.beforeConnect?.(ip)
          } catch (error) {
            return callback(error as Error, null)
          }
          baseConnect({ ...opts, hostname: ip, servername: opts.servername ?? (net.isIP(opts.hostname) ? undefined : opts.hostname) } as typeof opts, callback)
        },
        (error: Error) => callback(error, null),
      )
    },
  })

  function checkUrl(raw: string | URL): URL {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new BlockedAddressError('This is not a valid address.')
    }
    if (!SCHEMES.has(url.protocol)) throw new BlockedAddressError('Only http and https addresses can be fetched.')
    if (url.username || url.password) throw new BlockedAddressError('Addresses with credentials are not fetched.')
    return url
  }

  return {
    async fetch(raw: string | URL, init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<SafeResponse> {
      let url = checkUrl(raw)
      for (let hop = 0; ; hop++) {
        const res = await request(url, { method: init.method ?? 'GET', headers: init.headers, signal: init.signal, dispatcher })
        const location = res.headers.location
        if (res.statusCode >= 300 && res.statusCode < 400 && location) {
          discardBody(res.body)
          if (hop >= maxRedirects) throw new BlockedAddressError('Too many redirects.')
          url = checkUrl(new URL(String(location), url))
          continue
        }
        return { status: res.statusCode, headers: res.headers, body: res.body, url: url.toString() }
      }
    },
    close: () => dispatcher.close(),
  }
}

export type SafeFetch = ReturnType<typeof createSafeFetch>

/**
 * Drops a response body we will not read. Destroying an undici body emits
 * 'error' (UND_ERR_ABORTED); with no listener that is an uncaught exception
 * that would take the whole server down, so one is attached first.
 */
export function discardBody(body: Readable): void {
  body.on('error', () => undefined)
  body.destroy()
}

/** Reads a body into memory, refusing more than `maxBytes`. */
export async function readCapped(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += (chunk as Buffer).length
    if (size > maxBytes) {
      discardBody(body)
      throw new AppError(413, `The response is larger than ${Math.round(maxBytes / 1_048_576)} MB.`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}
