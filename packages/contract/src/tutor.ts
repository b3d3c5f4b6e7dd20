import { z } from 'zod'
import { defineRoute } from './http'
import { articleRef } from './library'
import { TUTOR_MSG } from './tutor-messages'
import { lazySchema } from './lazy-schema'

/** Explain and flashcard context: 5 previous and 2 next segments (spec 000 s9). */
export const EXPLAIN_PREVIOUS_SEGMENTS = 5
export const EXPLAIN_NEXT_SEGMENTS = 2
/** Chat sends only the last 3 user turns (spec 000 s9). */
export const CHAT_USER_TURNS = 3
/** Ours: longest question or segment text the tutor takes. */
export const CHAT_MESSAGE_MAX_LENGTH = 8000

/** A segment as the explain context carries it: start in ms and its text. */
export const timedText = lazySchema(() => z.object({
  start: z.number().int().min(0),
  text: z.string().max(CHAT_MESSAGE_MAX_LENGTH),
}))
export type TimedText = z.infer<typeof timedText>

/** Ours: the longest word or phrase a flashcard request names as the card's front (a phrase is up to 6 words). */
export const FLASHCARD_FRONT_MAX_LENGTH = 100

/**
 * Spec 000 s3, Explain request context: the segments around the current one.
 * A flashcard request is the same context with `flashcard` set; ours, it may
 * name the word or phrase the learner picked (clicked or looked up) as `front`,
 * which the tutor's first card is then about. Without it the tutor picks the
 * word of the current segment this learner knows least.
 */
export const explainContext = lazySchema(() => z.object({
  previousSegments: z.array(timedText).max(EXPLAIN_PREVIOUS_SEGMENTS),
  currentSegment: timedText.refine((s) => s.text.trim() !== '', TUTOR_MSG.emptySegment),
  nextSegments: z.array(timedText).max(EXPLAIN_NEXT_SEGMENTS),
  flashcard: z.boolean().default(false),
  front: z.string().trim().max(FLASHCARD_FRONT_MAX_LENGTH).optional(),
}))
export type ExplainContext = z.infer<typeof explainContext>

/** Chat message (spec 000 s3): role and content; an Explain turn also carries its context. */
export const chatMessage = lazySchema(() => z.object({
  role: z.enum(['user', 'assistant'], { error: 'role must be user or assistant' }),
  content: z.string().max(CHAT_MESSAGE_MAX_LENGTH, TUTOR_MSG.messageTooLong),
  explain: explainContext.optional(),
}))
export type ChatMessage = z.infer<typeof chatMessage>

/** "the last 3 user turns and what follows" (spec 000 s7): what the console sends and the server keeps. */
export function lastUserTurns<T extends { role: string }>(messages: readonly T[], turns = CHAT_USER_TURNS): T[] {
  let seen = 0
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user' && ++seen === turns) return messages.slice(i)
  }
  const firstUser = messages.findIndex((m) => m.role === 'user')
  return firstUser < 0 ? [] : messages.slice(firstUser)
}

export const chatExplainEnglish = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/chat-explain-english',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    article_id: articleRef,
    user_messages: z
      .array(chatMessage, { error: TUTOR_MSG.noQuestion })
      .max(50)
      .refine((m) => m.at(-1)?.role === 'user' && (m.at(-1)!.content.trim() !== '' || m.at(-1)!.explain !== undefined), TUTOR_MSG.noQuestion),
  })),
  response: lazySchema(() => z.string()),
  responseType: 'stream',
})

/** m:ss with zero-padded seconds, as the explain context writes each stamp (spec 000 s3). */
export function stamp(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}

/** One line of the explain context: the m:ss stamp, a colon, and the text. */
export const contextLine = (s: TimedText) => `${stamp(s.start)}: ${s.text.trim()}`

/**
 * Flashcard suggestions, written the same way by every tutor: a fenced block
 * with the info string `flashcard`, a `Front:` line and a `Back:` line (the
 * back may continue on further lines). The console renders each as a card
 * with an Add button.
 */
export const FLASHCARD_FENCE = 'flashcard'

export interface FlashcardSuggestion {
  front: string
  back: string
}

export function formatFlashcardSuggestion(card: FlashcardSuggestion): string {
  return ['```' + FLASHCARD_FENCE, `Front: ${card.front.trim()}`, `Back: ${card.back.trim()}`, '```'].join('\n')
}

/** The card of a `flashcard` block's body, or undefined while it is incomplete or malformed. */
export function parseFlashcardSuggestion(body: string): FlashcardSuggestion | undefined {
  const m = /^\s*Front:\s*(.+?)\s*\n\s*Back:\s*([\s\S]+?)\s*$/i.exec(body)
  if (!m) return undefined
  return { front: m[1]!, back: m[2]! }
}

/**
 * Every complete flashcard suggestion of an answer (or of the part streamed so
 * far), in order: what the card window is filled from after a flashcard request.
 */
export function flashcardSuggestionsIn(text: string): FlashcardSuggestion[] {
  const cards: FlashcardSuggestion[] = []
  for (const m of text.matchAll(new RegExp('^[ \\t]*```' + FLASHCARD_FENCE + '[ \\t]*\\r?\\n([\\s\\S]*?)^[ \\t]*```[ \\t]*$', 'gm'))) {
    const card = parseFlashcardSuggestion(m[1]!)
    if (card) cards.push(card)
  }
  return cards
}
