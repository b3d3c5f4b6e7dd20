import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatCount, formatDateTime, formatDuration, formatLocalDay } from './format'

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [599.9, '9:59'],
    [3600, '60:00'],
    ['125', '2:05'],
    [undefined, '0:00'],
    [null, '0:00'],
    ['abc', '0:00'],
    ['', '0:00'],
    [Number.NaN, '0:00'],
    [-3, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('%j -> %s', (input, out) => {
    expect(formatDuration(input)).toBe(out)
  })
})

describe('formatLocalDay', () => {
  it('writes the day in the local zone, zero-padded, without an Intl formatter', () => {
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat')
    expect(formatLocalDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
    expect(formatLocalDay(new Date(2026, 11, 31, 0, 0).getTime())).toBe('2026-12-31')
    expect(dateFormats).not.toHaveBeenCalled()
    dateFormats.mockRestore()
  })
})

describe('formatCount and formatDateTime', () => {
  afterEach(() => vi.restoreAllMocks())

  it('write what toLocaleString and toLocaleDateString write', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount(0)).toBe('0')
    for (const n of [7, 42, 999, 1000, 12_345, 999_999, 1_000_000, -1234, -999, Number.MAX_SAFE_INTEGER, 1234.5]) expect(formatCount(n)).toBe(n.toLocaleString('en'))
    const day = new Date(2026, 10, 27, 9, 5, 7)
    expect(formatDateTime(day)).toBe(day.toLocaleDateString())
    const options = { year: 'numeric', month: 'short', day: 'numeric' } as const
    expect(formatDateTime(day, options)).toBe(day.toLocaleDateString(undefined, options))
    const time = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const
    expect(formatDateTime(day.getTime(), time)).toBe(day.toLocaleTimeString(undefined, time))
  })

  it('make each formatter once, however many values a list formats', () => {
    formatCount(1.5)
    formatDateTime(0, { month: 'long' })
    const numberFormats = vi.spyOn(Intl, 'NumberFormat')
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat')
    for (let i = 0; i < 100; i++) {
      formatCount(i * 1000 + 0.5)
      formatDateTime(i * 86_400_000, { month: 'long' })
    }
    expect(numberFormats).not.toHaveBeenCalled()
    expect(dateFormats).not.toHaveBeenCalled()
  })
})
