import type { TranscriptionStatus } from '@lingocast/contract'
import { ApiError } from '../../api/client'

/** Texts of the player that the spec quotes (000 s2, s5, s8), verbatim. */
export const PLAYER_TEXT = {
  notFound: 'Article not found',
  markFinished: 'Mark as Finished',
  markActive: 'Mark as Active',
  addToCollection: 'Add to Collection...',
  deleteItem: 'Delete Item',
  finished: 'Finished',
  createFlashcards: 'Create flashcards from this segment',
} as const

/**
 * Where Delete Item returns to: the library. Spec 000 s2 names "/library", "a
 * path that is not in the table above", which showed "Page not found"; the
 * library is the Learning screen at /console/.
 */
export const AFTER_DELETE_PATH = '/'

// Delete Item asks and fails in the same words in the player as on a library card.
export { deleteConfirmText, deleteErrorMessage } from '../library/items'

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** True when the article call answered 404: the not-found screen, not an error. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** Article load: the server's msg, else 'Failed to fetch article: {reason}'. */
export function articleErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.msg) return error.msg
  return `Failed to fetch article: ${reasonOf(error)}`
}

/**
 * Mark as Finished / Active failed: the server refused ('Failed to mark as
 * finished'), or the call itself broke ('Error marking as finished: {reason}').
 */
export function markErrorMessage(error: unknown, finished: boolean): string {
  const state = finished ? 'finished' : 'active'
  if (error instanceof ApiError && error.status > 0) return `Failed to mark as ${state}`
  return `Error marking as ${state}: ${reasonOf(error)}`
}


// The offline layer stores media under the same address, so it is defined below both.
export { proxiedMediaUrl } from '../../lib/media-proxy'

/** A Video value of the form youtube:{id} (spec 000 s1). */
export function youTubeId(video: string | null | undefined): string | undefined {
  const m = /^youtube:([A-Za-z0-9_-]{6,20})$/.exec(video?.trim() ?? '')
  return m?.[1]
}

export type PlayerKind = 'audio' | 'video' | 'youtube'

/**
 * What plays, from the route's media type and the article: the video route
 * plays the Video (YouTube or a file), the audio route the Audio; each falls
 * back to the other address when its own is missing.
 */
export function pickMedia(mediaType: string | undefined, article: { Video: string | null; Audio: string | null }): { kind: PlayerKind; address: string } | undefined {
  const video = article.Video?.trim() || undefined
  const audio = article.Audio?.trim() || undefined
  const asVideo = (v: string) => ({ kind: youTubeId(v) ? ('youtube' as const) : ('video' as const), address: v })
  if (mediaType === 'video') return video ? asVideo(video) : audio ? { kind: 'audio', address: audio } : undefined
  return audio ? { kind: 'audio', address: audio } : video ? asVideo(video) : undefined
}

/** A wait in seconds as the player says it: "40 s", "3 min". */
export function formatWait(seconds: number): string {
  return seconds < 60 ? `${Math.max(1, Math.round(seconds))} s` : `${Math.round(seconds / 60)} min`
}

/**
 * What the subtitle panel says while the transcript is made: "Waiting: 1 episode ahead, about 40 s"
 * while its job waits for a slot ("about" only when the server could estimate it), "Transcribing: 35 %"
 * while it runs; undefined when neither.
 */
export function transcriptionStateText(transcription: TranscriptionStatus | undefined): string | undefined {
  if (!transcription || (transcription.status !== 'pending' && transcription.status !== 'running')) return undefined
  const waiting = transcription.waiting
  if (transcription.status === 'pending' && waiting) {
    const ahead = waiting.ahead === 0 ? 'next in line' : `${waiting.ahead} ${waiting.ahead === 1 ? 'episode' : 'episodes'} ahead`
    return `Waiting: ${ahead}${waiting.wait_seconds === undefined ? '' : `, about ${formatWait(waiting.wait_seconds)}`}`
  }
  return `Transcribing: ${Math.floor(transcription.progress * 100)} %`
}
