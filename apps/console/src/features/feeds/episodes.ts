import { minutesRoundedUp, YOUTUBE_PREFIX, type FeedItem } from '@lingocast/contract'
import { formatLocalDay } from '../../lib/format'
import { compareNames } from './name-order'

/** My Feed's sort (spec 001 s2): Newest First is the default. */
export const EPISODE_SORTS = ['newest', 'oldest', 'channel'] as const
export type EpisodeSort = (typeof EPISODE_SORTS)[number]
export const DEFAULT_EPISODE_SORT: EpisodeSort = 'newest'
export const EPISODE_SORT_LABELS: Record<EpisodeSort, string> = { newest: 'Newest First', oldest: 'Oldest First', channel: 'By Channel' }

/** A sort from a URL parameter; anything unknown is the default. */
export function parseEpisodeSort(value: string | null | undefined): EpisodeSort {
  const v = value?.trim().toLowerCase() ?? ''
  return (EPISODE_SORTS as readonly string[]).includes(v) ? (v as EpisodeSort) : DEFAULT_EPISODE_SORT
}

type Dated = Pick<FeedItem, 'id' | 'pub_date'>

/** Milliseconds of a publication date, or undefined when missing or unreadable. */
export function pubTime(pubDate: string | null | undefined): number | undefined {
  if (!pubDate?.trim()) return undefined
  const t = Date.parse(pubDate)
  return Number.isFinite(t) ? t : undefined
}

/** Newest first; episodes without a date go last; equal dates by id, higher (newer) first. */
function byNewest(a: Dated, b: Dated): number {
  const ta = pubTime(a.pub_date)
  const tb = pubTime(b.pub_date)
  if (ta === undefined || tb === undefined) {
    if (ta !== tb) return ta === undefined ? 1 : -1
  } else if (ta !== tb) return tb - ta
  return b.id - a.id
}

/** Oldest first; episodes without a date still go last. */
function byOldest(a: Dated, b: Dated): number {
  const ta = pubTime(a.pub_date)
  const tb = pubTime(b.pub_date)
  if (ta === undefined || tb === undefined) {
    if (ta !== tb) return ta === undefined ? 1 : -1
  } else if (ta !== tb) return ta - tb
  return a.id - b.id
}

/** A new array in the chosen order. By Channel: channel name A-Z, newest first within a channel. */
export function sortEpisodes<T extends Dated & Pick<FeedItem, 'rss_channel_name' | 'rss_id'>>(items: readonly T[], sort: EpisodeSort): T[] {
  const out = [...items]
  if (sort === 'oldest') return out.sort(byOldest)
  if (sort === 'channel')
    return out.sort((a, b) => compareNames(a.rss_channel_name.trim(), b.rss_channel_name.trim()) || a.rss_id - b.rss_id || byNewest(a, b))
  return out.sort(byNewest)
}

export interface EpisodeFilter {
  /** Matched, case-insensitively, against the title and the channel name. */
  query: string
  hidePlayed: boolean
}

/** True when the search text is found in the episode's title or channel name (blank matches all). */
export function matchesEpisodeSearch(item: Pick<FeedItem, 'title' | 'rss_channel_name'>, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  return item.title.toLowerCase().includes(q) || item.rss_channel_name.toLowerCase().includes(q)
}

export function filterEpisodes<T extends Pick<FeedItem, 'title' | 'rss_channel_name' | 'isPlayed'>>(items: readonly T[], filter: EpisodeFilter): T[] {
  return items.filter((item) => (!filter.hidePlayed || !item.isPlayed) && matchesEpisodeSearch(item, filter.query))
}

/**
 * Which empty text My Feed shows (spec 001 s2), or undefined when rows show:
 * no episodes at all, or none left after the search and Hide Played.
 */
export function emptyState(total: number, shown: number): 'none' | 'no-match' | undefined {
  if (total === 0) return 'none'
  return shown === 0 ? 'no-match' : undefined
}

const pad = (n: number) => String(n).padStart(2, '0')

/** yyyy-MM-dd in the viewer's time zone (spec 001 s2, feed detail); '' for a missing or unreadable date. */
export function formatDay(pubDate: string | null | undefined): string {
  const t = pubTime(pubDate)
  if (t === undefined) return ''
  return formatLocalDay(t)
}

/** yyyy-MM-dd HH:mm in the viewer's time zone (My Feed rows show date and time). */
export function formatDayTime(pubDate: string | null | undefined): string {
  const t = pubTime(pubDate)
  if (t === undefined) return ''
  const d = new Date(t)
  return `${formatDay(pubDate)} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** Whole minutes rounded up, as the play buttons and cards show them ('12 min'); undefined when unknown. */
export function minutesLabel(seconds: number | null | undefined): string | undefined {
  const minutes = minutesRoundedUp(seconds)
  return minutes > 0 ? `${minutes} min` : undefined
}

/** A video value of the form youtube:{id} marks an external video (spec 001 s3). */
export function isYouTube(video: string | null | undefined): boolean {
  return Boolean(video?.trim().startsWith(YOUTUBE_PREFIX))
}

export type PlayTarget = { kind: 'bar'; address: string } | { kind: 'study' }

/**
 * What Play does with an episode (spec 001 s2): a YouTube video is collected
 * and opened in the player; otherwise its audio (else its video file, whose
 * sound an <audio> element plays) goes to the mini player. An episode with no
 * media at all is sent to study too, and the server says why it cannot be.
 */
export function playTarget(episode: { audio: string | null; video: string | null }): PlayTarget {
  if (isYouTube(episode.video)) return { kind: 'study' }
  const audio = episode.audio?.trim()
  if (audio) return { kind: 'bar', address: audio }
  const video = episode.video?.trim()
  return video ? { kind: 'bar', address: video } : { kind: 'study' }
}

/** Sets the played mark of one episode in a list (a new array; the same one when it is absent). */
export function withPlayed<T extends Pick<FeedItem, 'id' | 'isPlayed'>>(items: readonly T[], id: number, played: boolean): T[] {
  return items.map((item) => (item.id === id && item.isPlayed !== played ? { ...item, isPlayed: played } : item))
}
