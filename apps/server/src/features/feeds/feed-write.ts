import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { feedItems } from '../../db/schema'
import type { ParsedFeed, ParsedItem } from './parse-feed'

/** Writing what a fetch of a feed found: the channel's own fields and its episodes, in the caller's transaction. */

/** What a fetch changed: how many episodes were new. */
export interface SaveResult {
  added: number
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Items per statement: PostgreSQL takes 65,535 bind parameters at most, and drizzle builds one on the event loop at ~40 µs an item. */
const ITEM_BATCH = 100

function itemValues(channelId: number, item: ParsedItem) {
  return {
    channelId,
    guid: item.guid,
    title: item.title,
    description: item.description,
    thumbnail: item.thumbnail,
    pubDate: item.pubDate,
    durationSeconds: item.durationSeconds,
    audio: item.audio,
    video: item.video,
    link: item.link,
    transcriptUrl: item.transcript?.url ?? null,
    transcriptType: item.transcript?.type ?? null,
  }
}

/** Episodes of one feed can repeat a guid; the first one wins, as feed readers do. */
function uniqueByGuid(items: ParsedItem[]): ParsedItem[] {
  const seen = new Set<string>()
  return items.filter((i) => (seen.has(i.guid) ? false : (seen.add(i.guid), true)))
}

/** Upserts the channel's fields and its items; new items are counted (xmax = 0 marks an insert). */
export async function writeFeed(tx: Tx, channelId: number, feed: ParsedFeed): Promise<SaveResult> {
  let added = 0
  const items = uniqueByGuid(feed.items)
  for (let i = 0; i < items.length; i += ITEM_BATCH) {
    const batch = items.slice(i, i + ITEM_BATCH).map((item) => itemValues(channelId, item))
    const rows = await tx
      .insert(feedItems)
      .values(batch)
      .onConflictDoUpdate({
        target: [feedItems.channelId, feedItems.guid],
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          thumbnail: sql`excluded.thumbnail`,
          pubDate: sql`excluded.pub_date`,
          durationSeconds: sql`excluded.duration_seconds`,
          audio: sql`excluded.audio`,
          video: sql`excluded.video`,
          link: sql`excluded.link`,
          transcriptUrl: sql`excluded.transcript_url`,
          transcriptType: sql`excluded.transcript_type`,
        },
        // Unchanged rows are not rewritten: a refresh that finds nothing new writes nothing.
        setWhere: sql`(${feedItems.title}, ${feedItems.description}, ${feedItems.thumbnail}, ${feedItems.pubDate}, ${feedItems.durationSeconds}, ${feedItems.audio}, ${feedItems.video}, ${feedItems.link}, ${feedItems.transcriptUrl}, ${feedItems.transcriptType})
          is distinct from (excluded.title, excluded.description, excluded.thumbnail, excluded.pub_date, excluded.duration_seconds, excluded.audio, excluded.video, excluded.link, excluded.transcript_url, excluded.transcript_type)`,
      })
      .returning({ inserted: sql<boolean>`xmax = 0` })
    added += rows.filter((r) => r.inserted).length
  }
  return { added }
}

/** The fields of a channel its feed says (a catalogue channel keeps the catalogue's category). */
export const channelFields = (feed: ParsedFeed, keepCategory: boolean) => ({
  title: feed.title,
  description: feed.description,
  image: feed.image,
  ...(keepCategory ? {} : { category: feed.category }),
})
