import { FEEDS_MSG } from '@lingocast/contract'
import { AppError } from '../../lib/errors'
import { HostTooSlowError } from '../../lib/fetched-body'
import { discardBody, type SafeFetch } from '../../lib/safe-fetch'

/** A feed larger than this (15 MB) is refused, before or while it is read. */
export const FEED_MAX_BYTES = 15 * 1024 * 1024

export type FetchOutcome =
  | { kind: 'not-modified'; retryAfterMs: number | null }
  | { kind: 'fetched'; bytes: Buffer; contentType: string | null; url: string; etag: string | null; lastModified: string | null }

/**
 * A fetch that did not give a feed. `transient` failures (timeouts, 5xx, 429,
 * unreachable hosts) are retried with backoff; the others are the address's
 * fault (404, blocked, too large) and are shown to the user as they are.
 */
export class FeedFetchError extends AppError {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(400, message)
  }
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  const v = headers[name]
  return (Array.isArray(v) ? v[0] : v) ?? null
}

/** Retry-After in ms, from seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/**
 * Fetches a feed through the SSRF-safe fetch with a conditional GET. A 304
 * costs no parse; anything but 200/304 is a FeedFetchError saying why. The
 * body comes back as bytes with its Content-Type: decoding them is part of
 * reading the feed (read-feed.ts), off the event loop.
 */
export async function fetchFeed(
  safeFetch: SafeFetch,
  url: string,
  options: { etag?: string | null; lastModified?: string | null; timeoutMs: number; maxBytes?: number },
): Promise<FetchOutcome> {
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES
  const headers: Record<string, string> = {
    accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'user-agent': 'Lingocast feed reader (self-hosted; +https://github.com/lingocast)',
  }
  if (options.etag) headers['if-none-match'] = options.etag
  if (options.lastModified) headers['if-modified-since'] = options.lastModified
  const signal = AbortSignal.timeout(options.timeoutMs)
  const res = await safeFetch.fetch(url, { headers, signal, eager: true }).catch((error: unknown) => {
    if (error instanceof AppError) throw new FeedFetchError(error.message, false)
    if (signal.aborted) throw new FeedFetchError(FEEDS_MSG.timeout, true)
    throw new FeedFetchError(FEEDS_MSG.unreachable, true)
  })
  const retryAfterMs = parseRetryAfter(header(res.headers, 'retry-after'))
  if (res.status === 304) {
    discardBody(res.body)
    return { kind: 'not-modified', retryAfterMs }
  }
  if (res.status !== 200) {
    discardBody(res.body)
    const transient = res.status >= 500 || res.status === 429 || res.status === 408
    throw new FeedFetchError(FEEDS_MSG.httpStatus(res.status), transient, retryAfterMs)
  }
  const declared = Number(header(res.headers, 'content-length') ?? NaN)
  if (declared > maxBytes) {
    discardBody(res.body)
    throw new FeedFetchError(FEEDS_MSG.tooLarge(Math.round(maxBytes / 1_048_576)), false)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length
      if (size > maxBytes) {
        discardBody(res.body)
        throw new FeedFetchError(FEEDS_MSG.tooLarge(Math.round(maxBytes / 1_048_576)), false)
      }
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error
    throw new FeedFetchError(signal.aborted || error instanceof HostTooSlowError ? FEEDS_MSG.timeout : FEEDS_MSG.unreachable, true)
  }
  return {
    kind: 'fetched',
    bytes: Buffer.concat(chunks),
    contentType: header(res.headers, 'content-type'),
    url: res.url,
    etag: header(res.headers, 'etag'),
    lastModified: header(res.headers, 'last-modified'),
  }
}
