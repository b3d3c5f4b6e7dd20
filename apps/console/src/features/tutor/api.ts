import { lastUserTurns, tutorRoutes, type ChatMessage, type ExplainContext } from '@lingocast/contract'
import { apiStream } from '../../api/client'
import type { ChatEntry } from './chat-history'

/** What goes to the server: the last 3 user turns and what follows (spec 000 s7), without the screen's fields. */
export function toUserMessages(entries: readonly ChatEntry[]): ChatMessage[] {
  return lastUserTurns(entries.filter((e) => !e.failed)).map((e) =>
    e.explain && e.role === 'user' ? { role: e.role, content: '', explain: e.explain } : { role: e.role, content: e.content },
  )
}

/** POST chat-explain-english; `onText` gets the reply so far as it streams in. */
export function streamChat(articleId: number, entries: readonly ChatEntry[], onText: (text: string) => void, signal: AbortSignal): Promise<string> {
  return apiStream(tutorRoutes.chatExplainEnglish, { body: { article_id: articleId, user_messages: toUserMessages(entries) }, signal }, onText)
}

/**
 * The flashcard request of a segment (spec 000 s3: the same segment flagged,
 * `flashcard: true`, with the word the learner picked as `front` if any), on
 * its own, outside the chat; resolves with the whole answer.
 */
export function requestFlashcard(articleId: number, context: ExplainContext, signal: AbortSignal): Promise<string> {
  return apiStream(
    tutorRoutes.chatExplainEnglish,
    { body: { article_id: articleId, user_messages: [{ role: 'user', content: '', explain: { ...context, flashcard: true } }] }, signal },
    () => {},
  )
}
