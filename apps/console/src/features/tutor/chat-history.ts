import { explainContext } from '@lingocast/contract'
import { z } from 'zod/v4'
import '../../api/with-zod' // explainContext below is the contract's schema, built with zod here
import { readStored, writeStored, type KeyValueStorage } from '../../lib/local-storage'

/** A message of the chat as the console keeps it: the spec's role and content, plus what the screen needs. */
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

/** Ours: the chat of an article is kept across reloads, up to this many messages. */
export const CHAT_HISTORY_LIMIT = 100

export const chatHistoryKey = (hashId: string) => `chat_history_${hashId}`

/** The stored chat of an article; anything unreadable reads as an empty chat. */
export function readChatHistory(hashId: string, storage?: KeyValueStorage): ChatEntry[] {
  const raw = readStored(chatHistoryKey(hashId), storage)
  if (!raw) return []
  try {
    const parsed = z.array(chatEntry).safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

export function writeChatHistory(hashId: string, entries: readonly ChatEntry[], storage?: KeyValueStorage): void {
  writeStored(chatHistoryKey(hashId), JSON.stringify(entries.slice(-CHAT_HISTORY_LIMIT)), storage)
}
