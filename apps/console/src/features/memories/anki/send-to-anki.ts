import type { Flashcard } from '@lingocast/contract'
import { bytesToBase64 } from '../api'
import { getToken } from '../../../lib/cookies'
import { ankiConnect, AnkiConnectError, askPermission, type AnkiConnectClient } from './anki-connect'
import { ankiNoteOf } from './anki-note'
import { sentCards, type SentCards } from './sent-cards'

export interface AnkiSendResult {
  deckName: string
  added: number
  /** Sent from this browser before: not sent again. */
  skipped: number
  /** Still waiting for their sentence clip: left for the next send, so they go with it. */
  waiting: number
  /** Refused by Anki as already there, with Anki's own words. */
  duplicates: Array<{ front: string; error: string }>
}

interface Options {
  deckName: string
  cards: readonly Flashcard[]
  onProgress: (done: number, total: number) => void
  client?: AnkiConnectClient
  sent?: SentCards
}

/**
 * The sentence clip from our server (the Token cookie and header sign it in),
 * as base64: Anki cannot sign in to fetch it itself, so the bytes travel in
 * the note.
 */
async function clipOf(card: Flashcard): Promise<string | undefined> {
  if (card.audio?.status !== 'ready' || !card.audio.url) return undefined
  const token = getToken()
  const res = await fetch(card.audio.url, { credentials: 'same-origin', headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!res.ok) throw new Error(`the sentence audio of "${card.front}" could not be read (HTTP ${res.status})`)
  return bytesToBase64(new Uint8Array(await res.arrayBuffer()))
}

const isDuplicate = (error: unknown) => error instanceof AnkiConnectError && error.kind === 'anki' && /duplicate/i.test(error.message)

/**
 * Sends cards to the Anki deck named after ours (made when missing), one note
 * each with its clip. Stops at the first failure other than a duplicate: a
 * closed Anki or a missing note type would fail every card the same way.
 */
export async function sendCardsToAnki({ deckName, cards, onProgress, client = ankiConnect(), sent = sentCards() }: Options): Promise<AnkiSendResult> {
  const result: AnkiSendResult = { deckName, added: 0, skipped: 0, waiting: 0, duplicates: [] }
  onProgress(0, cards.length)
  await askPermission(client)
  const decks = await client.call<string[]>('deckNames')
  if (!decks.includes(deckName)) await client.call<number>('createDeck', { deck: deckName })
  for (const [i, card] of cards.entries()) {
    if (sent.has(card.id)) {
      result.skipped++
    } else if (card.audio?.status === 'pending') {
      result.waiting++
    } else {
      try {
        const noteId = await client.call<number>('addNote', { note: ankiNoteOf(card, deckName, await clipOf(card)) })
        sent.add(card.id, noteId)
        result.added++
      } catch (error) {
        if (!isDuplicate(error)) throw error
        result.duplicates.push({ front: card.front, error: (error as Error).message })
      }
    }
    onProgress(i + 1, cards.length)
  }
  return result
}
