import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { articles, feedChannels, feedItemArticles, feedItems, feedPlayed, feedUserChannels } from '../../db/schema'
import { newPublicId } from '../../lib/public-id'
import type { NewArticle } from '../library/library.repo'
import { chVisibleTo } from './channel-visibility'

export interface ItemView {
  id: number
  channelId: number
  channelTitle: string
  title: string
  description: string
  thumbnail: string | null
  pubDate: Date | null
  durationSeconds: number | null
  audio: string | null
  video: string | null
  transcriptUrl: string | null
  transcriptType: string | null
  played: boolean
}

type RawItem = {
  id: number
  channel_id: number
  channel_title: string
  title: string
  description: string
  thumbnail: string | null
  pub_date: string | Date | null
  duration_seconds: number | null
  audio: string | null
  video: string | null
  transcript_url: string | null
  transcript_type: string | null
  played: boolean
}

/**
 * The columns of an ItemView (`i` the item, `ch` its channel, `mine` the
 * user's link to it, left-joined: the channel shows under the user's own
 * name); each query adds its own `played`.
 */
const ITEM_COLUMNS = sql.raw(
  'i.id, i.channel_id, coalesce(mine.custom_title, ch.title) as channel_title, i.title, i.description, i.thumbnail, i.pub_date, i.duration_seconds, i.audio, i.video, i.transcript_url, i.transcript_type',
)
/** The user's link to the channel `ch`, for ITEM_COLUMNS. */
const myLink = (userId: number) => sql`left join ${feedUserChannels} mine on mine.channel_id = ch.id and mine.user_id = ${userId}`

const toItemView = (r: RawItem): ItemView => ({
  id: r.id,
  channelId: r.channel_id,
  channelTitle: r.channel_title,
  title: r.title,
  description: r.description,
  thumbnail: r.thumbnail,
  pubDate: r.pub_date === null ? null : new Date(r.pub_date),
  durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
  audio: r.audio,
  video: r.video,
  transcriptUrl: r.transcript_url,
  transcriptType: r.transcript_type,
  played: r.played,
})

/** The episodes as a user sees them: in the channels visible to them, with their played marks and collected articles. */
export function createEpisodesRepo(db: Db) {
  return {
    async itemsOfChannel(userId: number, channelId: number, limit: number): Promise<ItemView[]> {
      const { rows } = await db.execute<RawItem>(sql`
        select ${ITEM_COLUMNS},
          exists (select 1 from ${feedPlayed} p where p.item_id = i.id and p.user_id = ${userId}) as played
        from ${feedItems} i join ${feedChannels} ch on ch.id = i.channel_id
        ${myLink(userId)}
        where i.channel_id = ${channelId}
        order by i.pub_date desc nulls last, i.id desc
        limit ${limit}`)
      return rows.map(toItemView)
    },

    /** The newest episodes of the user's subscribed channels, with the user's played marks. */
    async subscribedItems(userId: number, limit: number): Promise<ItemView[]> {
      const { rows } = await db.execute<RawItem>(sql`
        select ${ITEM_COLUMNS},
          (p.item_id is not null) as played
        from ${feedUserChannels} mine
        join ${feedChannels} ch on ch.id = mine.channel_id
        join ${feedItems} i on i.channel_id = ch.id
        left join ${feedPlayed} p on p.item_id = i.id and p.user_id = ${userId}
        where mine.user_id = ${userId} and mine.subscribed
        order by i.pub_date desc nulls last, i.id desc
        limit ${limit}`)
      return rows.map(toItemView)
    },

    /** One episode, only when its channel is visible to the user. */
    async visibleItem(userId: number, itemId: number): Promise<ItemView | undefined> {
      const { rows } = await db.execute<RawItem>(sql`
        select ${ITEM_COLUMNS},
          exists (select 1 from ${feedPlayed} p where p.item_id = i.id and p.user_id = ${userId}) as played
        from ${feedItems} i join ${feedChannels} ch on ch.id = i.channel_id
        ${myLink(userId)}
        where i.id = ${itemId} and ${chVisibleTo(userId)}`)
      return rows[0] && toItemView(rows[0])
    },

    /** Whether an address is the audio or video of an episode in a channel the user sees (the mini player streams it). */
    async isVisibleEpisodeMedia(userId: number, address: string): Promise<boolean> {
      const { rows } = await db.execute(sql`
        select 1 from ${feedItems} i join ${feedChannels} ch on ch.id = i.channel_id
        where (i.audio = ${address} or i.video = ${address}) and ${chVisibleTo(userId)}
        limit 1`)
      return rows.length > 0
    },

    async setPlayed(userId: number, itemId: number, played: boolean): Promise<void> {
      if (played) await db.insert(feedPlayed).values({ userId, itemId }).onConflictDoNothing()
      else await db.delete(feedPlayed).where(and(eq(feedPlayed.userId, userId), eq(feedPlayed.itemId, itemId)))
    },

    /**
     * The user's article for an episode: the one collected before while it
     * still exists, else a new one made from `values`. The episode's row lock
     * makes two collects at once (a double click, two tabs) make one article.
     */
    async collectInto(userId: number, itemId: number, values: NewArticle): Promise<{ hashId: string; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${feedItems} where id = ${itemId} for update`)
        const [existing] = await tx
          .select({ hashId: articles.hashId })
          .from(feedItemArticles)
          .innerJoin(articles, and(eq(articles.id, feedItemArticles.articleId), eq(articles.userId, userId)))
          .where(and(eq(feedItemArticles.userId, userId), eq(feedItemArticles.itemId, itemId)))
        if (existing) return { hashId: existing.hashId, created: false }
        const [article] = await tx
          .insert(articles)
          .values({ ...values, userId, hashId: newPublicId() })
          .returning({ id: articles.id, hashId: articles.hashId })
        await tx
          .insert(feedItemArticles)
          .values({ userId, itemId, articleId: article!.id })
          .onConflictDoUpdate({ target: [feedItemArticles.userId, feedItemArticles.itemId], set: { articleId: article!.id } })
        await tx.insert(feedPlayed).values({ userId, itemId }).onConflictDoNothing()
        return { hashId: article!.hashId, created: true }
      })
    },
  }
}
