import { lastUserTurns, TUTOR_MSG, type ChatMessage } from '@lingocast/contract'
import { UpstreamError } from '../../lib/errors'
import type { LibraryService } from '../library/library.service'
import { wordTokens } from '../vocabulary/lemmatise'
import { htmlToPlainText } from './prompts/plain-text'
import type { ChatTurn, ExplainTask, LearnerWords, TutorProvider } from './provider'

/** The learner's statuses of some lemmas and how many words they know (the vocabulary feature answers). */
export type LearnerWordsOf = (userId: number, lemmas: string[]) => Promise<LearnerWords>

export interface ExplainInput {
  article_id: number | string
  user_messages: ChatMessage[]
}

function toTurn(m: ChatMessage): ChatTurn {
  if (!m.explain) return { role: m.role, content: m.content }
  const line = (s: { start: number; text: string }) => ({ startMs: s.start, text: s.text })
  return {
    role: m.role,
    content: m.content,
    segment: { previous: m.explain.previousSegments.map(line), current: line(m.explain.currentSegment), next: m.explain.nextSegments.map(line) },
  }
}

/** chat-explain-english (spec 000 s7): the learner's own article, the last 3 user turns, streamed back. */
export function createTutorService(deps: {
  provider: TutorProvider
  library: Pick<LibraryService, 'get'>
  learnerWords?: LearnerWordsOf
  /** The learner's language (ISO 639-1), undefined until they name one. */
  learnerLanguage?: (userId: number) => Promise<string | undefined>
}) {
  const { provider, library, learnerWords } = deps
  return {
    providerName: provider.name,

    /**
     * Resolves once the first piece of the answer is written, so that a tutor
     * failing before it answers gets a proper error status; later failures
     * cut the stream.
     */
    async explain(userId: number, input: ExplainInput, signal: AbortSignal): Promise<AsyncIterable<string>> {
      const article = await library.get(userId, input.article_id)
      const messages = lastUserTurns(input.user_messages)
      const asked = messages.at(-1)?.explain
      const wantFlashcards = asked?.flashcard ?? false
      const front = wantFlashcards ? asked?.front?.trim() : undefined
      const language = deps.learnerLanguage ? await deps.learnerLanguage(userId) : undefined
      const task: ExplainTask = {
        kind: 'explain',
        article: { title: article.Title, description: htmlToPlainText(article.Description) },
        messages: messages.map(toTurn),
        wantFlashcards,
        ...(front ? { front } : {}),
        // What this learner knows of the segment's words: their own statuses, read for this user only.
        ...(asked && learnerWords ? { learner: await learnerWords(userId, [...new Set(wordTokens(asked.currentSegment.text).map((t) => t.lemma))]) } : {}),
        ...(language ? { learnerLanguage: language } : {}),
      }
      const iterator = provider.stream(task, signal)[Symbol.asyncIterator]()
      let first = await iterator.next()
      while (!first.done && first.value === '') first = await iterator.next()
      if (first.done) {
        if (signal.aborted) return (async function* () {})()
        throw new UpstreamError(TUTOR_MSG.upstream)
      }
      const head = first.value
      return (async function* () {
        try {
          yield head
          for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
        } finally {
          await iterator.return?.()
        }
      })()
    },
  }
}

export type TutorService = ReturnType<typeof createTutorService>
