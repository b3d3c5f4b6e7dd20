import type { FeedItem } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import {
  emptyState,
  filterEpisodes,
  formatDay,
  formatDayTime,
  isYouTube,
  matchesEpisodeSearch,
  minutesLabel,
  parseEpisodeSort,
  playTarget,
  sortEpisodes,
  withPlayed,
} from './episodes'

const item = (id: number, over: Partial<FeedItem> = {}): FeedItem => ({
  id,
  title: `Episode ${id}`,
  description: '',
  thumbnail: null,
  pub_date: null,
  duration: 60,
  rss_id: 1,
  rss_channel_name: 'Channel',
  audio: `https://example.test/${id}.mp3`,
  video: null,
  isPlayed: false,
  has_transcript: false,
  ...over,
})

describe('sortEpisodes', () => {
  const a = item(1, { pub_date: '2024-01-02T10:00:00Z', rss_channel_name: 'beta', rss_id: 2 })
  const b = item(2, { pub_date: '2024-03-01T10:00:00Z', rss_channel_name: 'Alpha', rss_id: 1 })
  const c = item(3, { pub_date: null, rss_channel_name: 'alpha', rss_id: 1 })
  const d = item(4, { pub_date: '2024-02-01T10:00:00Z', rss_channel_name: 'Beta', rss_id: 2 })

  it('Newest First: by date descending, undated last', () => {
    expect(sortEpisodes([a, b, c, d], 'newest').map((x) => x.id)).toEqual([2, 4, 1, 3])
  })
  it('Oldest First: by date ascending, undated still last', () => {
    expect(sortEpisodes([a, b, c, d], 'oldest').map((x) => x.id)).toEqual([1, 4, 2, 3])
  })
  it('By Channel: channel A-Z (case-insensitive), newest first within a channel', () => {
    expect(sortEpisodes([a, b, c, d], 'channel').map((x) => x.id)).toEqual([2, 3, 4, 1])
  })
  it('breaks equal dates by id and leaves the input alone', () => {
    const same = [item(5, { pub_date: '2024-01-01T00:00:00Z' }), item(9, { pub_date: '2024-01-01T00:00:00Z' })]
    expect(sortEpisodes(same, 'newest').map((x) => x.id)).toEqual([9, 5])
    expect(sortEpisodes(same, 'oldest').map((x) => x.id)).toEqual([5, 9])
    expect(same.map((x) => x.id)).toEqual([5, 9])
  })
  it('treats an unreadable date as missing', () => {
    expect(sortEpisodes([item(1, { pub_date: 'not a date' }), item(2, { pub_date: '2020-01-01' })], 'newest').map((x) => x.id)).toEqual([2, 1])
  })
})

describe('parseEpisodeSort', () => {
  it('reads the known sorts and defaults to newest', () => {
    expect(parseEpisodeSort('oldest')).toBe('oldest')
    expect(parseEpisodeSort(' Channel ')).toBe('channel')
    expect(parseEpisodeSort('random')).toBe('newest')
    expect(parseEpisodeSort(null)).toBe('newest')
  })
})

describe('filterEpisodes', () => {
  const items = [
    item(1, { title: 'Learning Phrasal Verbs', rss_channel_name: 'Daily English' }),
    item(2, { title: 'Weather talk', rss_channel_name: 'BBC Learning English', isPlayed: true }),
    item(3, { title: 'Idioms', rss_channel_name: 'Grammar Girl' }),
  ]
  it('matches the title or the channel, case-insensitively, trimmed', () => {
    expect(filterEpisodes(items, { query: '  learning ', hidePlayed: false }).map((x) => x.id)).toEqual([1, 2])
    expect(filterEpisodes(items, { query: 'GRAMMAR', hidePlayed: false }).map((x) => x.id)).toEqual([3])
    expect(filterEpisodes(items, { query: '', hidePlayed: false })).toHaveLength(3)
  })
  it('Hide Played drops played episodes', () => {
    expect(filterEpisodes(items, { query: 'learning', hidePlayed: true }).map((x) => x.id)).toEqual([1])
  })
  it('matchesEpisodeSearch with a blank query matches anything', () => {
    expect(matchesEpisodeSearch(items[0]!, '   ')).toBe(true)
  })
})

describe('emptyState', () => {
  it('says none for no episodes, no-match when filters hide them all', () => {
    expect(emptyState(0, 0)).toBe('none')
    expect(emptyState(3, 0)).toBe('no-match')
    expect(emptyState(3, 1)).toBeUndefined()
  })
})

describe('dates', () => {
  it('formats yyyy-MM-dd and yyyy-MM-dd HH:mm in local time', () => {
    const local = new Date(2024, 0, 5, 7, 3).toISOString()
    expect(formatDay(local)).toBe('2024-01-05')
    expect(formatDayTime(local)).toBe('2024-01-05 07:03')
  })
  it('gives an empty text for a missing or unreadable date', () => {
    expect(formatDay(null)).toBe('')
    expect(formatDay('soon')).toBe('')
    expect(formatDayTime(undefined)).toBe('')
  })
})

describe('minutesLabel', () => {
  it('rounds up to whole minutes and hides an unknown duration', () => {
    expect(minutesLabel(61)).toBe('2 min')
    expect(minutesLabel(60)).toBe('1 min')
    expect(minutesLabel(1)).toBe('1 min')
    expect(minutesLabel(0)).toBeUndefined()
    expect(minutesLabel(null)).toBeUndefined()
  })
})

describe('playTarget', () => {
  it('sends YouTube videos to study, even with an audio', () => {
    expect(isYouTube('youtube:abc123DEF45')).toBe(true)
    expect(isYouTube('https://youtube.com/watch?v=1')).toBe(false)
    expect(playTarget({ audio: 'https://a.test/x.mp3', video: 'youtube:abc123DEF45' })).toEqual({ kind: 'study' })
  })
  it('plays the audio in the bar, else a video file', () => {
    expect(playTarget({ audio: ' https://a.test/x.mp3 ', video: 'https://a.test/v.mp4' })).toEqual({ kind: 'bar', address: 'https://a.test/x.mp3' })
    expect(playTarget({ audio: '', video: 'https://a.test/v.mp4' })).toEqual({ kind: 'bar', address: 'https://a.test/v.mp4' })
  })
  it('sends an episode without media to study, where the server explains', () => {
    expect(playTarget({ audio: null, video: null })).toEqual({ kind: 'study' })
  })
})

describe('withPlayed', () => {
  it('sets one episode and keeps the others as they were', () => {
    const items = [item(1), item(2)]
    const next = withPlayed(items, 2, true)
    expect(next.map((x) => x.isPlayed)).toEqual([false, true])
    expect(next[0]).toBe(items[0])
    expect(items[1]!.isPlayed).toBe(false)
  })
})
