import { describe, expect, it } from 'vitest'
import { barMediaOf, nextPlayable } from './queue'

const audio = { Audio: '/a.mp3', Video: null }
const file = { Audio: null, Video: '/v.mp4' }
const youtube = { Audio: null, Video: 'youtube:dQw4w9WgXcQ' }
const none = { Audio: '  ', Video: undefined }

describe('the player bar queue', () => {
  it('plays audio first, a video file next, never a YouTube video', () => {
    expect(barMediaOf({ Audio: '/a.mp3', Video: '/v.mp4' })).toBe('/a.mp3')
    expect(barMediaOf(file)).toBe('/v.mp4')
    expect(barMediaOf(youtube)).toBeUndefined()
    expect(barMediaOf(none)).toBeUndefined()
  })

  it('moves forward and back over items it cannot play, and stops at the ends', () => {
    const items = [youtube, audio, none, file, youtube]
    expect(nextPlayable(items, -1)).toBe(1)
    expect(nextPlayable(items, 1)).toBe(3)
    expect(nextPlayable(items, 3)).toBe(-1)
    expect(nextPlayable(items, 3, -1)).toBe(1)
    expect(nextPlayable(items, 1, -1)).toBe(-1)
    expect(nextPlayable([], -1)).toBe(-1)
  })
})
