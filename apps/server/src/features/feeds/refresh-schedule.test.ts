import { describe, expect, it } from 'vitest'
import { REFRESH_DEFAULT_MS, REFRESH_MAX_MS, REFRESH_MIN_MS, RETRY_BASE_MS, refreshIntervalMs, retryDelayMs } from './refresh-schedule'

const H = 3_600_000
const every = (ms: number, n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * ms))

describe('refreshIntervalMs', () => {
  it('follows the feed: a daily show every 6 h, a weekly one daily, an hourly one hourly', () => {
    expect(refreshIntervalMs(every(24 * H, 10))).toBe(6 * H)
    expect(refreshIntervalMs(every(7 * 24 * H, 10))).toBe(REFRESH_MAX_MS)
    expect(refreshIntervalMs(every(H / 2, 10))).toBe(REFRESH_MIN_MS)
  })
  it('uses the median gap, so one long break does not slow a regular show', () => {
    const dates = [...every(24 * H, 8), new Date(Date.UTC(2025, 0, 1))]
    expect(refreshIntervalMs(dates)).toBe(6 * H)
  })
  it('falls back to the default without a rhythm', () => {
    expect(refreshIntervalMs([])).toBe(REFRESH_DEFAULT_MS)
    expect(refreshIntervalMs([new Date()])).toBe(REFRESH_DEFAULT_MS)
    expect(refreshIntervalMs([new Date(0), new Date(0)])).toBe(REFRESH_DEFAULT_MS)
  })
})

describe('retryDelayMs', () => {
  it('doubles per failure up to a day, and honours a longer Retry-After', () => {
    expect(retryDelayMs(1, null)).toBe(RETRY_BASE_MS)
    expect(retryDelayMs(2, null)).toBe(2 * RETRY_BASE_MS)
    expect(retryDelayMs(30, null)).toBe(REFRESH_MAX_MS)
    expect(retryDelayMs(1, 3 * H)).toBe(3 * H)
    // A Retry-After shorter than the backoff does not bring the next try forward.
    expect(retryDelayMs(3, 60_000)).toBe(4 * RETRY_BASE_MS)
  })
})
