import { feedRoutes as c, type Feed, type FeedItem } from '@lingocast/contract'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiCall, apiText, currentToken } from '../../api/client'
import { orDownloaded } from '../offline/fallback'
import { fireWindowEvent } from '../../lib/events'
import { libraryKeys } from '../library/api'
import { toggleId } from './channels'
import { withPlayed } from './episodes'
import { MissingTokenError } from './messages'

export type { Feed, FeedItem }

export const feedKeys = {
  all: ['feeds'] as const,
  list: () => [...feedKeys.all, 'list'] as const,
  items: (rssId: number) => [...feedKeys.all, 'items', rssId] as const,
  allItems: () => [...feedKeys.all, 'items'] as const,
  subscribedIds: () => [...feedKeys.all, 'subscribed-ids'] as const,
  subscribedItems: () => [...feedKeys.all, 'subscribed-items'] as const,
}

/**
 * Every feed call carries the bearer token: without one the spec's text shows and nothing is sent (spec 001 s5).
 * The client's token, not the cookie's: on the server, My Feed's frame is rendered with the page's.
 */
function requireToken() {
  if (!currentToken()) throw new MissingTokenError()
}

/** A missing token is final; anything else is tried once more. */
const retryOnce = (count: number, error: unknown) => !(error instanceof MissingTokenError) && count < 1

/** The channels the user can see: the catalogue and the ones they imported (rss-list). */
export const feedsQuery = () =>
  queryOptions({
    queryKey: feedKeys.list(),
    queryFn: async ({ signal }): Promise<Feed[]> => {
      requireToken()
      return (await apiCall(c.rssList, { signal })).data
    },
    retry: retryOnce,
  })

/** One channel's episodes (rss-items). */
export const feedItemsQuery = (rssId: number) =>
  queryOptions({
    queryKey: feedKeys.items(rssId),
    queryFn: async ({ signal }): Promise<FeedItem[]> => {
      requireToken()
      return (await apiCall(c.rssItems, { query: { rss_id: rssId }, signal })).items
    },
    retry: retryOnce,
  })

/** The ids of the channels the user subscribes to (user-rss-id-list). */
export const subscribedIdsQuery = () =>
  queryOptions({
    queryKey: feedKeys.subscribedIds(),
    queryFn: async ({ signal }): Promise<number[]> => {
      requireToken()
      return (await apiCall(c.userRssIdList, { signal })).data
    },
    retry: retryOnce,
  })

/** Episodes of the subscribed channels, newest first, with the user's played marks (user-rss-subscribe-items). */
export const subscribedItemsQuery = () =>
  queryOptions({
    queryKey: feedKeys.subscribedItems(),
    queryFn: async ({ signal }): Promise<FeedItem[]> => {
      requireToken()
      return orDownloaded(
        async () => (await apiCall(c.userRssSubscribeItems, { signal })).items,
        // Offline, the downloaded episodes: the mini player plays them from their copy.
        (downloads) => {
          const items = downloads.flatMap((d) => (d.item ? [d.item] : []))
          return items.length > 0 ? items : undefined
        },
      )
    },
    networkMode: 'offlineFirst',
    retry: retryOnce,
    // Played marks change from the player and other screens: read afresh on each visit. Not at once stale,
    // though: the route asks for the list beside the screen's code (app/routes.tsx), and with staleTime 0 the
    // screen asked again as it mounted, drawing the list a second time on a phone's busiest second.
    staleTime: 5_000,
  })

export interface ToggleInput {
  rssId: number
  /** True to subscribe, false to unsubscribe. */
  subscribe: boolean
}

/**
 * Subscribe / unsubscribe: the button flips at once and flips back if the
 * call fails; My Feed's episodes follow once it succeeds.
 */
export function useToggleSubscription(options: { onSuccess?: (input: ToggleInput) => void; onError?: (error: unknown, input: ToggleInput) => void } = {}) {
  const client = useQueryClient()
  const key = feedKeys.subscribedIds()
  return useMutation({
    mutationFn: async ({ rssId, subscribe }: ToggleInput) => {
      requireToken()
      return apiCall(subscribe ? c.rssSubscribe : c.rssUnsubscribe, { body: { rss_id: rssId } })
    },
    onMutate: async ({ rssId, subscribe }) => {
      await client.cancelQueries({ queryKey: key })
      client.setQueryData<number[]>(key, (ids) => (ids ? toggleId(ids, rssId, subscribe) : ids))
    },
    onError: (error, input) => {
      client.setQueryData<number[]>(key, (ids) => (ids ? toggleId(ids, input.rssId, !input.subscribe) : ids))
      options.onError?.(error, input)
    },
    onSuccess: (_res, input) => options.onSuccess?.(input),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: feedKeys.subscribedItems() })]),
  })
}

/** Import RSS Feed: the server fetches and parses the feed first; the channel list then reloads. */
export function useImportFeed(options: { onSuccess?: (result: { rssId: number; title: string }) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (rssUrl: string) => {
      requireToken()
      const res = await apiCall(c.importRssChannel, { body: { rss_url: rssUrl } })
      return { rssId: res.rss_id, title: res.title }
    },
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: feedKeys.list() })
      options.onSuccess?.(result)
    },
  })
}

/** The played mark in every cached list that shows the episode. */
function patchPlayed(client: QueryClient, item: Pick<FeedItem, 'id' | 'rss_id'>, played: boolean) {
  client.setQueryData<FeedItem[]>(feedKeys.subscribedItems(), (items) => (items ? withPlayed(items, item.id, played) : items))
  client.setQueryData<FeedItem[]>(feedKeys.items(item.rss_id), (items) => (items ? withPlayed(items, item.id, played) : items))
}

export interface PlayedInput {
  item: Pick<FeedItem, 'id' | 'rss_id'>
  played: boolean
}

/** Mark played / unplayed (ours), shown at once and put back if the call fails. */
export function useMarkPlayed(options: { onError?: (error: unknown, input: PlayedInput) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ item, played }: PlayedInput) => {
      requireToken()
      return apiCall(c.rssItemPlayed, { body: { rss_item_id: item.id, played } })
    },
    onMutate: async ({ item, played }) => {
      await client.cancelQueries({ queryKey: feedKeys.subscribedItems() })
      patchPlayed(client, item, played)
    },
    onError: (error, input) => {
      patchPlayed(client, input.item, !input.played)
      options.onError?.(error, input)
    },
  })
}

/**
 * Add to study: the server makes (or finds) the user's article for the
 * episode and marks it played; the library and the played marks reload.
 */
export function useCollectEpisode() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (item: Pick<FeedItem, 'id' | 'rss_id'>) => {
      requireToken()
      return (await apiCall(c.collectRssItem, { body: { rss_item_id: item.id } })).article_hash_id
    },
    onSuccess: (_hash, item) => {
      patchPlayed(client, item, true)
      void client.invalidateQueries({ queryKey: libraryKeys.all })
      void client.invalidateQueries({ queryKey: feedKeys.subscribedItems() })
      void client.invalidateQueries({ queryKey: feedKeys.items(item.rss_id) })
      fireWindowEvent('libraryItemsChanged')
    },
  })
}

/** Refresh now (ours): fetches the channel at once; a paused one starts again. */
export function useRefreshFeed(options: { onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (rssId: number) => {
      requireToken()
      return (await apiCall(c.rssRefresh, { body: { rss_id: rssId } })).data
    },
    onSuccess: (feed) => {
      client.setQueryData<Feed[]>(feedKeys.list(), (feeds) => feeds?.map((f) => (f.id === feed.id ? feed : f)))
      void client.invalidateQueries({ queryKey: feedKeys.items(feed.id) })
      void client.invalidateQueries({ queryKey: feedKeys.subscribedItems() })
    },
    onError: (error) => options.onError?.(error),
  })
}

export interface RenameInput {
  rssId: number
  /** The user's own name; null goes back to the publisher's title. */
  title: string | null
}

/**
 * Rename (ours): the user's own name for a channel, theirs alone. The channel
 * comes back as they now see it; their episode lists show the new name.
 */
export function useRenameFeed(options: { onSuccess?: (feed: Feed) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ rssId, title }: RenameInput) => {
      requireToken()
      return (await apiCall(c.rssRename, { body: { rss_id: rssId, title } })).data
    },
    onSuccess: (feed) => {
      client.setQueryData<Feed[]>(feedKeys.list(), (feeds) => feeds?.map((f) => (f.id === feed.id ? feed : f)))
      void client.invalidateQueries({ queryKey: feedKeys.list() })
      // Episodes carry their channel's name (rss_channel_name).
      void client.invalidateQueries({ queryKey: feedKeys.items(feed.id) })
      void client.invalidateQueries({ queryKey: feedKeys.subscribedItems() })
      options.onSuccess?.(feed)
    },
  })
}

/** The user's subscriptions as OPML text (ours). */
export async function exportOpml(): Promise<string> {
  requireToken()
  return apiText(c.exportOpml)
}

/** Subscribes to every feed of an OPML document (ours); subscriptions and channels reload. */
export function useImportOpml(options: { onSuccess?: (result: { subscribed: number; skipped: number }) => void; onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (text: string) => {
      requireToken()
      const res = await apiCall(c.importOpml, { body: text })
      return { subscribed: res.subscribed, skipped: res.skipped.length }
    },
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: feedKeys.all })
      options.onSuccess?.(result)
    },
    onError: (error) => options.onError?.(error),
  })
}
