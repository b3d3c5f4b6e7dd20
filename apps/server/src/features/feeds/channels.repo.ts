import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { feedChannels, feedItems, feedUserChannels } from '../../db/schema'
import { visibleTo } from './channel-visibility'
import { channelFields, writeFeed, type SaveResult } from './feed-write'
import type { ParsedFeed } from './parse-feed'

export type ChannelRow = typeof feedChannels.$inferSelect

export interface ListedChannel extends ChannelRow {
  /** The user's own name for the channel, when they renamed it. */
  customTitle: string | null
  latest: { id: number; title: string; durationSeconds: number | null; audio: string | null; video: string | null } | null
}

/** The channels: what their feeds said, when they are fetched next, and each user's name for them. */
export function createChannelsRepo(db: Db) {
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
  }
}
