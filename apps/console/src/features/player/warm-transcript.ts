import type { QueryClient } from '@tanstack/react-query'
import { segmentsQuery, type OpenedArticle } from './api'
import { pickMedia } from './messages'

/**
 * Asks for the transcript of the media the player will play for `article`
 * (the route's loader, once the article has come): the player's first
 * sentence, its largest paint, then no longer waits for the player's code and
 * first render before this request even starts.
 */
export function warmTranscript(client: QueryClient, article: OpenedArticle, mediaType: string | undefined): void {
  const media = pickMedia(mediaType, article)
  if (media) void client.prefetchQuery(segmentsQuery(media.address))
}
