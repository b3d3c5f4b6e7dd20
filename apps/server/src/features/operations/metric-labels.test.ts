import { describe, expect, it } from 'vitest'
import { feedRefreshLabel, realTimeFactor, routeLabel, statusClass, tokenMatches } from './metric-labels'

describe('metric labels', () => {
  it('groups statuses by class', () => {
    expect([200, 204, 304, 401, 404, 429, 500, 503].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '4xx', '5xx', '5xx'])
  })

  it('keeps the route pattern and gives unmatched requests one label', () => {
    expect(routeLabel('/english_vocab/memories/flashcard/:id')).toBe('/english_vocab/memories/flashcard/:id')
    expect(routeLabel(undefined)).toBe('unmatched')
  })

  it('names feed refresh outcomes: new episodes are an update, a 304 or nothing new is unchanged, a paused channel is not counted', () => {
    expect(feedRefreshLabel({ result: 'fetched', added: 3 })).toBe('updated')
    expect(feedRefreshLabel({ result: 'fetched', added: 0 })).toBe('unchanged')
    expect(feedRefreshLabel({ result: 'not-modified' })).toBe('unchanged')
    expect(feedRefreshLabel({ result: 'failed', error: 'The feed host answered 500', paused: false })).toBe('failed')
    expect(feedRefreshLabel({ result: 'skipped' })).toBeUndefined()
  })

  it('divides audio by wall time, and gives nothing for an empty run', () => {
    expect(realTimeFactor(60_000, 15_000)).toBe(4)
    expect(realTimeFactor(10_000, 20_000)).toBe(0.5)
    expect(realTimeFactor(0, 1000)).toBeUndefined()
    expect(realTimeFactor(1000, 0)).toBeUndefined()
  })

  it('accepts only the exact token', () => {
    expect(tokenMatches('abc-123', 'abc-123')).toBe(true)
    expect(tokenMatches('abc-12', 'abc-123')).toBe(false)
    expect(tokenMatches('abc-1234', 'abc-123')).toBe(false)
    expect(tokenMatches('', 'abc-123')).toBe(false)
    expect(tokenMatches(undefined, 'abc-123')).toBe(false)
  })
})
