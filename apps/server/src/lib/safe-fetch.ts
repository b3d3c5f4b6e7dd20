import net from 'node:net'
import type { Readable } from 'node:stream'
import { Agent, buildConnector, request, type FormData } from 'undici'
import { BlockedAddressError, createAddressCheck } from './address-check'
import { cutWhenSlow, discardBody, type LowSpeedLimit } from './fetched-body'

export { BlockedAddressError, isPublicAddress } from './address-check'
export { discardBody, readCapped } from './fetched-body'

/**
 * The one way to fetch from another host. For an address a user gave us
 * (media, thumbnails, feeds, transcripts): http/https only; every connection,
 * including each redirect hop, goes through a connector that resolves the
 * name, refuses it unless every address is public unicast, and connects to the
 * checked address (so a DNS answer cannot change between check and connect);
 * redirects followed by hand and re-checked (ARCHITECTURE.md s4). For a host
 * the operator configured (an OIDC provider, a model, a transcription API),
 * `checkAddresses: false`: it may well be on the LAN or this machine.
 *
 * Either way the host is untrusted in its shape (ARCHITECTURE.md s16, decision
 * 0022): undici 8's HTTP/1 parser, which survives a host that closes while a
 * body is paused; a timeout on the headers, one on each pause in the body, a
 * low-speed limit for bodies read to their end, and nothing decompressed
 * (no Accept-Encoding is sent; a body compressed anyway stays bytes).
 */
export interface SafeFetchOptions {
  /** Host names, IPs or CIDR ranges admitted although private (a self-hoster's LAN). */
  allowHosts?: readonly string[]
  /** False for the operator's own endpoints: no address check (redirects are still followed by hand). */
  checkAddresses?: boolean
  headersTimeoutMs?: number
  /** The longest pause between two pieces of a body. */
  bodyTimeoutMs?: number
  /** Applied to bodies fetched with `eager: true`. */
  lowSpeed?: LowSpeedLimit
  maxRedirects?: number
  /** Called with the address about to be dialled, after the checks; tests use it as a tripwire. */
  beforeConnect?: (ip: string) => void
}

export interface FetchInit {
  method?: 'GET' | 'HEAD' | 'POST'
  headers?: Record<string, string>
  body?: string | Buffer | FormData
  signal?: AbortSignal
  /** The body will be read to its end at once (a download, a capped read): cut it when the host trickles. */
  eager?: boolean
}

export interface SafeResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Readable
  url: string
}

const SCHEMES = new Set(['http:', 'https:'])
export const DEFAULT_LOW_SPEED: LowSpeedLimit = { bytesPerSecond: 1024, windowMs: 30_000 }

export function createSafeFetch(options: SafeFetchOptions = {}) {
  const checkAddresses = options.checkAddresses ?? true
  const resolveChecked = createAddressCheck(options.allowHosts ?? [])
  const maxRedirects = options.maxRedirects ?? 5
  const lowSpeed = options.lowSpeed ?? DEFAULT_LOW_SPEED

  /** Bodies not yet ended or destroyed: what a close waits for, a moment. */
  const inFlight = new Set<Readable>()
  const baseConnect = buildConnector({ timeout: 10_000 })
  const dispatcher = new Agent({
    headersTimeout: options.headersTimeoutMs ?? 15_000,
    bodyTimeout: options.bodyTimeoutMs ?? 60_000,
    connect: checkAddresses
      ? (opts, callback) => {
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
        }
      : baseConnect,
  })

  function checkUrl(raw: string | URL): URL {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new BlockedAddressError('This is not a valid address.')
    }
    if (!SCHEMES.has(url.protocol)) throw new BlockedAddressError('Only http and https addresses can be fetched.')
    if (checkAddresses && (url.username || url.password)) throw new BlockedAddressError('Addresses with credentials are not fetched.')
    return url
  }

  return {
    async fetch(raw: string | URL, init: FetchInit = {}): Promise<SafeResponse> {
      let url = checkUrl(raw)
      const method = init.method ?? 'GET'
      for (let hop = 0; ; hop++) {
        const res = await request(url, { method, headers: init.headers, body: init.body, signal: init.signal, dispatcher })
        const location = res.headers.location
        // A POST is never replayed elsewhere: its redirect is the answer.
        if (method !== 'POST' && res.statusCode >= 300 && res.statusCode < 400 && location) {
          discardBody(res.body)
          if (hop >= maxRedirects) throw new BlockedAddressError('Too many redirects.')
          url = checkUrl(new URL(String(location), url))
          continue
        }
        inFlight.add(res.body)
        res.body.once('close', () => inFlight.delete(res.body))
        const body = init.eager ? cutWhenSlow(res.body, lowSpeed) : res.body
        return { status: res.statusCode, headers: res.headers, body, url: url.toString() }
      }
    },
    /**
     * Ends every connection: requests in flight get `graceMs` to finish, then are cut. At shutdown a host
     * that holds a body (a media host feeding a player that has gone) must not hold the process for ever.
     */
    async close(graceMs = 1000): Promise<void> {
      let timer: NodeJS.Timeout | undefined
      const drained = Promise.all([...inFlight].map((body) => new Promise((resolve) => body.once('close', resolve))))
      await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))])
      clearTimeout(timer)
      // Not close() first: undici's Agent forgets its clients on close, and a destroy after it cuts nothing.
      await dispatcher.destroy()
    },
  }
}

export type SafeFetch = ReturnType<typeof createSafeFetch>
