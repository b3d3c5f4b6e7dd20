import { describe, expect, it, vi } from 'vitest'
import { Player, type MediaBackend } from './player'

function fakeBackend(): MediaBackend & { t: number; rate: number; playing: boolean } {
  return {
    t: 0,
    rate: 1,
    playing: false,
    play() {
      this.playing = true
    },
    pause() {
      this.playing = false
    },
    seek(s) {
      this.t = s
    },
    setRate(r) {
      this.rate = r
    },
    currentTime() {
      return this.t
    },
  }
}

describe('Player store', () => {
  it('notifies only on real changes', () => {
    const p = new Player()
    const listener = vi.fn()
    p.subscribe(listener)
    p.update({ time: 0, playing: false })
    expect(listener).not.toHaveBeenCalled()
    p.update({ time: 1.5 })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(p.getState().time).toBe(1.5)
  })

  it('clamps seeks to the media and shows the target at once', () => {
    const p = new Player({ duration: 26.8 })
    const b = fakeBackend()
    p.attach(b)
    p.seek(30)
    expect(b.t).toBe(26.8)
    expect(p.getState()).toMatchObject({ time: 26.8, seeks: 1 })
    p.seek(-4)
    expect(b.t).toBe(0)
    p.seek(Number.NaN)
    expect(b.t).toBe(0)
  })

  it('does not clamp above while the duration is unknown', () => {
    const p = new Player()
    const b = fakeBackend()
    p.attach(b)
    p.seek(120)
    expect(b.t).toBe(120)
  })

  it('hands the rate to the medium, also to one attached later', () => {
    const p = new Player({ rate: 1.5 })
    const b = fakeBackend()
    const detach = p.attach(b)
    expect(b.rate).toBe(1.5)
    p.setRate(0.75)
    expect(b.rate).toBe(0.75)
    expect(p.getState().rate).toBe(0.75)
    detach()
    expect(p.attached).toBe(false)
  })

  it('toggles by the playing state and reads time from the medium', () => {
    const p = new Player()
    const b = fakeBackend()
    p.attach(b)
    p.toggle()
    expect(b.playing).toBe(true)
    p.update({ playing: true })
    p.toggle()
    expect(b.playing).toBe(false)
    b.t = 3.25
    expect(p.currentTime()).toBe(3.25)
  })
})
