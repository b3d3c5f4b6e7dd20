import type { Flashcard, ReviewRating } from '@lingocast/contract'
import { queryOptions } from '@tanstack/react-query'
import { pendingEntries, registerSender, sendOrQueue, type OutboxEntry } from '../offline/outbox'
import { registerAccountStore } from '../offline/owner-data'
import { memoriesKeys, reviewFlashcard } from './api'
import { forgetKeptDecks, keepOnlyDecksOf } from './offline-deck'

/**
 * Reviews made offline (decision 0015). An answer the server could not be told of
 * waits in the one outbox and is sent, in order, when it can be: with its id
 * (the server applies it once, however often it is sent) and the time it was
 * given (the server schedules it then). Loaded after the first screen, whichever
 * it is (app/shell/offline-plugins.ts), so the queue is sent from any screen.
 */
export const REVIEW_KIND = 'review'

export interface ReviewPayload {
  flashcard_id: number
  /** The deck it belongs to: the review screen counts the deck's waiting answers. */
  deck_id: number
  rating: ReviewRating
  time_ms?: number
}

registerSender<ReviewPayload>(REVIEW_KIND, {
  async send(entry) {
    const { flashcard_id, rating, time_ms } = entry.payload
    // Only in the session of the account that answered (another account's card is not this one's).
    await reviewFlashcard(flashcard_id, rating, time_ms, { reviewId: entry.id, answeredAt: new Date(entry.madeAt), account: entry.owner })
  },
  staleQueries: [memoriesKeys.all],
})
// Here, not in offline-deck.ts (loaded with the review screen): a sign-out forgets the kept decks from any screen,
// and another account signing in forgets every deck but its own.
registerAccountStore({ forget: forgetKeptDecks, keepOnly: keepOnlyDecksOf })

/**
 * Sends one answer now, with the id of its outbox entry, and answers with the
 * saved card; when the browser is offline, the server cannot be reached, or
 * earlier answers still wait, it is queued with that id instead and `queued`
 * is returned. A refusal is thrown.
 */
export async function saveReview(owner: string, payload: ReviewPayload, online: boolean): Promise<{ queued: true } | { queued: false; card: Flashcard }> {
  const saved = await sendOrQueue(owner, REVIEW_KIND, payload, {
    online,
    sendNow: async (entry) => (await reviewFlashcard(payload.flashcard_id, payload.rating, payload.time_ms, { reviewId: entry.id })).updated_flashcard,
  })
  return saved.queued ? saved : { queued: false, card: saved.answer }
}

/** How many of the learner's answers to this deck wait to be sent (refreshed with the outbox's own status). */
export const waitingReviewsQuery = (owner: string, deckId: number) =>
  queryOptions({
    queryKey: ['outbox', owner, REVIEW_KIND, deckId] as const,
    queryFn: async () => (await pendingEntries(owner, REVIEW_KIND)).filter((e) => (e as OutboxEntry<ReviewPayload>).payload.deck_id === deckId) as OutboxEntry<ReviewPayload>[],
    networkMode: 'always',
    staleTime: Infinity,
  })
