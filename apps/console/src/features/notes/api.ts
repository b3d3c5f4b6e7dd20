import { NOTES_EDITOR_HEADER, NOTES_REVISION_HEADER, notesFileName, notesRoutes } from '@lingocast/contract'
import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiCall, apiText } from '../../api/client'
import { sessionAccount } from '../../lib/session-account'
import { orDownloaded, unreachable } from '../offline/fallback'

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
    queryFn: async ({ signal }): Promise<string | null> =>
      orDownloaded(
        () => fetchNotes(hashId, signal),
        // Offline, a downloaded article's notes, with what was written since.
        (downloads) => downloads.find((d) => d.id === hashId && d.notes !== undefined)?.notes,
      ),
    networkMode: 'offlineFirst',
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: 1,
  })

/** The article's notes, or null when it has none yet (404). */
/** `account`: asked only in that account's session (a download names its owner). */
export async function fetchNotes(hashId: string, signal?: AbortSignal, account?: string): Promise<string | null> {
  try {
    return await apiText(notesRoutes.getNotes, { params: { file: notesFileName(hashId) }, signal, ...(account ? { account } : {}) })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export interface SaveOrder {
  /** This open editor. */
  editor: string
  /** Increases with every save it sends. */
  revision: number
}

/**
 * Saves the notes; when no server answers, they wait in the outbox (the
 * latest text of an article replaces an unsent older one) and go out with the
 * time they were written once the network is back.
 */
export async function saveNotesOrQueue(hashId: string, text: string, order: SaveOrder, keepalive = false): Promise<void> {
  try {
    await saveNotes(hashId, text, order, keepalive)
  } catch (error) {
    const owner = sessionAccount()
    if (!unreachable(error) || !owner) throw error
    const { queueNotes } = await import('./offline-notes')
    await queueNotes(owner, hashId, text)
  }
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
