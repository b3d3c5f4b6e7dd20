import { FEED_NOTICE, UNCATEGORIZED, type Feed, type FeedItem, type FeedStatus } from '@lingocast/contract'
import type { ItemView, ListedChannel } from './feeds.repo'

export function toFeedDto(c: ListedChannel): Feed {
  return {
    id: c.id,
    title: c.customTitle ?? c.title,
    publisher_title: c.title,
    description: c.description,
    image: c.image,
    category: c.category?.trim() || UNCATEGORIZED,
    latest_episode: c.latest && { id: c.latest.id, title: c.latest.title, duration: c.latest.durationSeconds, audio: c.latest.audio, video: c.latest.video },
    url: c.url,
    status: c.status as FeedStatus,
    error: c.status === 'error' || c.status === 'paused' ? c.error : null,
    last_fetched_at: c.lastFetchedAt?.toISOString() ?? null,
    ...(c.status === 'paused' && c.error === FEED_NOTICE.set_aside ? { notice: 'set_aside' as const } : {}),
  }
}

export function toFeedItemDto(i: ItemView): FeedItem {
  return {
    id: i.id,
    title: i.title,
    description: i.description,
    thumbnail: i.thumbnail,
    pub_date: i.pubDate?.toISOString() ?? null,
    duration: i.durationSeconds,
    rss_id: i.channelId,
    rss_channel_name: i.channelTitle,
    audio: i.audio,
    video: i.video,
    isPlayed: i.played,
    has_transcript: i.transcriptUrl !== null,
  }
}
