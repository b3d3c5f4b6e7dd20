import type { ReviewRating } from '@lingocast/contract'
import { queryOptions } from '@tanstack/react-query'
import { clientId } from '../offline/client-id'
import { enqueue, pendingEntries, registerSender, shouldWait, type OutboxEntry } from '../offline/outbox'
import { registerOwnerCleaner } from '../offline/owner-data'
import { memoriesKeys, reviewFlashcard } from './api'
import { forgetKeptDecks } from './offline-deck'

/**
 * Reviews made offline (issue 26). An answer the server could not be told of
 * waits in the one outbox and is sent, in order, when it can be: with its id
 * (the server applies it once, however often it is sent) and the time it was
 * given (the server schedules it then). Loaded by the shell, so the queue is
 * sent from any screen.
 */
export const REVIEW_KIND = 'review'

export interface ReviewPayload {
  flashcard_id: number
  /** The deck it belongs to: the review screen counts the deck's waiting answers. */
  deck_id: number
  rating: ReviewRating
  time_ms?: number
  /** The id an online send already used (it may have reached the server): sent again with it. Else the entry's own id. */
  review_id?: string
}

export const reviewIdOf = (entry: OutboxEntry<ReviewPayload>) => entry.payload.review_id ?? entry.id

registerSender<ReviewPayload>(REVIEW_KIND, {
  async send(entry) {
    const { flashcard_id, rating, time_ms } = entry.payload
    await reviewFlashcard(flashcard_id, rating, time_ms, { reviewId: reviewIdOf(entry), answeredAt: new Date(entry.madeAt) })
  },
  staleQueries: [memoriesKeys.all],
})
// Here, not in offline-deck.ts (loaded with the review screen): a sign-out forgets the kept decks from any screen.
registerOwnerCleaner(forgetKeptDecks)

/**
 * Sends one answer now, with a fresh id, and answers with the saved card;
 * when the server cannot be reached (or the browser is offline) the answer
 * is queued with that id instead and `queued` is returned. A refusal is thrown.
 */
export async function saveReview(owner: string, payload: Omit<ReviewPayload, 'review_id'>, online: boolean): Promise<{ queued: true } | { queued: false; card: Awaited<ReturnType<typeof reviewFlashcard>>['updated_flashcard'] }> {
  if (!online) {
    await enqueue(owner, REVIEW_KIND, payload)
    return { queued: true }
  }
  const reviewId = clientId()
  try {
    const res = await reviewFlashcard(payload.flashcard_id, payload.rating, payload.time_ms, { reviewId })
    return { queued: false, card: res.updated_flashcard }
  } catch (error) {
    if (!shouldWait(error)) throw error
    await enqueue<ReviewPayload>(owner, REVIEW_KIND, { ...payload, review_id: reviewId })
    return { queued: true }
  }
}

/** How many of the learner's answers to this deck wait to be sent (refreshed with the outbox's own status). */
export const waitingReviewsQuery = (owner: string, deckId: number) =>
  queryOptions({
    queryKey: ['outbox', owner, REVIEW_KIND, deckId] as const,
    queryFn: async () => (await pendingEntries(owner, REVIEW_KIND)).filter((e) => (e as OutboxEntry<ReviewPayload>).payload.deck_id === deckId) as OutboxEntry<ReviewPayload>[],
    networkMode: 'always',
    staleTime: Infinity,
  })
