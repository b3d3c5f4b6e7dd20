import { z } from 'zod'
import { defineRoute, idInput, okBody } from './http'
import { articleRef, parseArticleRef } from './library'
import { lazySchema } from './lazy-schema'

/** spec 000 s7: 'Untitled Playlist' is the name the sidebar's New Playlist button sends. */
export const NEW_PLAYLIST_NAME = 'Untitled Playlist'
/** Ours: a title longer than this is refused (the sidebar and the header show one line). */
export const PLAYLIST_TITLE_MAX = 200

/** Public ids are nanoid strings (ARCHITECTURE s3); anything else cannot name a playlist. */
const hashId = lazySchema(() => z.string({ error: 'playlist_hash_id is required' }).trim().min(1, 'playlist_hash_id is required').max(64))
const title = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, 'Playlist title cannot be empty')
    .max(PLAYLIST_TITLE_MAX, `Playlist title is longer than ${PLAYLIST_TITLE_MAX} characters`)
const playlistIdsError = 'playlist_ids must be a list of playlist ids'
const playlistIds = lazySchema(() => z.array(idInput(playlistIdsError), { error: playlistIdsError }).max(1000))
/** Query strings carry the article id as text: digits are a CollectionID, anything else a HashID. */
const queryArticleRef = lazySchema(() => z.preprocess((v) => (typeof v === 'string' ? parseArticleRef(v) : v), articleRef))

/** One row of the sidebar's Collections list; `is_mine` false for a public playlist kept from another user. */
export const playlistSummary = lazySchema(() => z.object({
  id: z.number().int(),
  hash_id: z.string(),
  title: z.string(),
  is_mine: z.boolean(),
  public: z.boolean(),
}))
export type PlaylistSummary = z.infer<typeof playlistSummary>

/**
 * Playlist article item, field names as spec 000 s3 writes them. `Audio` is
 * ours: the detail screen's player bar needs an address for audio-only items.
 */
export const playlistArticle = lazySchema(() => z.object({
  ArticleID: z.number().int(),
  HashID: z.string(),
  Title: z.string(),
  Thumbnail: z.string().nullable().optional(),
  Duration: z.number().nullable().optional(),
  Video: z.string().nullable().optional(),
  Audio: z.string().nullable().optional(),
}))
export type PlaylistArticle = z.infer<typeof playlistArticle>

export const listPlaylists = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/playlists',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok'), playlists: z.array(playlistSummary) })),
})

export const newPlaylist = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/new_playlist',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    name: title('name').default(NEW_PLAYLIST_NAME),
    public: z.boolean({ error: 'public must be true or false' }).default(false),
  })),
  // The new playlist comes back too, so a caller can open it without another call.
  response: lazySchema(() => okBody.extend({ playlist: playlistSummary })),
})

export const queryPlaylistByArticleId = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/query_playlist_by_article_id',
  auth: 'bearer',
  query: lazySchema(() => z.object({ article_id: queryArticleRef })),
  /** The caller's own playlists that hold the article. */
  response: lazySchema(() => okBody.extend({ playlistIDs: z.array(z.number().int()) })),
})

/**
 * Save Changes of the Add to Collection dialog. The article goes to the end
 * of each of `playlist_ids` that does not hold it yet. `remove_playlist_ids`
 * (ours) names the playlists the user unticked: only those lose it, so a
 * dialog that could not read the current membership never removes anything.
 * All or nothing: an id that is not one of the caller's own changes nothing.
 */
export const addArticleToPlaylist = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/add_article_to_playlist',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    article_id: articleRef,
    playlist_ids: playlistIds,
    remove_playlist_ids: playlistIds.optional(),
  })),
  response: okBody,
})

export const playlistDetail = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/playlist_detail',
  auth: 'bearer',
  query: lazySchema(() => z.object({ playlist_hash_id: hashId })),
  response: lazySchema(() => okBody.extend({
    hash_id: z.string(),
    title: z.string(),
    articles: z.array(playlistArticle),
    is_mine: z.boolean(),
    public: z.boolean(),
    /** Ours: whether a non-owner keeps it in their library (always true for the owner). */
    in_library: z.boolean(),
  })),
})
export type PlaylistDetail = z.output<typeof playlistDetail.response>

/** Owner only: a new title, the public switch, or both. */
export const modifyPlaylist = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/modify_playlist',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z
    .object({ playlist_hash_id: hashId, title: title('title').optional(), public: z.boolean({ error: 'public must be true or false' }).optional() })
    .refine((b) => b.title !== undefined || b.public !== undefined, { error: 'Nothing to change: send title or public' })),
  response: okBody,
})

/** Owner: deletes it for everyone. Anyone else: removes it from their own library. */
export const delPlaylist = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/del_playlist',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ playlist_hash_id: hashId })),
  response: okBody,
})

/** Owner only. `article_id` is the item's ArticleID. */
export const delArticleFromPlaylist = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/del_article_from_playlist',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ playlist_hash_id: hashId, article_id: articleRef })),
  response: okBody,
})

/**
 * Ours (the spec shows the sharing but not its call): keeps another user's
 * public playlist in the caller's library, listed with is_mine false.
 */
export const keepPlaylist = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/keep_playlist',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ playlist_hash_id: hashId })),
  response: okBody,
})
