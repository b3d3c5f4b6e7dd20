import { FEED_NOTICE, type Feed } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { categoryOf, channelStatusLabel, channelStatusText, filterChannels, groupByCategory, parseFeedId, setAsideChannels, toggleId } from './channels'

const feed = (id: number, title: string, category = ''): Pick<Feed, 'id' | 'title' | 'category'> => ({ id, title, category })

describe('groupByCategory', () => {
  it("groups by category A-Z, 'Uncategorized' last, titles A-Z within", () => {
    const groups = groupByCategory([feed(1, 'Zeta', 'News'), feed(2, 'Alpha'), feed(3, 'beta', 'Grammar'), feed(4, 'Alpha', 'news'), feed(5, 'Omega', '  ')])
    expect(groups.map((g) => g.category)).toEqual(['Grammar', 'News', 'Uncategorized'])
    expect(groups[1]!.feeds.map((f) => f.id)).toEqual([4, 1])
    expect(groups[2]!.feeds.map((f) => f.id)).toEqual([2, 5])
  })
  it('names a missing category Uncategorized', () => {
    expect(categoryOf({ category: '' })).toBe('Uncategorized')
    expect(categoryOf({ category: ' Culture ' })).toBe('Culture')
  })
  it('is empty for no channels', () => {
    expect(groupByCategory([])).toEqual([])
  })
})

describe('filterChannels', () => {
  it('matches titles case-insensitively; blank keeps all', () => {
    const feeds = [feed(1, 'BBC Learning English'), feed(2, 'Grammar Girl')]
    expect(filterChannels(feeds, 'learning').map((f) => f.id)).toEqual([1])
    expect(filterChannels(feeds, ' ')).toHaveLength(2)
    expect(filterChannels(feeds, 'nothing')).toEqual([])
  })
})

describe('channelStatusLabel', () => {
  it('names the states other than ok', () => {
    expect(channelStatusLabel({ status: 'pending' })).toBe('Not loaded yet')
    expect(channelStatusLabel({ status: 'ok' })).toBeUndefined()
    expect(channelStatusLabel({ status: 'paused' })).toBe('Updates paused')
    expect(channelStatusLabel({ status: 'error' })).toBe('Last update failed')
    expect(channelStatusLabel({ status: 'paused', notice: 'set_aside' })).toBe('Set aside')
  })
})

describe('channelStatusText', () => {
  it('says why a channel is not fine, with the set-aside reason in place of the last failure', () => {
    expect(channelStatusText({ status: 'ok', error: null })).toBeUndefined()
    expect(channelStatusText({ status: 'pending', error: null })).toBe('This channel has not been loaded yet.')
    expect(channelStatusText({ status: 'error', error: 'The feed took too long to answer' })).toBe('The last update failed: The feed took too long to answer')
    expect(channelStatusText({ status: 'paused', error: null })).toBe('Updates are paused after repeated failures.')
    expect(channelStatusText({ status: 'paused', error: FEED_NOTICE.set_aside, notice: 'set_aside' })).toBe(FEED_NOTICE.set_aside)
    expect(FEED_NOTICE.set_aside).toMatch(/^The server stopped twice while it was updating this channel, so it was set aside.*Press Refresh now to try it again\.$/)
  })
})

describe('setAsideChannels', () => {
  it('lists the subscribed channels set aside, and only those', () => {
    const feeds = [
      { id: 1, notice: 'set_aside' as const },
      { id: 2, notice: 'set_aside' as const },
      { id: 3 },
    ]
    expect(setAsideChannels(feeds, [1, 3]).map((f) => f.id)).toEqual([1])
    expect(setAsideChannels(feeds, [])).toEqual([])
  })
})

describe('parseFeedId', () => {
  it('reads positive whole numbers only', () => {
    expect(parseFeedId('12')).toBe(12)
    expect(parseFeedId('0')).toBeUndefined()
    expect(parseFeedId('-1')).toBeUndefined()
    expect(parseFeedId('1.5')).toBeUndefined()
    expect(parseFeedId('abc')).toBeUndefined()
    expect(parseFeedId('99999999999999999999')).toBeUndefined()
    expect(parseFeedId(undefined)).toBeUndefined()
  })
})

describe('toggleId', () => {
  it('adds or removes one id, never twice', () => {
    expect(toggleId([1, 2], 3, true)).toEqual([1, 2, 3])
    expect(toggleId([1, 2], 2, true)).toEqual([1, 2])
    expect(toggleId([1, 2], 1, false)).toEqual([2])
  })
})
