import { sql } from 'drizzle-orm'
import { feedChannels, feedUserChannels } from '../../db/schema'

/**
 * A channel is visible to a user when it is in the starter catalogue or the
 * user imported or subscribed to it. Every read that names a user checks it.
 */
export const visibleTo = (userId: number) =>
  sql`(${feedChannels.isCatalogue} or exists (select 1 from ${feedUserChannels} uc where uc.channel_id = ${feedChannels.id} and uc.user_id = ${userId}))`
/** The same test in raw SQL where the channel is aliased `ch`. */
export const chVisibleTo = (userId: number) => sql`(ch.is_catalogue or exists (select 1 from ${feedUserChannels} uc where uc.channel_id = ch.id and uc.user_id = ${userId}))`
