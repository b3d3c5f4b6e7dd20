/** How often a feed is fetched: bounded so a busy feed is not hammered and a quiet one is not forgotten. */
export const REFRESH_MIN_MS = 60 * 60 * 1000
export const REFRESH_MAX_MS = 24 * 60 * 60 * 1000
/** A feed whose rhythm is unknown (no dated episodes yet). */
export const REFRESH_DEFAULT_MS = 6 * 60 * 60 * 1000
/** First retry after a failed fetch; doubled per consecutive failure up to REFRESH_MAX_MS. */
export const RETRY_BASE_MS = 15 * 60 * 1000
/** Parse errors in a row after which a feed waits for a refresh by hand. */
export const PAUSE_AFTER_PARSE_ERRORS = 3

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/**
 * The interval to the next fetch, from the feed's own rhythm: a quarter of
 * the median gap between its recent episodes (a daily show is checked every
 * 6 h, a weekly one daily), bounded to 1 h..24 h.
 */
export function refreshIntervalMs(pubDates: Date[]): number {
  const times = pubDates.map((d) => d.getTime()).filter(Number.isFinite).sort((a, b) => b - a)
  if (times.length < 2) return REFRESH_DEFAULT_MS
  const gaps = times.slice(1).map((t, i) => times[i]! - t).filter((g) => g > 0).sort((a, b) => a - b)
  if (gaps.length === 0) return REFRESH_DEFAULT_MS
  const median = gaps[Math.floor(gaps.length / 2)]!
  return clamp(Math.round(median / 4), REFRESH_MIN_MS, REFRESH_MAX_MS)
}

/** The wait after `failures` consecutive failed fetches, never shorter than the server's Retry-After. */
export function retryDelayMs(failures: number, retryAfterMs: number | null): number {
  const backoff = clamp(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_BASE_MS, REFRESH_MAX_MS)
  return retryAfterMs === null ? backoff : clamp(retryAfterMs, backoff, 7 * REFRESH_MAX_MS)
}
