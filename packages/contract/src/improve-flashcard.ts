import { z } from 'zod'
import { defineRoute, MAX_ID } from './http'
import { MEMORIES_MSG } from './memories-messages'
import { lazySchema } from './lazy-schema'

const chatTurn = lazySchema(() => z.object({ role: z.enum(['user', 'assistant'], { error: 'role must be user or assistant' }), content: z.string().max(20_000) }))
export type ChatMessage = z.infer<typeof chatTurn>

/** Article id as the context block names it (alphanumeric), or a CollectionID; optional for hand-made cards. */
const articleId = lazySchema(() => z.union([z.string().max(64), z.number().int().positive().max(MAX_ID)]).optional().nullable())
const front = lazySchema(() => z.string({ error: MEMORIES_MSG.frontRequired }).refine((v) => v.trim() !== '', MEMORIES_MSG.frontRequired).pipe(z.string().max(1_000)))

/**
 * One object for both forms, so a missing front gets its own message: the
 * card editor's form (Context, memorize_cue, user_messages) or the simple
 * form, whose `back` is the whole card back.
 */
const payload = lazySchema(() => z.object({
  article_id: articleId,
  front,
  back: z.string().max(20_000).optional(),
  Context: z.string().max(20_000).default(''),
  memorize_cue: z.string().max(20_000).default(''),
  user_messages: z.array(chatTurn).max(50).default([]),
}))

/**
 * Both payload forms of spec 001 s7, read into one shape. The answer is
 * streamed plain text with tagged sections (see tagged-sections.ts).
 */
export const improveFlashcardBack = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/improve-flashcard-back',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => payload.transform((b) =>
    b.back !== undefined
      ? { article_id: b.article_id ?? null, front: b.front.trim(), context: b.back, memorize_cue: '', messages: [] as ChatMessage[] }
      : { article_id: b.article_id ?? null, front: b.front.trim(), context: b.Context, memorize_cue: b.memorize_cue, messages: b.user_messages },
  )),
  response: lazySchema(() => z.string()),
})
