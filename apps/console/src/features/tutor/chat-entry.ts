import { explainContext } from '@lingocast/contract'
import { z } from 'zod/v4'

/**
 * A message of the chat as the console keeps it: the spec's role and content, plus what the screen needs.
 * The browser checks a stored chat against this schema's shape, made when the console is built
 * (answer-shapes.ts beside vite.config.ts): the player, which reads it first thing, then carries no zod.
 */
export const chatEntry = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** An Explain turn (user) and its reply (assistant) carry the segment context. */
  explain: explainContext.optional(),
  /** 'Chat API error: {status}' when the reply failed with an HTTP status. */
  error: z.string().optional(),
  failed: z.boolean().optional(),
})
export type ChatEntry = z.infer<typeof chatEntry>

/** A stored chat, as local storage keeps it. */
export const storedChat = z.array(chatEntry)
