import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { articles, feedChannels, feedItemArticles, feedItems, feedPlayed, feedUserChannels } from '../../db/schema'
import { newPublicId } from '../../lib/public-id'
import type { NewArticle } from '../library/library.repo'
import type { ParsedFeed, ParsedItem } from './parse-feed'

export type ChannelRow = typeof feedChannels.$inferSelect

export interface ListedChannel extends ChannelRow {
  /** The user's own name for the channel, when they renamed it. */
  customTitle: string | null
  latest: { id: number; title: string; durationSeconds: number | null; audio: string | null; video: string | null } | null
}

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

/** What a fetch changed: how many episodes were new. */
export interface SaveResult {
  added: number
}

/** Items per statement: PostgreSQL takes 65,535 bind parameters at most, and drizzle builds one on the event loop at ~40 µs an item. */
const ITEM_BATCH = 100

/**
 * A channel is visible to a user when it is in the starter catalogue or the
 * user imported or subscribed to it. Every read that names a user checks it.
 */
const visibleTo = (userId: number) =>
  sql`(${feedChannels.isCatalogue} or exists (select 1 from ${feedUserChannels} uc where uc.channel_id = ${feedChannels.id} and uc.user_id = ${userId}))`
/** The same test in raw SQL where the channel is aliased `ch`. */
const chVisibleTo = (userId: number) => sql`(ch.is_catalogue or exists (select 1 from ${feedUserChannels} uc where uc.channel_id = ch.id and uc.user_id = ${userId}))`

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

export function createFeedsRepo(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

  /** Upserts the channel's fields and its items; new items are counted (xmax = 0 marks an insert). */
  async function writeFeed(tx: Tx, channelId: number, feed: ParsedFeed): Promise<SaveResult> {
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

  const channelFields = (feed: ParsedFeed, keepCategory: boolean) => ({
    title: feed.title,
    description: feed.description,
    image: feed.image,
    ...(keepCategory ? {} : { category: feed.category }),
  })

  return {
    async channelByUrl(url: string): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(feedChannels).where(eq(feedChannels.url, url))
      return row
    },

    async channel(id: number): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(feedChannels).where(eq(feedChannels.id, id))
      return row
    },

    async visibleChannel(userId: number, id: number): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(feedChannels).where(and(eq(feedChannels.id, id), visibleTo(userId)))
      return row
    },

    /** The channels a user sees (or the one of them with `onlyId`), each with the user's name for it and its newest episode. */
    async listVisible(userId: number, onlyId?: number): Promise<ListedChannel[]> {
      const rows = await db
        .select({ channel: feedChannels, customTitle: feedUserChannels.customTitle })
        .from(feedChannels)
        .leftJoin(feedUserChannels, and(eq(feedUserChannels.channelId, feedChannels.id), eq(feedUserChannels.userId, userId)))
        .where(and(visibleTo(userId), onlyId === undefined ? undefined : eq(feedChannels.id, onlyId)))
        .orderBy(sql`coalesce(${feedUserChannels.customTitle}, ${feedChannels.title})`, feedChannels.id)
      if (rows.length === 0) return []
      const { rows: latest } = await db.execute<{ channel_id: number; id: number; title: string; duration_seconds: number | null; audio: string | null; video: string | null }>(sql`
        select distinct on (i.channel_id) i.channel_id, i.id, i.title, i.duration_seconds, i.audio, i.video
        from ${feedItems} i
        where i.channel_id in (${sql.join(
          rows.map((r) => sql`${r.channel.id}`),
          sql`, `,
        )})
        order by i.channel_id, i.pub_date desc nulls last, i.id desc`)
      const byChannel = new Map(latest.map((l) => [l.channel_id, l]))
      return rows.map(({ channel: r, customTitle }) => {
        const l = byChannel.get(r.id)
        return { ...r, customTitle, latest: l ? { id: l.id, title: l.title, durationSeconds: l.duration_seconds === null ? null : Number(l.duration_seconds), audio: l.audio, video: l.video } : null }
      })
    },

    /** The user's name for a channel: their own when they renamed it, else the publisher's. */
    async titleFor(userId: number, channelId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ title: sql<string>`coalesce(${feedUserChannels.customTitle}, ${feedChannels.title})` })
        .from(feedChannels)
        .leftJoin(feedUserChannels, and(eq(feedUserChannels.channelId, feedChannels.id), eq(feedUserChannels.userId, userId)))
        .where(eq(feedChannels.id, channelId))
      return row?.title
    },

    /**
     * The user's own name for a channel, on their link to it (made if they
     * had none: a catalogue channel); null goes back to the publisher's.
     * The shared channel row is not touched.
     */
    async setCustomTitle(userId: number, channelId: number, title: string | null): Promise<void> {
      if (title === null) {
        await db.update(feedUserChannels).set({ customTitle: null }).where(and(eq(feedUserChannels.userId, userId), eq(feedUserChannels.channelId, channelId)))
        return
      }
      await db
        .insert(feedUserChannels)
        .values({ userId, channelId, customTitle: title })
        .onConflictDoUpdate({ target: [feedUserChannels.userId, feedUserChannels.channelId], set: { customTitle: title } })
    },

    /** Creates a channel from a first successful fetch, with its items and the importer's link, in one transaction. */
    async createFetched(input: { url: string; feed: ParsedFeed; etag: string | null; lastModified: string | null; nextFetchAt: Date; userId: number }): Promise<{ id: number; title: string }> {
      return db.transaction(async (tx) => {
        // Another import of the same address may have won the race: then this one only links the user.
        const [created] = await tx
          .insert(feedChannels)
          .values({ url: input.url, ...channelFields(input.feed, false), status: 'ok', etag: input.etag, lastModified: input.lastModified, lastFetchedAt: new Date(), nextFetchAt: input.nextFetchAt })
          .onConflictDoNothing()
          .returning({ id: feedChannels.id, title: feedChannels.title })
        const channel = created ?? (await tx.select({ id: feedChannels.id, title: feedChannels.title }).from(feedChannels).where(eq(feedChannels.url, input.url)))[0]!
        if (created) await writeFeed(tx, created.id, input.feed)
        await tx.insert(feedUserChannels).values({ userId: input.userId, channelId: channel.id }).onConflictDoNothing()
        return channel
      })
    },

    /** A new fetch of a known channel: fields, items and the schedule in one transaction. */
    async saveFetched(channel: ChannelRow, input: { feed: ParsedFeed; etag: string | null; lastModified: string | null; nextFetchAt: Date }): Promise<SaveResult> {
      return db.transaction(async (tx) => {
        const result = await writeFeed(tx, channel.id, input.feed)
        await tx
          .update(feedChannels)
          .set({
            // The catalogue's category is ours; a publisher's own category is kept for imported feeds.
            ...channelFields(input.feed, channel.isCatalogue),
            status: 'ok',
            error: null,
            etag: input.etag,
            lastModified: input.lastModified,
            lastFetchedAt: new Date(),
            nextFetchAt: input.nextFetchAt,
            failCount: 0,
            parseErrors: 0,
          })
          .where(eq(feedChannels.id, channel.id))
        return result
      })
    },

    async saveNotModified(id: number, nextFetchAt: Date): Promise<void> {
      await db.update(feedChannels).set({ status: 'ok', error: null, lastFetchedAt: new Date(), nextFetchAt, failCount: 0 }).where(eq(feedChannels.id, id))
    },

    async saveFailure(id: number, values: { status: 'error' | 'paused'; error: string; nextFetchAt: Date; failCount: number; parseErrors: number }): Promise<void> {
      await db.update(feedChannels).set(values).where(eq(feedChannels.id, id))
    },

    /** The pubDates of a channel's newest episodes, for its refresh rhythm. */
    async recentPubDates(channelId: number, limit = 20): Promise<Date[]> {
      const rows = await db
        .select({ pubDate: feedItems.pubDate })
        .from(feedItems)
        .where(and(eq(feedItems.channelId, channelId), sql`${feedItems.pubDate} is not null`))
        .orderBy(sql`${feedItems.pubDate} desc`)
        .limit(limit)
      return rows.map((r) => r.pubDate!)
    },

    /**
     * Channels whose next fetch is due and that someone follows (imported or
     * subscribed), plus never-fetched or due catalogue channels when the
     * catalogue is fetched automatically. Paused channels wait for a hand.
     */
    async dueChannels(now: Date, includeCatalogue: boolean, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: feedChannels.id })
        .from(feedChannels)
        .where(
          and(
            sql`${feedChannels.status} <> 'paused'`,
            sql`${feedChannels.nextFetchAt} <= ${now.toISOString()}`,
            includeCatalogue
              ? sql`(${feedChannels.isCatalogue} or exists (select 1 from ${feedUserChannels} uc where uc.channel_id = ${feedChannels.id}))`
              : sql`exists (select 1 from ${feedUserChannels} uc where uc.channel_id = ${feedChannels.id})`,
          ),
        )
        .orderBy(feedChannels.nextFetchAt)
        .limit(limit)
      return rows.map((r) => r.id)
    },

    /** Adds the catalogue's channels that are not there yet (by address); nothing else changes. */
    async seedCatalogue(entries: Array<{ url: string; title: string; description: string; category: string }>): Promise<void> {
      if (entries.length === 0) return
      await db
        .insert(feedChannels)
        .values(entries.map((e) => ({ ...e, isCatalogue: true })))
        .onConflictDoUpdate({ target: feedChannels.url, set: { isCatalogue: true, category: sql`excluded.category` } })
    },

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

    async subscribedIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: feedUserChannels.channelId })
        .from(feedUserChannels)
        .where(and(eq(feedUserChannels.userId, userId), eq(feedUserChannels.subscribed, true)))
        .orderBy(feedUserChannels.channelId)
      return rows.map((r) => r.id)
    },

    /** The user's subscribed channels, each with the user's name for it (`title` stays the publisher's). */
    async subscribedChannels(userId: number): Promise<Array<ChannelRow & { customTitle: string | null }>> {
      return db
        .select({ channel: feedChannels, customTitle: feedUserChannels.customTitle })
        .from(feedUserChannels)
        .innerJoin(feedChannels, eq(feedChannels.id, feedUserChannels.channelId))
        .where(and(eq(feedUserChannels.userId, userId), eq(feedUserChannels.subscribed, true)))
        .orderBy(sql`coalesce(${feedUserChannels.customTitle}, ${feedChannels.title})`)
        .then((rows) => rows.map((r) => ({ ...r.channel, customTitle: r.customTitle })))
    },

    /** Links the user to a channel (creating the channel as pending when its address is new); returns its id. */
    async followByUrl(userId: number, url: string, title: string): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.insert(feedChannels).values({ url, title }).onConflictDoNothing()
        const [channel] = await tx.select({ id: feedChannels.id }).from(feedChannels).where(eq(feedChannels.url, url))
        await tx
          .insert(feedUserChannels)
          .values({ userId, channelId: channel!.id, subscribed: true })
          .onConflictDoUpdate({ target: [feedUserChannels.userId, feedUserChannels.channelId], set: { subscribed: true } })
        return channel!.id
      })
    },

    /** Makes a channel visible to a user (they imported it) without changing their subscription. */
    async link(userId: number, channelId: number): Promise<void> {
      await db.insert(feedUserChannels).values({ userId, channelId }).onConflictDoNothing()
    },

    async setSubscribed(userId: number, channelId: number, subscribed: boolean): Promise<void> {
      await db
        .insert(feedUserChannels)
        .values({ userId, channelId, subscribed })
        .onConflictDoUpdate({ target: [feedUserChannels.userId, feedUserChannels.channelId], set: { subscribed } })
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

export type FeedsRepo = ReturnType<typeof createFeedsRepo>
