import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Player, type MediaBackend } from '../../player/player'
import { playWordOnce } from './play-word'

/** A medium whose clock the test moves, reporting play, pause and time like <audio> does. */
function fakeMedium(player: Player) {
  let time = 0
  const log: string[] = []
  const backend: MediaBackend = {
    play: () => {
      log.push('play')
      player.update({ playing: true })
    },
    pause: () => {
      log.push('pause')
      player.update({ playing: false })
    },
    seek: (s) => {
      log.push(`seek ${s}`)
      time = s
    },
    setRate: () => {},
    currentTime: () => time,
  }
  player.attach(backend)
  return {
    log,
    tick: (s: number) => {
      time = s
      player.update({ time: s })
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  // The console runs in a browser; here `window` is just the timers, faked.
  vi.stubGlobal('window', { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (id: number) => clearTimeout(id) })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('playWordOnce', () => {
  it('plays the word, pauses at its end and returns a paused player to where it was', () => {
    const player = new Player()
    const medium = fakeMedium(player)
    medium.tick(42)
    playWordOnce(player, 3_000, 3_400)
    expect(medium.log).toEqual(['seek 3', 'play'])
    medium.tick(3.2)
    expect(player.getState().playing).toBe(true)
    medium.tick(3.41)
    expect(medium.log.slice(2)).toEqual(['pause', 'seek 42'])
    expect(player.getState().playing).toBe(false)
    expect(player.currentTime()).toBe(42)
  })

  it('plays on from the old place when it was playing', () => {
    const player = new Player()
    const medium = fakeMedium(player)
    player.play()
    medium.tick(10)
    playWordOnce(player, 1_000, 1_300)
    medium.tick(1.31)
    expect(medium.log.slice(-3)).toEqual(['pause', 'seek 10', 'play'])
    expect(player.getState().playing).toBe(true)
  })

  it('leaves the player alone once the user seeks elsewhere', () => {
    const player = new Player()
    const medium = fakeMedium(player)
    playWordOnce(player, 1_000, 1_300)
    player.seek(20)
    medium.tick(20.5)
    vi.advanceTimersByTime(5_000)
    expect(medium.log).toEqual(['seek 1', 'play', 'seek 20'])
  })

  it('ends by itself when the medium never reports the end', () => {
    const player = new Player()
    const medium = fakeMedium(player)
    medium.tick(7)
    playWordOnce(player, 1_000, 1_300)
    vi.advanceTimersByTime(2_000)
    expect(medium.log.slice(-2)).toEqual(['pause', 'seek 7'])
  })
})
