import { libraryRoutes, type Article } from '@lingocast/contract'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiError, apiCall } from '../../api/client'
import { fireWindowEvent, onWindowEvent } from '../../lib/events'
import { orDownloaded } from '../offline/fallback'
import type { OpenedArticle } from '../../shared/episode-data'
import { newestFirst, restoreItem } from './items'

export const libraryKeys = {
  all: ['library'] as const,
  list: () => [...libraryKeys.all, 'list'] as const,
  article: (id: string) => [...libraryKeys.all, 'article', id] as const,
}

/** The signed-in user's articles, newest first (GET word_collections). */
export const libraryQuery = () =>
  queryOptions({
    queryKey: libraryKeys.list(),
    queryFn: async ({ signal }): Promise<Article[]> => newestFirst((await apiCall(libraryRoutes.wordCollections, { signal })).collections),
  })

export type { OpenedArticle }

/** One article by its HashID (or CollectionID as text). A 404 is final (the not-found screen); other failures retry once. */

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.article(id),
    // Offline, a downloaded article opens from its download.
    queryFn: async ({ signal }): Promise<OpenedArticle> =>
      orDownloaded(
        async () => {
          const res = await apiCall(libraryRoutes.getArticle, { query: { id }, signal })
          return { ...res.article, isMine: res.is_mine }
        },
        (downloads) => downloads.find((d) => d.article && (d.id === id || String(d.article.CollectionID) === id))?.article,
      ),
    networkMode: 'offlineFirst',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  })

export const deleteArticle = (hashId: string) => apiCall(libraryRoutes.deleteArticle, { body: { article_id: hashId } })
export const markArticleFinished = (hashId: string, finished: boolean) => apiCall(libraryRoutes.markFinished, { body: { article_id: hashId, finished } })

/** Applies a change to an article in every cached place it appears (list and single). */
function patchArticle(client: QueryClient, hashId: string, patch: Partial<Article>) {
  client.setQueryData(libraryQuery().queryKey, (items) => items?.map((a) => (a.HashID === hashId ? { ...a, ...patch } : a)))
  client.setQueryData(articleQuery(hashId).queryKey, (a) => (a ? { ...a, ...patch } : a))
}

/**
 * Delete, removed from the list at once and put back if the call fails
 * (spec 000 s4). The caller confirms first and reports the error.
 */
export function useDeleteArticle(options: { onError?: (error: unknown, article: Article) => void; onSuccess?: (article: Article) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (article: Article) => deleteArticle(article.HashID),
    onMutate: async (article) => {
      await client.cancelQueries({ queryKey: libraryKeys.list() })
      client.setQueryData(libraryQuery().queryKey, (items) => items?.filter((a) => a.HashID !== article.HashID))
    },
    onError: (error, article) => {
      // Put back only this item: another delete may have finished meanwhile.
      client.setQueryData(libraryQuery().queryKey, (items) => (items ? restoreItem(items, article) : items))
      options.onError?.(error, article)
    },
    onSuccess: (_res, article) => {
      client.removeQueries({ queryKey: libraryKeys.article(article.HashID) })
      options.onSuccess?.(article)
    },
    onSettled: () => client.invalidateQueries({ queryKey: libraryKeys.list() }),
  })
}

/**
 * Mark as Finished / Active, optimistic and reverted if the call fails
 * (spec 000 s4); libraryItemsChanged fires after a success.
 */
export function useMarkFinished(options: { onError?: (error: unknown, finished: boolean) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ article, finished }: { article: Article; finished: boolean }) => markArticleFinished(article.HashID, finished),
    onMutate: async ({ article, finished }) => {
      await client.cancelQueries({ queryKey: libraryKeys.all })
      patchArticle(client, article.HashID, { IsFinished: finished })
    },
    onError: (error, { article, finished }) => {
      patchArticle(client, article.HashID, { IsFinished: !finished })
      options.onError?.(error, finished)
    },
    onSuccess: () => fireWindowEvent('libraryItemsChanged'),
  })
}

/** Whoever shows library data calls this: a libraryItemsChanged event refetches it. */
export function useLibraryChangedEvent() {
  const client = useQueryClient()
  useEffect(() => onWindowEvent('libraryItemsChanged', () => void client.invalidateQueries({ queryKey: libraryKeys.all })), [client])
}
