import { mediaRoutes, type Segment, type TranscriptionStatus } from '@lingocast/contract'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { apiCall } from '../../api/client'
import { orDownloaded } from '../offline/fallback'
// The article itself and its Mark as Finished / Delete Item calls are the library's.
export { articleQuery, useDeleteArticle, useMarkFinished, type OpenedArticle } from '../library/api'
import { mergeSegments, prepareSegments } from './segments'

export const playerKeys = {
  all: ['player'] as const,
  segments: (address: string) => [...playerKeys.all, 'segments', address] as const,
}

/**
 * The known segments of a media address: get_speech_segments, textless ones
 * dropped, sorted by start. On-demand windows are merged into this same cache
 * entry (`mergeWindow`), so every reader sees one list. A failure is only
 * logged (spec 000 s8) and reads as no segments.
 */
export interface TranscriptData {
  segments: Segment[]
  /** How far the server is with this transcript (absent when it did not say). */
  transcription?: TranscriptionStatus
}

export const segmentsQuery = (address: string) =>
  queryOptions({
    queryKey: playerKeys.segments(address),
    queryFn: async ({ signal }): Promise<TranscriptData> => {
      try {
        return await orDownloaded(
          async (): Promise<TranscriptData> => {
            const res = await apiCall(mediaRoutes.getSpeechSegments, { query: { audio_url: address }, signal })
            return { segments: prepareSegments(res.segments), transcription: res.transcription }
          },
          // Offline, a downloaded episode's whole transcript.
          (downloads) => {
            const found = downloads.find((d) => d.address === address && d.segments.length > 0)
            return found && { segments: found.segments, ...(found.transcription ? { transcription: found.transcription } : {}) }
          },
        )
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error
        console.error('Failed to load segments', error)
        return { segments: [] }
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'offlineFirst',
    retry: false,
  })

/** The window of segments around a play position (30 s ahead; the server adds a little behind). */
export async function fetchTranscriptWindow(address: string, playPosMs: number, signal?: AbortSignal): Promise<TranscriptData> {
  return apiCall(mediaRoutes.getTranscriptWindow, { query: { audio_url: address, play_pos: Math.max(0, Math.round(playPosMs)) }, signal })
}

/**
 * Merges a fetched window (and the progress it reports) into the cache; true
 * when new segments arrived or the transcript's job moved on (its state or
 * progress), so that the next window is asked for soon again.
 */
export function mergeWindow(client: QueryClient, address: string, incoming: TranscriptData): boolean {
  let changed = false
  client.setQueryData(segmentsQuery(address).queryKey, (known) => {
    const merged = mergeSegments(known?.segments ?? [], incoming.segments)
    const before = known?.transcription
    const after = incoming.transcription ?? before
    changed = merged.changed || after?.status !== before?.status || after?.progress !== before?.progress
    return { segments: merged.segments, transcription: after }
  })
  return changed
}

/**
 * parse_media (spec 000 s7): the server queues the transcript if it has
 * none, ahead of background work (the learner has it open). The spec does not
 * read the result; the state it reports is kept for the panel ("Waiting: 1
 * episode ahead, about 40 s", "Transcribing: 35 %") until the next window
 * fetch brings a newer one. Failures are only logged (spec 000 s8).
 */
export function announceMedia(client: QueryClient, address: string): void {
  apiCall(mediaRoutes.parseMedia, { body: { audio_url: address } })
    .then((res) => client.setQueryData(segmentsQuery(address).queryKey, (known) => (known ? { ...known, transcription: res.transcription } : known)))
    .catch((error: unknown) => console.warn('parse_media failed', error))
}
