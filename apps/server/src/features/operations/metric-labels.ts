import { createHash, timingSafeEqual } from 'node:crypto'
import type { RefreshOutcome } from '../feeds/feeds.service'

/** '2xx', '4xx', ...: one series per class, not per status, keeps the histogram small. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`
}

/**
 * The route's pattern ('/api/article/:id'), never the raw URL: ids, addresses
 * and tokens in paths would leak into the metrics and make a series per value.
 * Requests that matched no route share one label.
 */
export function routeLabel(pattern: string | undefined): string {
  return pattern ?? 'unmatched'
}

export type FeedRefreshLabel = 'updated' | 'unchanged' | 'failed'

/** A refresh that stored new episodes is 'updated'; a 304 or a feed with nothing new is 'unchanged'; a paused channel was not refreshed at all. */
export function feedRefreshLabel(outcome: RefreshOutcome): FeedRefreshLabel | undefined {
  switch (outcome.result) {
    case 'failed':
      return 'failed'
    case 'fetched':
      return outcome.added > 0 ? 'updated' : 'unchanged'
    case 'not-modified':
      return 'unchanged'
    case 'skipped':
      return undefined
  }
}

/** Seconds of audio transcribed per second of wall time (above 1: faster than real time); undefined when there is nothing to divide. */
export function realTimeFactor(audioMs: number, wallMs: number): number | undefined {
  if (!(audioMs > 0) || !(wallMs > 0)) return undefined
  return audioMs / wallMs
}

/** Compares a presented token with the configured one in time that depends on neither (both are hashed to one length first). */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest()
  const ok = timingSafeEqual(digest(presented ?? ''), digest(expected))
  return ok && presented !== undefined
}
