import { NEW_PLAYLIST_NAME, playlistRoutes as c, type PlaylistDetail, type PlaylistSummary } from '@lingocast/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiError, apiCall } from '../../api/client'
import { getToken } from '../../lib/cookies'
import { fireWindowEvent, onWindowEvent } from '../../lib/events'
import { MissingTokenError, PLAYLIST_TEXT } from './messages'

export type { PlaylistSummary }

export const playlistKeys = {
  all: ['playlists'] as const,
  list: () => [...playlistKeys.all, 'list'] as const,
  detail: (hashId: string) => [...playlistKeys.all, 'detail', hashId] as const,
  ofArticle: (collectionId: number) => [...playlistKeys.all, 'of-article', collectionId] as const,
}

/** The spec names the text shown when a call is attempted without a token; the call is not made. */
function requireToken(message: string) {
  if (!getToken()) throw new MissingTokenError(message)
}

/** The user's playlists. A load failure empties the list and is only logged (spec 000 s8). */
export const playlistsQuery = () =>
  queryOptions({
    queryKey: playlistKeys.list(),
    queryFn: async ({ signal }): Promise<PlaylistSummary[]> => {
      try {
        return (await apiCall(c.listPlaylists, { signal })).playlists
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error
        console.error(`Failed to fetch playlists: ${(error as Error).message}`)
        return []
      }
    },
  })

export type PlaylistView = Omit<PlaylistDetail, 'success' | 'msg'>

/** One playlist by hash_id. A 404 is final (the not-found state); other failures retry once. */
export const playlistDetailQuery = (hashId: string) =>
  queryOptions({
    queryKey: playlistKeys.detail(hashId),
    queryFn: async ({ signal }): Promise<PlaylistView> => {
      requireToken(PLAYLIST_TEXT.authRequired)
      const { success: _s, msg: _m, ...view } = await apiCall(c.playlistDetail, { query: { playlist_hash_id: hashId }, signal })
      return view
    },
    retry: (count, error) => error instanceof ApiError && error.status !== 404 && count < 1,
    // Items change from other screens (an article deleted from the library leaves its playlists): read afresh on each visit.
    staleTime: 0,
  })

/** The ids of the user's own playlists that already hold an article (by CollectionID). */
export const articlePlaylistsQuery = (collectionId: number) =>
  queryOptions({
    queryKey: playlistKeys.ofArticle(collectionId),
    queryFn: async ({ signal }): Promise<number[]> => (await apiCall(c.queryPlaylistByArticleId, { query: { article_id: collectionId }, signal })).playlistIDs,
    staleTime: 0,
    retry: false,
  })

/** The sidebar and the detail screen listen: any playlist change elsewhere refetches them. */
export function usePlaylistsChangedEvent() {
  const client = useQueryClient()
  useEffect(() => onWindowEvent('playlistsChanged', () => void client.invalidateQueries({ queryKey: playlistKeys.all })), [client])
}

/** The sidebar's New Playlist: 'Untitled Playlist', private (spec 000 s7). */
export function useCreatePlaylist() {
  return useMutation({
    mutationFn: async () => {
      requireToken(PLAYLIST_TEXT.tokenNotFound)
      return (await apiCall(c.newPlaylist, { body: { name: NEW_PLAYLIST_NAME, public: false } })).playlist
    },
    onSuccess: () => fireWindowEvent('playlistsChanged'),
  })
}

/** Save Changes of the Add to Collection dialog: the ticked playlists, and those unticked; playlistsChanged after a success. */
export function useAddToPlaylists(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: ({ collectionId, playlistIds, removeIds }: { collectionId: number; playlistIds: number[]; removeIds: number[] }) =>
      apiCall(c.addArticleToPlaylist, { body: { article_id: collectionId, playlist_ids: playlistIds, remove_playlist_ids: removeIds } }),
    onSuccess: () => {
      fireWindowEvent('playlistsChanged')
      options.onSuccess?.()
    },
  })
}

type Patch = Partial<Pick<PlaylistView, 'title' | 'public'>>

/**
 * Rename or switch public, shown at once and put back if the call fails
 * (spec 000 s4). playlistsChanged fires after a success.
 */
export function useModifyPlaylist(hashId: string, options: { onError?: (error: unknown, patch: Patch) => void } = {}) {
  const client = useQueryClient()
  const key = playlistKeys.detail(hashId)
  return useMutation({
    mutationFn: (patch: Patch) => apiCall(c.modifyPlaylist, { body: { playlist_hash_id: hashId, ...patch } }),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<PlaylistView>(key)
      client.setQueryData<PlaylistView>(key, (view) => (view ? { ...view, ...patch } : view))
      return { before }
    },
    onError: (error, patch, context) => {
      // Only the fields this call changed go back: another change may have landed meanwhile.
      const revert: Patch = {}
      if (patch.title !== undefined) revert.title = context?.before?.title
      if (patch.public !== undefined) revert.public = context?.before?.public
      client.setQueryData<PlaylistView>(key, (view) => (view ? { ...view, ...revert } : view))
      options.onError?.(error, patch)
    },
    onSuccess: () => fireWindowEvent('playlistsChanged'),
  })
}

/** Owner: remove one item, at once, restored in its place if the call fails (spec 000 s4). */
export function useRemoveItem(hashId: string, options: { onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient()
  const key = playlistKeys.detail(hashId)
  return useMutation({
    mutationFn: (articleId: number) => apiCall(c.delArticleFromPlaylist, { body: { playlist_hash_id: hashId, article_id: articleId } }),
    onMutate: async (articleId) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<PlaylistView>(key)
      const index = before?.articles.findIndex((a) => a.ArticleID === articleId) ?? -1
      const item = before?.articles[index]
      client.setQueryData<PlaylistView>(key, (view) => (view ? { ...view, articles: view.articles.filter((a) => a.ArticleID !== articleId) } : view))
      return { item, index }
    },
    onError: (error, _articleId, context) => {
      const { item, index } = context ?? {}
      if (item && index !== undefined) {
        client.setQueryData<PlaylistView>(key, (view) => {
          if (!view || view.articles.some((a) => a.ArticleID === item.ArticleID)) return view
          const articles = [...view.articles]
          articles.splice(Math.min(index, articles.length), 0, item)
          return { ...view, articles }
        })
      }
      options.onError?.(error)
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
}

/**
 * Owner: delete for everyone; anyone else: remove from their library.
 * `onDeleted` (the alert and leaving the screen) runs before playlistsChanged,
 * so the screen is gone before its query would refetch a playlist that is no more.
 */
export function useDeletePlaylist(hashId: string, options: { onDeleted: (wasMine: boolean) => void; onError: (error: unknown) => void }) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (_wasMine: boolean) => {
      requireToken(PLAYLIST_TEXT.authError)
      return apiCall(c.delPlaylist, { body: { playlist_hash_id: hashId } })
    },
    onSuccess: (_res, wasMine) => {
      options.onDeleted(wasMine)
      client.removeQueries({ queryKey: playlistKeys.detail(hashId), exact: true })
      fireWindowEvent('playlistsChanged')
    },
    onError: (error) => options.onError(error),
  })
}

/** A non-owner keeps a public playlist in their library; it then shows in their sidebar. */
export function useKeepPlaylist(hashId: string) {
  return useMutation({
    mutationFn: () => apiCall(c.keepPlaylist, { body: { playlist_hash_id: hashId } }),
    onSuccess: () => fireWindowEvent('playlistsChanged'),
  })
}
