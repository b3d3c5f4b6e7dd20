import { describe, expect, it } from 'vitest'
import { positionStateOf, SEEK_BACK_SECONDS, SEEK_FORWARD_SECONDS, seekTargetOf } from './media-session'

const at = (position: number, duration = 120) => ({ position, duration, rate: 1 })

describe('lock-screen seek actions', () => {
  it('skips back and forward by the default amounts when the browser names none', () => {
    expect(seekTargetOf('seekbackward', {}, at(50))).toBe(50 - SEEK_BACK_SECONDS)
    expect(seekTargetOf('seekforward', {}, at(50))).toBe(50 + SEEK_FORWARD_SECONDS)
  })

  it('uses the offset a headset or lock screen asks for', () => {
    expect(seekTargetOf('seekbackward', { seekOffset: 5 }, at(50))).toBe(45)
    expect(seekTargetOf('seekforward', { seekOffset: 15 }, at(50))).toBe(65)
  })

  it('stays within the recording', () => {
    expect(seekTargetOf('seekbackward', {}, at(3))).toBe(0)
    expect(seekTargetOf('seekforward', {}, at(110))).toBe(120)
    expect(seekTargetOf('seekto', { seekTime: 500 }, at(0))).toBe(120)
    // Unknown duration: forward is not capped.
    expect(seekTargetOf('seekforward', {}, at(10, 0))).toBe(10 + SEEK_FORWARD_SECONDS)
  })

  it('goes where the lock screen slider was dropped, and ignores a drop without a time', () => {
    expect(seekTargetOf('seekto', { seekTime: 42.5 }, at(0))).toBe(42.5)
    expect(seekTargetOf('seekto', {}, at(10))).toBeUndefined()
  })
})

describe('lock-screen position state', () => {
  it('is only sent once the duration is known', () => {
    expect(positionStateOf(at(5, 0))).toBeUndefined()
    expect(positionStateOf(at(5, Number.POSITIVE_INFINITY))).toBeUndefined()
    expect(positionStateOf(at(5, Number.NaN))).toBeUndefined()
  })

  it('never puts the position past the end or before the start (the browser throws then)', () => {
    expect(positionStateOf({ position: 130, duration: 120, rate: 1.25 })).toEqual({ position: 120, duration: 120, playbackRate: 1.25 })
    expect(positionStateOf({ position: -1, duration: 120, rate: 1 })).toEqual({ position: 0, duration: 120, playbackRate: 1 })
  })

  it('falls back to normal speed for a rate the browser refuses', () => {
    expect(positionStateOf({ position: 1, duration: 2, rate: 0 })?.playbackRate).toBe(1)
  })
})
