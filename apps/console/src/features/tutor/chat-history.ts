import { fitsShape } from '@lingocast/contract'
import storedChatShape from 'virtual:lingocast/stored-chat-shape'
import { readStored, writeStored, type KeyValueStorage } from '../../lib/local-storage'
import type { ChatEntry } from './chat-entry'

export type { ChatEntry } from './chat-entry'

/** Ours: the chat of an article is kept across reloads, up to this many messages. */
export const CHAT_HISTORY_LIMIT = 100

export const chatHistoryKey = (hashId: string) => `chat_history_${hashId}`

/** The stored chat of an article; anything unreadable reads as an empty chat. */
export function readChatHistory(hashId: string, storage?: KeyValueStorage): ChatEntry[] {
  const raw = readStored(chatHistoryKey(hashId), storage)
  if (!raw) return []
  try {
    const stored: unknown = JSON.parse(raw)
    return fitsShape(storedChatShape, stored) ? (stored as ChatEntry[]) : []
  } catch {
    return []
  }
}

export function writeChatHistory(hashId: string, entries: readonly ChatEntry[], storage?: KeyValueStorage): void {
  writeStored(chatHistoryKey(hashId), JSON.stringify(entries.slice(-CHAT_HISTORY_LIMIT)), storage)
}
