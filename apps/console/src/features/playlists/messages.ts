import { MSG, PLAYLIST_MSG } from '@lingocast/contract'
import { ApiError, UNEXPECTED_FORMAT } from '../../api/client'

/** Visible texts of playlists: spec 000 s2 and s8 verbatim, plus the two confirmations the spec describes. */
export const PLAYLIST_TEXT = {
  ...PLAYLIST_MSG,
  tokenNotFound: MSG.tokenNotFound,
  unexpectedFormat: UNEXPECTED_FORMAT,
  addToCollection: 'Add to Collection',
  noCollections: "You haven't created any collections yet.",
  loadCurrentFailed: 'Failed to load current collections',
  addFailed: 'Failed to add to collection',
  // The spec gives their gist, not their words: a permanent delete for the owner, a removal for others.
  confirmDelete: 'Permanently delete this playlist? It will be deleted for everyone who kept it. This cannot be undone.',
  confirmRemove: "Remove this playlist from your library? You did not create it, so it stays with its owner and you can open its link again while it is public.",
} as const

/** A thrown error for a call made without a token, carrying the spec's text for that call. */
export class MissingTokenError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MissingTokenError'
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The server answered with a refusal or an HTTP error (as opposed to no answer, or a bug). */
const answered = (error: unknown): error is ApiError => error instanceof ApiError && error.status > 0

/** A refusal's reason: the server's msg, else the HTTP status. */
const refusalReason = (error: ApiError) => error.msg ?? error.message

/** New Playlist failed (spec 000 s8): the server's msg or 'Failed to create playlist.'; no answer: 'Error creating playlist: {message}'. */
export function createErrorMessage(error: unknown): string {
  if (error instanceof MissingTokenError) return error.message
  if (answered(error)) return error.msg ?? PLAYLIST_TEXT.createFailed
  return `Error creating playlist: ${reasonOf(error)}`
}

/** The playlist load failed but is not a not-found (spec 000 s8). */
export function detailErrorMessage(error: unknown): string {
  if (error instanceof MissingTokenError) return error.message
  if (error instanceof ApiError) {
    if (error.msg) return error.msg
    if (error.message === UNEXPECTED_FORMAT) return UNEXPECTED_FORMAT
    if (error.status > 0) return `Failed to fetch playlist (status: ${error.status})`
  }
  return PLAYLIST_TEXT.loadFailed
}

/** A 404 reads as the not-found state: the playlist is gone, private, or never was. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** Rename failed: 'Failed to update title: {reason}' when refused, 'An error occurred: {reason}' otherwise. */
export function titleErrorMessage(error: unknown): string {
  return answered(error) ? `Failed to update title: ${refusalReason(error)}` : `An error occurred: ${reasonOf(error)}`
}

/** Ours: the public switch failed and went back. */
export function sharingErrorMessage(error: unknown): string {
  return `Failed to change sharing: ${answered(error) ? refusalReason(error) : reasonOf(error)}`
}

export function deleteErrorMessage(error: unknown): string {
  if (error instanceof MissingTokenError) return error.message
  return `Operation failed: ${answered(error) ? refusalReason(error) : reasonOf(error)}`
}

export function removeItemErrorMessage(error: unknown): string {
  return `Failed to remove item: ${answered(error) ? refusalReason(error) : reasonOf(error)}`
}

/** The new title to save, or undefined when the edit just closes (trimmed empty or unchanged, spec 000 s5). */
export function titleToSave(draft: string, current: string): string | undefined {
  const next = draft.trim()
  return next === '' || next === current ? undefined : next
}
