import { describe, expect, it } from 'vitest'
import { calendarDay, countDue, FAMILIAR, formatInterval, isDue, ratingFor, startOfNextDay, UNFAMILIAR } from './review-rules'

describe('the rating sent for a choice (spec 001 s4)', () => {
  it('sends Again for Unfamiliar whatever the ef', () => {
    for (const ef of [1.3, 2.5, 3.3]) expect(ratingFor(UNFAMILIAR, ef)).toBe('Again')
  })
  it('sends Hard at ef 1.9 or less, Easy at 2.8 or more, Good between', () => {
    expect(ratingFor(FAMILIAR, 1.3)).toBe('Hard')
    expect(ratingFor(FAMILIAR, 1.9)).toBe('Hard')
    expect(ratingFor(FAMILIAR, 1.91)).toBe('Good')
    expect(ratingFor(FAMILIAR, 2.5)).toBe('Good')
    expect(ratingFor(FAMILIAR, 2.79)).toBe('Good')
    expect(ratingFor(FAMILIAR, 2.8)).toBe('Easy')
  })
})

describe('due by calendar day', () => {
  it('ends "today" at the next local midnight of the learner\'s zone', () => {
    const now = new Date('2025-03-10T22:30:00Z')
    // 22:30 UTC is still the 10th in New York (18:30) but already the 11th in Tokyo (07:30).
    expect(new Date(startOfNextDay(now, 'America/New_York')).toISOString()).toBe('2025-03-11T04:00:00.000Z')
    expect(new Date(startOfNextDay(now, 'Asia/Tokyo')).toISOString()).toBe('2025-03-11T15:00:00.000Z')
    expect(new Date(startOfNextDay(now, 'UTC')).toISOString()).toBe('2025-03-11T00:00:00.000Z')
    expect(calendarDay(now, 'America/New_York')).toBe('2025-03-10')
    expect(calendarDay(now, 'Asia/Tokyo')).toBe('2025-03-11')
  })

  it('counts a card due tomorrow morning as due in a zone where that is already today', () => {
    const now = new Date('2025-03-10T22:30:00Z')
    const card = { next_review: '2025-03-11T03:00:00Z' }
    expect(countDue([card], now, 'Asia/Tokyo')).toBe(1) // 12:00 on the 11th, and it is the 11th there
    expect(countDue([card], now, 'UTC')).toBe(0) // 03:00 tomorrow
    expect(countDue([card], now, "America/New_York")).toBe(1) // 23:00 on the 10th there: today
  })

  it('is due up to one millisecond before midnight, not at midnight', () => {
    const now = new Date('2025-07-01T12:00:00Z')
    const end = startOfNextDay(now, 'Europe/Paris') // midnight in Paris = 22:00 UTC
    expect(new Date(end).toISOString()).toBe('2025-07-01T22:00:00.000Z')
    expect(isDue('2025-07-01T21:59:59.999Z', end)).toBe(true)
    expect(isDue('2025-07-01T22:00:00.000Z', end)).toBe(false)
    expect(isDue('2020-01-01', end)).toBe(true)
  })

  it('handles a day of 23 hours at the daylight-saving switch', () => {
    // Europe/Paris springs forward on 2025-03-30: that day ends at 22:00 UTC, the day before at 23:00 UTC.
    expect(new Date(startOfNextDay(new Date('2025-03-30T10:00:00Z'), 'Europe/Paris')).toISOString()).toBe('2025-03-30T22:00:00.000Z')
    expect(new Date(startOfNextDay(new Date('2025-03-29T10:00:00Z'), 'Europe/Paris')).toISOString()).toBe('2025-03-29T23:00:00.000Z')
  })

  it('ignores missing and invalid dates', () => {
    const now = new Date('2025-03-10T12:00:00Z')
    const cards = [{ next_review: null }, { next_review: 'not a date' }, { next_review: '' }, { next_review: '2025-03-09T12:00:00Z' }]
    expect(countDue(cards, now, 'UTC')).toBe(1)
  })

  it('uses the runtime zone when none is named', () => {
    const now = new Date()
    const end = startOfNextDay(now)
    const local = new Date(end)
    expect([local.getHours(), local.getMinutes(), local.getSeconds()]).toEqual([0, 0, 0])
    expect(end).toBeGreaterThan(now.getTime())
    expect(end - now.getTime()).toBeLessThanOrEqual(25 * 3_600_000)
  })
})

describe('the fast due check', () => {
  it('agrees with parsing for canonical, offset and date-only strings', () => {
    const end = Date.parse('2025-07-01T22:00:00.000Z')
    const samples = ['2025-07-01T21:59:59.999Z', '2025-07-01T22:00:00.000Z', '2025-07-02T00:00:00+02:00', '2025-07-01T23:59:59+02:00', '2025-07-01', '2025-13-01T00:00:00.000Z', '2025-06-31T00:00:00.000Z']
    for (const s of samples) {
      const parsed = Date.parse(s)
      expect(isDue(s, end), s).toBe(!Number.isNaN(parsed) && parsed < end)
    }
  })
})

describe('formatInterval (the four buttons)', () => {
  it('writes intervals as Anki writes them under its buttons', () => {
    expect([0, 30, 60, 360, 600, 3599].map(formatInterval)).toEqual(['1m', '1m', '1m', '6m', '10m', '1h'])
    expect([3 * 3600, 86_400, 2 * 86_400, 29 * 86_400].map(formatInterval)).toEqual(['3h', '1d', '2d', '29d'])
    expect([30 * 86_400, 45 * 86_400, 300 * 86_400, 365 * 86_400, 800 * 86_400].map(formatInterval)).toEqual(['1mo', '1.5mo', '10mo', '1y', '2.2y'])
  })
})
