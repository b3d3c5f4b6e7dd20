import type { AnswerButtons, Flashcard } from '@lingocast/contract'
import { queryOptions } from '@tanstack/react-query'
import type { DBSchema } from 'idb'
import { oneConnection } from '../offline/one-connection'
import { reviewQueue } from './deck-stats'

/**
 * The due cards of a deck kept on this device (docs/offline.md), so that its review
 * opens with no network: the cards in IndexedDB, the sentence clips of the
 * cards that speak in Cache Storage. Taken each time the review screen loads
 * the deck online; forgotten when the learner signs out or another account
 * signs in.
 */
export interface KeptDeck {
  /** The account (its `user_id`) that reviews it. */
  owner: string
  deckId: number
  answerButtons: AnswerButtons
  /** The cards due when it was kept, as the server had them. */
  cards: Flashcard[]
  keptAt: number
}

interface KeptSchema extends DBSchema {
  decks: { key: [string, number]; value: KeptDeck; indexes: { 'by-owner': string } }
}

/** Its own database: the outbox's (features/offline) has its own versions, and a kept deck is a copy that can always be taken again. */
const DB_NAME = 'lingocast-review-decks'
/** Where the clips are kept, by the address they stream from (the same request the review screen makes) and the account. */
export const CARD_AUDIO_CACHE = 'lingocast-card-audio'
const ACCOUNT_PARAM = 'lingocast_account'
/** A clip's key: its address with the account, so one account's clip is never found with another's key. */
function clipKey(url: string, owner: string): string {
  const address = new URL(url, location.href).href
  return `${address}${address.includes('?') ? '&' : '?'}${ACCOUNT_PARAM}=${encodeURIComponent(owner)}`
}

const connection = oneConnection<KeptSchema>(DB_NAME, 1, (db) => {
  db.createObjectStore('decks', { keyPath: ['owner', 'deckId'] }).createIndex('by-owner', 'owner')
})
const keptDb = () => connection.open()

const clipOf = (card: Flashcard) => (card.audio?.status === 'ready' ? card.audio.url : null)

/** Keeps the deck's due cards and their clips; a clip already kept is not fetched again, one no longer due is dropped. */
export async function keepDeck(owner: string, deckId: number, answerButtons: AnswerButtons, cards: readonly Flashcard[], now = new Date()): Promise<KeptDeck> {
  const db = await keptDb()
  const due = reviewQueue(cards, now)
  const before = await db.get('decks', [owner, deckId])
  const kept: KeptDeck = { owner, deckId, answerButtons, cards: due, keptAt: now.getTime() }
  await db.put('decks', kept)
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(CARD_AUDIO_CACHE)
    const wanted = new Set(due.map(clipOf).filter((u): u is string => u !== null))
    for (const url of wanted) {
      // One clip that fails to download leaves that card mute offline, not the deck unkept.
      if (!(await cache.match(clipKey(url, owner)))) await keepClip(cache, url, owner).catch(() => undefined)
    }
    for (const card of before?.cards ?? []) {
      const url = clipOf(card)
      if (url && !wanted.has(url)) await cache.delete(clipKey(url, owner))
    }
  }
  return kept
}

async function keepClip(cache: Cache, url: string, owner: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' })
  if (res.ok) await cache.put(clipKey(url, owner), res)
}

export async function keptDeck(owner: string, deckId: number): Promise<KeptDeck | undefined> {
  return (await keptDb()).get('decks', [owner, deckId])
}

/**
 * The kept cards with each kept clip at a blob: address (the page's <audio>
 * cannot stream the clip's own address offline: the service worker keeps only
 * the shell). A clip not kept leaves its card without audio.
 */
export async function keptCardsForReview(deck: KeptDeck): Promise<Flashcard[]> {
  const cache = typeof caches === 'undefined' ? undefined : await caches.open(CARD_AUDIO_CACHE)
  return Promise.all(
    deck.cards.map(async (card) => {
      const url = clipOf(card)
      if (!url) return card
      const kept = await cache?.match(clipKey(url, deck.owner))
      return kept ? { ...card, audio: { status: 'ready' as const, url: URL.createObjectURL(await kept.blob()) } } : { ...card, audio: null }
    }),
  )
}

/** The kept deck read for the review screen (IndexedDB: it runs with no network). */
export const keptDeckQuery = (owner: string, deckId: number) =>
  queryOptions({
    queryKey: ['kept-deck', owner, deckId] as const,
    queryFn: async () => {
      const deck = await keptDeck(owner, deckId)
      return deck ? { ...deck, cards: await keptCardsForReview(deck) } : null
    },
    networkMode: 'always',
    staleTime: Infinity,
  })

/** Signing out forgets the learner's kept decks and their clips. */
export async function forgetKeptDecks(owner: string): Promise<void> {
  const db = await keptDb()
  const decks = await db.getAllFromIndex('decks', 'by-owner', owner)
  const cache = typeof caches === 'undefined' ? undefined : await caches.open(CARD_AUDIO_CACHE)
  for (const deck of decks) {
    for (const card of deck.cards) {
      const url = clipOf(card)
      if (url) await cache?.delete(clipKey(url, owner))
    }
    await db.delete('decks', [owner, deck.deckId])
  }
}

/** Another account signed in: only its kept decks and clips stay (a kept deck is taken again at its next review online). */
export async function keepOnlyDecksOf(account: string): Promise<void> {
  const db = await keptDb()
  for (const key of await db.getAllKeys('decks')) if (key[0] !== account) await db.delete('decks', key)
  if (typeof caches === 'undefined') return
  const cache = await caches.open(CARD_AUDIO_CACHE)
  const own = `${ACCOUNT_PARAM}=${encodeURIComponent(account)}`
  for (const request of await cache.keys()) if (!request.url.endsWith(own)) await cache.delete(request)
}
