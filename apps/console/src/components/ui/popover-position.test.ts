import { describe, expect, it } from 'vitest'
import { placePopover, type Box } from './popover-position'

const phone = { width: 390, height: 844 }
const size = { width: 320, height: 300 }
const overlaps = (a: Box, top: number, height: number) => top < a.top + a.height && a.top < top + height

describe('placePopover', () => {
  it('goes under the caption line when there is room, centred on the word and inside the screen', () => {
    const line: Box = { top: 300, left: 16, width: 358, height: 80 }
    const word: Box = { top: 310, left: 20, width: 40, height: 30 }
    const p = placePopover(word, size, phone, line)
    expect(p.side).toBe('below')
    expect(p.top).toBeGreaterThanOrEqual(380)
    expect(p.left).toBe(8)
    expect(overlaps(line, p.top, size.height)).toBe(false)
  })

  it('goes over the caption line when the line is near the bottom of a phone', () => {
    const line: Box = { top: 640, left: 16, width: 358, height: 90 }
    const word: Box = { top: 690, left: 300, width: 60, height: 30 }
    const p = placePopover(word, size, phone, line)
    expect(p.side).toBe('above')
    expect(p.top + size.height).toBeLessThanOrEqual(640)
    expect(p.left + size.width).toBeLessThanOrEqual(phone.width - 8)
  })

  it('scrolls rather than cover the line when neither side has room', () => {
    const small = { width: 640, height: 360 }
    const line: Box = { top: 120, left: 0, width: 640, height: 100 }
    const p = placePopover({ top: 130, left: 300, width: 50, height: 30 }, size, small, line)
    expect(p.maxHeight).toBeDefined()
    expect(overlaps(line, p.top, p.maxHeight!)).toBe(false)
    expect(p.top).toBeGreaterThanOrEqual(0)
    expect(p.top + p.maxHeight!).toBeLessThanOrEqual(small.height)
  })

  it('without a box to avoid, sits right under the word', () => {
    const p = placePopover({ top: 100, left: 500, width: 60, height: 24 }, size, { width: 1280, height: 800 })
    expect(p).toEqual({ top: 130, left: 370, side: 'below' })
  })
})
