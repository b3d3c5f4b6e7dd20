import { FEED_NOTICE, UNCATEGORIZED, type Feed } from '@lingocast/contract'
import { compareNames } from './name-order'

export interface ChannelGroup<T> {
  category: string
  feeds: T[]
}

/** The category a channel is listed under: its own, or 'Uncategorized' (spec 001 s2). */
export function categoryOf(feed: Pick<Feed, 'category'>): string {
  return feed.category.trim() || UNCATEGORIZED
}

/**
 * Channels grouped by category: categories A-Z with Uncategorized last,
 * channels A-Z by title within each.
 */
export function groupByCategory<T extends Pick<Feed, 'category' | 'title' | 'id'>>(feeds: readonly T[]): ChannelGroup<T>[] {
  const groups = new Map<string, T[]>()
  for (const feed of feeds) {
    const category = categoryOf(feed)
    // Categories that differ only in case are one group, named as first seen.
    const key = [...groups.keys()].find((k) => compareNames(k, category) === 0) ?? category
    groups.set(key, [...(groups.get(key) ?? []), feed])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === UNCATEGORIZED ? 1 : b === UNCATEGORIZED ? -1 : compareNames(a, b)))
    .map(([category, list]) => ({ category, feeds: list.sort((x, y) => compareNames(x.title, y.title) || x.id - y.id) }))
}

/** Channels whose title contains the search text, case-insensitively (blank matches all). */
export function filterChannels<T extends Pick<Feed, 'title'>>(feeds: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  return q ? feeds.filter((f) => f.title.toLowerCase().includes(q)) : [...feeds]
}

/** Ours: the badge of a channel whose feed is not simply fine. */
export function channelStatusLabel(feed: Pick<Feed, 'status' | 'notice'>): string | undefined {
  if (feed.notice === 'set_aside') return 'Set aside'
  switch (feed.status) {
    case 'pending':
      return 'Not loaded yet'
    case 'error':
      return 'Last update failed'
    case 'paused':
      return 'Updates paused'
    default:
      return undefined
  }
}

/** Ours: what a channel's page says of a feed that is not simply fine, with the reason when there is one. */
export function channelStatusText(feed: Pick<Feed, 'status' | 'error' | 'notice'>): string | undefined {
  if (feed.notice) return FEED_NOTICE[feed.notice]
  switch (feed.status) {
    case 'pending':
      return 'This channel has not been loaded yet.'
    case 'paused':
      return `Updates are paused after repeated failures${feed.error ? `: ${feed.error}` : '.'}`
    case 'error':
      return `The last update failed${feed.error ? `: ${feed.error}` : '.'}`
    default:
      return undefined
  }
}

/** The subscribed channels that were set aside (they stopped the server): My Feed names them, since no new episode comes from them. */
export function setAsideChannels<T extends Pick<Feed, 'id' | 'notice'>>(feeds: readonly T[], subscribedIds: readonly number[]): T[] {
  const subscribed = new Set(subscribedIds)
  return feeds.filter((f) => f.notice === 'set_aside' && subscribed.has(f.id))
}

/** A feed id from the route, or undefined when it is not a positive whole number. */
export function parseFeedId(value: string | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** The subscribed list after a toggle (spec 001 s4: membership of the id). */
export function toggleId(ids: readonly number[], id: number, subscribed: boolean): number[] {
  const rest = ids.filter((x) => x !== id)
  return subscribed ? [...rest, id] : rest
}
