import { NOTES_EDITOR_HEADER, NOTES_REVISION_HEADER, notesFileName, notesRoutes } from '@lingocast/contract'
import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiCall, apiText } from '../../api/client'

export const notesKeys = {
  all: ['notes'] as const,
  article: (hashId: string) => [...notesKeys.all, hashId] as const,
}

/**
 * The article's notes, or null when it has none yet (404). Loaded once: after
 * that the editor is the source of truth and writes its text back here, so a
 * remount shows the latest edit rather than an old copy.
 */
export const notesQuery = (hashId: string) =>
  queryOptions({
    queryKey: notesKeys.article(hashId),
    queryFn: async ({ signal }): Promise<string | null> => {
      try {
        return await apiText(notesRoutes.getNotes, { params: { file: notesFileName(hashId) }, signal })
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: 1,
  })

export interface SaveOrder {
  /** This open editor. */
  editor: string
  /** Increases with every save it sends. */
  revision: number
}

/** PUT the notes; `keepalive` lets the final save outlive a closing tab. */
export function saveNotes(hashId: string, text: string, order: SaveOrder, keepalive = false) {
  return apiCall(notesRoutes.putNotes, {
    params: { file: notesFileName(hashId) },
    body: text,
    headers: { [NOTES_EDITOR_HEADER]: order.editor, [NOTES_REVISION_HEADER]: String(order.revision) },
    keepalive,
  })
}
