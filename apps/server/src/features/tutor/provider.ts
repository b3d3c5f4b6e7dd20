/**
 * The seam between the features that need a tutor (chat-explain-english,
 * improve-flashcard-back) and whoever writes the answer: an OpenAI-compatible
 * chat endpoint when AI_BASE_URL is set, the offline WordNet tutor otherwise
 * (ARCHITECTURE.md s6). A task says what is wanted in structured form, so the
 * offline tutor never has to parse a prompt; each provider builds its own
 * prompt from it (the OpenAI-compatible one from the templates in prompts/).
 *
 * Fixed for the features built on it: add optional fields, do not change these.
 */

import type { WordStatus } from '@lingocast/contract'

export interface ChatTurn {
  role: 'user' | 'assistant'
  content: string
  /** An Explain turn: the segments around the one to explain (spec 000 s3, Explain request context). */
  segment?: SegmentContext
}

/** A transcript segment as the tutor sees it: where it starts and what is said. */
export interface TimedLine {
  startMs: number
  text: string
}

/** Up to 5 previous segments, the current one and up to 2 next ones, oldest first. */
export interface SegmentContext {
  previous: TimedLine[]
  current: TimedLine
  next: TimedLine[]
}

/** The article a question is about: its title and its description as plain text. */
export interface ArticleContext {
  title: string
  description: string
}

/** Explain / chat about an episode (spec 000, Chat tab and Explain). */
export interface ExplainTask {
  kind: 'explain'
  article: ArticleContext
  /** The last user turns and what followed them, oldest first, as the console sent them. */
  messages: ChatTurn[]
  /** True on the create-flashcard path: the answer must propose flashcards. */
  wantFlashcards: boolean
  /** On a flashcard request, the word or phrase the learner picked: the first card is about it. */
  front?: string
  /** What this learner knows of the words asked about (theirs only, never another user's). */
  learner?: LearnerWords
  /** The learner's language (ISO 639-1), when they named one: a card's meaning comes in it first, as the lookup shows it. */
  learnerLanguage?: string
}

/**
 * The learner's statuses of the lemmas of the segment asked about (a lemma
 * without a row is new), and how many words they know in all: with at least
 * a beginner's vocabulary marked, a word still new to them is a word they do
 * not know, however frequent.
 */
export interface LearnerWords {
  statuses: ReadonlyMap<string, WordStatus>
  known: number
}

/** Refine a card's back (spec 001, improve-flashcard-back): tagged sections ReorganizedSentence, Explanation, MemorizeCue. */
export interface ImproveFlashcardTask {
  kind: 'improve-flashcard'
  article: ArticleContext | null
  front: string
  /** The card back's context block as the card holds it (or the simple form's back). */
  context: string
  memorizeCue: string
  messages: ChatTurn[]
}

export type TutorTask = ExplainTask | ImproveFlashcardTask

export interface TutorProvider {
  /** 'openai-compatible' or 'offline', for logs and the health of the setup. */
  readonly name: string
  /** Text chunks as they are written; stops early when the signal aborts (the learner left). */
  stream(task: TutorTask, signal: AbortSignal): AsyncIterable<string>
}
