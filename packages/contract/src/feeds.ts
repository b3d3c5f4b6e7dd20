import { z } from 'zod'
import { defineRoute, idInput, okBody } from './http'
import { fieldRule, lazySchema } from './lazy-schema'

/** spec 001 s2: the category a channel without one is listed under. */
export const UNCATEGORIZED = 'Uncategorized'
/** spec 001 s9: feed and episode descriptions are cut here, with Show more / Show less. */
export const FEED_DESCRIPTION_TRUNCATE = 200
/** spec 001 s9: the subscribe toast stays this long. */
export const FEED_TOAST_MS = 3000
/** A video value starting with this marks an external (YouTube) video (spec 001 s3). */
export const YOUTUBE_PREFIX = 'youtube:'
/** Ours: My Feed lists at most this many of the newest episodes of the subscribed channels. */
export const SUBSCRIBED_ITEMS_LIMIT = 1000
/** Ours: a channel's page lists at most this many of its newest episodes (a feed may keep thousands). */
export const CHANNEL_ITEMS_LIMIT = 500
/** Ours: an OPML file larger than this is refused. */
export const OPML_MAX_BYTES = 2 * 1024 * 1024
/** Ours: the longest name a user may give a channel (cards and headers show one or two lines). */
export const FEED_TITLE_MAX = 200

/**
 * Where a channel's last fetch left it (ours): `pending` never fetched yet
 * (Discover says it is not loaded), `ok`, `error` (the last try failed; it is
 * retried with backoff), `paused` (3 parse errors in a row; refreshed by hand).
 */
export const feedStatus = lazySchema(() => z.enum(['pending', 'ok', 'error', 'paused']))
export type FeedStatus = z.infer<typeof feedStatus>

/** What a channel's status says beyond its last failure (Feed.notice). */
export const FEED_NOTICE = {
  set_aside:
    'The server stopped twice while it was updating this channel, so it was set aside and your other channels are updated as usual. Press Refresh now to try it again.',
} as const satisfies Record<NonNullable<Feed['notice']>, string>

/** An episode as a channel card shows it: the latest one (spec 001 s3). */
export const latestEpisode = lazySchema(() => z.object({
  id: z.number().int(),
  title: z.string(),
  duration: z.number().nullable(),
  audio: z.string().nullable(),
  video: z.string().nullable(),
}))
export type LatestEpisode = z.infer<typeof latestEpisode>

/** A channel (spec 001 s3), plus where its feed lives and how its last fetch went. */
export const feed = lazySchema(() => z.object({
  id: z.number().int(),
  /** The caller's own name for the channel when they renamed it, else the publisher's. */
  title: z.string(),
  /** Ours: the publisher's title (or what stands in for a missing one), the same for every user. */
  publisher_title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  category: z.string(),
  latest_episode: latestEpisode.nullable(),
  url: z.string(),
  status: feedStatus,
  /** The last fetch's failure, in words, while status is error or paused. */
  error: z.string().nullable(),
  last_fetched_at: z.string().nullable(),
  /**
   * Ours, only when it applies: 'set_aside', status 'paused' because fetching this feed stopped the
   * server twice; FEED_NOTICE has the words (also in `error`). A refresh by hand tries it again.
   */
  notice: z.enum(['set_aside']).optional(),
}))
export type Feed = z.infer<typeof feed>

/** An episode (spec 001 s3). `pub_date` is ISO 8601; `description` is the publisher's HTML. */
export const feedItem = lazySchema(() => z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  pub_date: z.string().nullable(),
  duration: z.number().nullable(),
  rss_id: z.number().int(),
  rss_channel_name: z.string(),
  audio: z.string().nullable(),
  video: z.string().nullable(),
  isPlayed: z.boolean(),
  /** Ours: the publisher ships a transcript, so the episode's words will be exact. */
  has_transcript: z.boolean(),
}))
export type FeedItem = z.infer<typeof feedItem>

const idError = (field: string) => `${field} must be a feed id`
const id = (field: string) => idInput(idError(field))

export const rssList = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/rss-list',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok'), data: z.array(feed) })),
})

export const rssItems = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/rss-items',
  auth: 'bearer',
  query: lazySchema(() => z.object({ rss_id: id('rss_id') })),
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok'), items: z.array(feedItem) })),
})

export const userRssIdList = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/user-rss-id-list',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok'), data: z.array(z.number().int()) })),
})

export const userRssSubscribeItems = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/user-rss-subscribe-items',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok'), items: z.array(feedItem) })),
})

export const rssSubscribe = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/rss-subscribe',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ rss_id: id('rss_id') })),
  response: okBody,
})

export const rssUnsubscribe = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/rss-unsubscribe',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ rss_id: id('rss_id') })),
  response: okBody,
})

/** spec 001 s5: blank or not a URL gives this text, on both sides. */
export const INVALID_RSS_URL = 'Please enter a valid RSS URL'

export const rssUrl = fieldRule(() => z
  .string({ error: INVALID_RSS_URL })
  .trim()
  .min(1, INVALID_RSS_URL)
  .max(2048, INVALID_RSS_URL)
  .refine((v) => {
    try {
      const u = new URL(v)
      return u.protocol === 'http:' || u.protocol === 'https:'
    } catch {
      return false
    }
  }, INVALID_RSS_URL))

/** Fetches and parses the feed before answering; the channel then shows in Discover (ours: its id comes back). */
export const importRssChannel = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/import-rss-channel',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ rss_url: rssUrl })),
  response: lazySchema(() => okBody.extend({ rss_id: z.number().int(), title: z.string() })),
})

/** Creates (or finds) the caller's article for the episode and queues its transcript. */
export const collectRssItem = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/collect-rss-item',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ rss_item_id: id('rss_item_id') })),
  response: lazySchema(() => okBody.extend({ article_hash_id: z.string() })),
})

/** Ours: the played mark of one episode, for the caller only. */
export const rssItemPlayed = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/rss-item-played',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ rss_item_id: id('rss_item_id'), played: z.boolean({ error: 'played must be true or false' }).default(true) })),
  response: okBody,
})

/** Ours: fetch a channel now (a paused one starts again). Answers once the fetch is done. */
export const rssRefresh = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/rss-refresh',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ rss_id: id('rss_id') })),
  response: lazySchema(() => okBody.extend({ data: feed })),
})

/** What the rename call and the console's dialog say about a bad name, word for word. */
export const FEED_TITLE_MSG = {
  required: "title is required: a name for the channel, or null for the publisher's title",
  empty: 'The channel name cannot be empty',
  tooLong: `The channel name is longer than ${FEED_TITLE_MAX} characters`,
  oneLine: 'The channel name must be one line of text',
} as const

/** A name a user gives a channel: trimmed, one line, 1..FEED_TITLE_MAX characters. */
export const feedTitle = fieldRule(() => z
  .string({ error: FEED_TITLE_MSG.required })
  .trim()
  .min(1, FEED_TITLE_MSG.empty)
  .max(FEED_TITLE_MAX, FEED_TITLE_MSG.tooLong)
  // Tabs, line breaks and other controls would break the one-line cards and the OPML export.
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), FEED_TITLE_MSG.oneLine))

/**
 * Ours: the caller's own name for a channel (`title: null` goes back to the
 * publisher's). Channels are shared, so the name is kept on the caller's link
 * to it: other users still see theirs. Answers the channel as the caller sees it.
 */
export const rssRename = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/rss-rename',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ rss_id: id('rss_id'), title: feedTitle.nullable() })),
  response: lazySchema(() => okBody.extend({ data: feed })),
})

/** Ours: the caller's subscriptions as an OPML 2.0 document. */
export const exportOpml = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/rss-opml',
  auth: 'bearer',
  responseType: 'text',
  response: lazySchema(() => z.string()),
})

/**
 * Ours: subscribes to every feed of an OPML document (sent as text). Feeds new
 * to the server are fetched by the refresh job, not before the answer.
 */
export const importOpml = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/rss-opml',
  auth: 'bearer',
  bodyEncoding: 'text',
  body: lazySchema(() => z.string({ error: 'Send the OPML file as the request body' }).max(OPML_MAX_BYTES, 'The OPML file is too large (at most 2 MB)')),
  response: lazySchema(() => okBody.extend({ subscribed: z.number().int(), skipped: z.array(z.object({ url: z.string(), reason: z.string() })) })),
})

/** Whole minutes, rounded up (spec 001 s9: channel cards and episode play buttons). */
export function minutesRoundedUp(seconds: number | null | undefined): number {
  if (!seconds || seconds <= 0) return 0
  return Math.ceil(seconds / 60)
}
