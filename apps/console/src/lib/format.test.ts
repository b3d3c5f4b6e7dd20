import { describe, expect, it } from 'vitest'
import { formatDuration } from './format'

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
