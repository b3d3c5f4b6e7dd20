import type { QueryClient } from '@tanstack/react-query'
import { articleWordsQuery } from '../vocabulary/api'
import { segmentsQuery, type OpenedArticle } from './api'
import { pickMedia } from './messages'

/**
 * Asks for the transcript of the media the player will play for `article`
 * (the route's loader, once the article has come): the player's first
 * sentence, its largest paint, then no longer waits for the player's code and
 * first render before this request even starts.
 */
export function warmTranscript(client: QueryClient, article: OpenedArticle, mediaType: string | undefined): Promise<unknown> | undefined {
  const media = pickMedia(mediaType, article)
  if (!media) return undefined
  // With the transcript, the statuses of its words (the learner's own articles): the first render colours
  // them, instead of drawing every word again when they come.
  const asked = [client.prefetchQuery(segmentsQuery(media.address)), article.isMine && client.prefetchQuery(articleWordsQuery(article.HashID))]
  // Returned for the server's render, which waits for it (routes.tsx); the browser does not.
  return Promise.all(asked)
}
