import type { FeedItem } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { episodeDownload } from './downloads'
import { formatBytes, progressText } from './use-downloads'

describe('a feed episode to download', () => {
  const item = { id: 7, title: 'River', audio: null, video: null } as FeedItem
  it('keeps its audio file, else its video file, under feed:{id}', () => {
    const withAudio = { ...item, audio: ' https://x.test/a.mp3 ' }
    expect(episodeDownload(withAudio)).toEqual({ id: 'feed:7', kind: 'episode', title: 'River', address: 'https://x.test/a.mp3', item: withAudio })
    expect(episodeDownload({ ...item, video: 'https://x.test/v.mp4' })?.address).toBe('https://x.test/v.mp4')
  })
  it('offers nothing for YouTube or an episode without a file', () => {
    expect(episodeDownload({ ...item, video: 'youtube:abcdefghijk' })).toBeUndefined()
    expect(episodeDownload(item)).toBeUndefined()
  })
})

describe('what the download says', () => {
  it('shows the media in percent when its length is known, else in bytes; lookups counted', () => {
    expect(progressText({ step: 'media', done: 512, total: 2048 })).toBe('Downloading 25 %')
    expect(progressText({ step: 'media', done: 3 * 1024 * 1024 })).toBe('Downloading 3.0 MB')
    expect(progressText({ step: 'lookups', done: 12, total: 80 })).toBe('Looking up words 12 of 80')
  })
  it('sizes in KB, MB, GB', () => {
    expect(formatBytes(850 * 1024)).toBe('850 KB')
    expect(formatBytes(12.4 * 1024 * 1024)).toBe('12.4 MB')
    expect(formatBytes(1.2 * 1024 ** 3)).toBe('1.2 GB')
  })
})
