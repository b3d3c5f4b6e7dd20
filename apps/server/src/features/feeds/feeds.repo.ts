import type { Db } from '../../db/client'
import { createChannelsRepo } from './channels.repo'
import { createEpisodesRepo } from './episodes.repo'
import { createSubscriptionsRepo } from './subscriptions.repo'

export type { ChannelRow, ListedChannel } from './channels.repo'
export type { ItemView } from './episodes.repo'
export type { SaveResult } from './feed-write'

/** The feeds service's one repo: channels, their episodes and the users' links to them, each in its own file. */
export function createFeedsRepo(db: Db) {
  return { ...createChannelsRepo(db), ...createEpisodesRepo(db), ...createSubscriptionsRepo(db) }
}

export type FeedsRepo = ReturnType<typeof createFeedsRepo>
