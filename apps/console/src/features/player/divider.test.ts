import { describe, expect, it } from 'vitest'
import { clampDivider, DIVIDER_DEFAULT, dividerAfterKey, dividerFromPointer, parseDivider } from './divider'

describe('divider', () => {
  it.each([
    [50, 50],
    [20, 20],
    [80, 80],
    [5, 20],
    [95, 80],
    [-10, 20],
    [Number.NaN, DIVIDER_DEFAULT],
    [Number.POSITIVE_INFINITY, DIVIDER_DEFAULT],
  ])('clamps %d to %d', (input, out) => {
    expect(clampDivider(input)).toBe(out)
  })

  it('reads a stored width, clamped, defaulting to 65', () => {
    expect(parseDivider(null)).toBe(65)
    expect(parseDivider('')).toBe(65)
    expect(parseDivider('wide')).toBe(65)
    expect(parseDivider('42.5')).toBe(42.5)
    expect(parseDivider('99')).toBe(80)
    expect(parseDivider('3')).toBe(20)
  })

  it('turns a pointer position into a clamped percentage', () => {
    expect(dividerFromPointer(600, 100, 1000)).toBe(50)
    expect(dividerFromPointer(100, 100, 1000)).toBe(20)
    expect(dividerFromPointer(2000, 100, 1000)).toBe(80)
    expect(dividerFromPointer(433.3, 100, 1000)).toBe(33.3)
    expect(dividerFromPointer(500, 0, 0)).toBe(DIVIDER_DEFAULT)
  })

  it('moves with the keyboard and stops at the limits', () => {
    expect(dividerAfterKey(65, 'ArrowRight')).toBe(67)
    expect(dividerAfterKey(65, 'ArrowLeft')).toBe(63)
    expect(dividerAfterKey(65, 'ArrowLeft', true)).toBe(55)
    expect(dividerAfterKey(79, 'ArrowRight')).toBe(80)
    expect(dividerAfterKey(21, 'PageDown')).toBe(20)
    expect(dividerAfterKey(50, 'Home')).toBe(20)
    expect(dividerAfterKey(50, 'End')).toBe(80)
    expect(dividerAfterKey(30, 'Enter')).toBe(65)
    expect(dividerAfterKey(50, 'a')).toBeUndefined()
  })
})
