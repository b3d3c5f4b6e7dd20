import { boolean, index, integer, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { articles } from './library'
import { users } from './users'

/**
 * A channel's feed, fetched once for everyone who follows it (keyed by its
 * address). Which users see it is `feed_user_channels`; the starter
 * catalogue is visible to all.
 */
export const feedChannels = pgTable(
  'feed_channels',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    /** The publisher's category, or the catalogue's; null lists it under 'Uncategorized'. */
    category: text('category'),
    isCatalogue: boolean('is_catalogue').notNull().default(false),
    /** pending (never fetched), ok, error (retrying with backoff), paused (3 parse errors in a row). */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
    /** Consecutive failures: fetch failures set the backoff, parse failures pause the feed at 3. */
    failCount: integer('fail_count').notNull().default(0),
    parseErrors: integer('parse_errors').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('feed_channels_url_key').on(t.url), index('feed_channels_next_fetch_idx').on(t.nextFetchAt)],
)

/** An episode, once per channel and publisher id (guid, else enclosure address, else link). */
export const feedItems = pgTable(
  'feed_items',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => feedChannels.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    pubDate: timestamp('pub_date', { withTimezone: true }),
    durationSeconds: real('duration_seconds'),
    audio: text('audio'),
    video: text('video'),
    link: text('link'),
    /** The publisher's transcript (<podcast:transcript>): the best source for the episode's words. */
    transcriptUrl: text('transcript_url'),
    transcriptType: text('transcript_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feed_items_channel_guid_key').on(t.channelId, t.guid),
    index('feed_items_channel_date_idx').on(t.channelId, t.pubDate),
    // The media proxy asks, on every range request, whether an address is an episode the user may play.
    index('feed_items_audio_idx').on(t.audio),
    index('feed_items_video_idx').on(t.video),
  ],
)

/** A user's link to a channel: imported by them (so they see it), subscribed, and/or renamed by them. */
export const feedUserChannels = pgTable(
  'feed_user_channels',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => feedChannels.id, { onDelete: 'cascade' }),
    subscribed: boolean('subscribed').notNull().default(false),
    /** The user's own name for the channel (null: the publisher's); the shared channel row keeps the publisher's. */
    customTitle: text('custom_title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channelId] }), index('feed_user_channels_channel_idx').on(t.channelId)],
)

/** Episodes a user has played; only theirs. */
export const feedPlayed = pgTable(
  'feed_played',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
)

/** The library article a user collected an episode into, so collecting again reopens it. */
export const feedItemArticles = pgTable(
  'feed_item_articles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
)
