import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../lib/local-storage'
import { audioPositionKey, readShowWordStatus, readSpeed, saveShowWordStatus, WORD_STATUS_KEY, restorablePosition, savePosition, saveSpeed, SPEED_KEY, speedLabel, videoPositionKey } from './preferences'

describe('playback speed', () => {
  it('defaults to 1 and keeps an offered speed under player_speed_setting', () => {
    const s = memoryStorage()
    expect(readSpeed(s)).toBe(1)
    saveSpeed(1.5, s)
    expect(s.dump()).toEqual({ [SPEED_KEY]: '1.5' })
    expect(readSpeed(s)).toBe(1.5)
  })

  it.each([['3'], ['fast'], ['1.1'], ['']])('ignores %j', (raw) => {
    expect(readSpeed(memoryStorage({ player_speed_setting: raw }))).toBe(1)
  })

  it('labels speeds', () => {
    expect(speedLabel(0.75)).toBe('0.75x')
    expect(speedLabel(1)).toBe('1x')
  })
})

describe('saved positions', () => {
  it('uses a key per audio address and the spec key per video', () => {
    expect(audioPositionKey('/demo/a.mp3')).toBe('audioPlayerPosition_/demo/a.mp3')
    expect(videoPositionKey('youtube:abc')).toBe('videoPlayerPosition_youtube:abc')
  })

  it('restores only a number below the duration', () => {
    const s = memoryStorage()
    savePosition('k', 12.3456, s)
    expect(s.dump().k).toBe('12.346')
    expect(restorablePosition('k', 26.8, s)).toBe(12.346)
    expect(restorablePosition('k', 12.346, s)).toBeUndefined()
    expect(restorablePosition('k', 10, s)).toBeUndefined()
    expect(restorablePosition('k', Number.NaN, s)).toBeUndefined()
    expect(restorablePosition('missing', 100, s)).toBeUndefined()
  })

  it.each([['"12"'], ['abc'], ['null'], ['0'], ['-4'], ['{}']])('does not restore %j', (raw) => {
    expect(restorablePosition('k', 100, memoryStorage({ k: raw }))).toBeUndefined()
  })
})

describe('word status marks', () => {
  it('are shown by default, and a switch-off is remembered', () => {
    const s = memoryStorage()
    expect(readShowWordStatus(s)).toBe(true)
    saveShowWordStatus(false, s)
    expect(s.dump()).toEqual({ [WORD_STATUS_KEY]: 'off' })
    expect(readShowWordStatus(s)).toBe(false)
    saveShowWordStatus(true, s)
    expect(readShowWordStatus(s)).toBe(true)
  })
})
