import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { feedChannels, feedUserChannels } from '../../db/schema'
import type { ChannelRow } from './channels.repo'

/** Each user's links to channels: imported (visible), subscribed or not. */
export function createSubscriptionsRepo(db: Db) {
  return {
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
  }
}
