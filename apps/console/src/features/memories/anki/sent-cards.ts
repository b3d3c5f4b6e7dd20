import { readStored, writeStored } from '../../../lib/local-storage'

/**
 * Which cards this browser has sent to Anki (card id -> Anki note id), so a
 * second send of a deck adds only the new cards. Kept on the device: a card
 * sent from another browser comes back as Anki's duplicate answer instead.
 */
export const ANKI_SENT_KEY = 'ankiSentCards'

export interface SentCards {
  has(cardId: number): boolean
  add(cardId: number, noteId: number): void
}

export function sentCards(): SentCards {
  const read = (): Record<string, number> => {
    try {
      const parsed: unknown = JSON.parse(readStored(ANKI_SENT_KEY) ?? '{}')
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {}
    } catch {
      return {}
    }
  }
  return {
    has: (cardId) => String(cardId) in read(),
    add(cardId, noteId) {
      writeStored(ANKI_SENT_KEY, JSON.stringify({ ...read(), [cardId]: noteId }))
    },
  }
}
