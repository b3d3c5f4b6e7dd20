import { parseCardBack, type Flashcard } from '@lingocast/contract'
import { useQueries, useQuery } from '@tanstack/react-query'
import { decksQuery, flashcardsQuery } from './api'

/** A card's front as suggestions are matched against it: trimmed, any case. */
export const frontKey = (front: string) => front.trim().toLowerCase()

/**
 * The learner's cards by front, over all their decks: a tutor suggestion whose
 * front is already a card shows "Added" and opens that card, not a second one. The
 * card made from `articleHashId` wins when a front is in several decks.
 * Fetches nothing while `enabled` is false (no suggestion on the screen).
 */
export function useCardsByFront(enabled: boolean, articleHashId?: string): ReadonlyMap<string, Flashcard> {
  const decks = useQuery({ ...decksQuery(), enabled })
  return useQueries({
    queries: (enabled ? (decks.data ?? []) : []).map((deck) => flashcardsQuery(deck.id)),
    combine: (results) => cardsByFront(results.flatMap((r) => r.data ?? []), articleHashId),
  })
}

export function cardsByFront(cards: readonly Flashcard[], articleHashId?: string): Map<string, Flashcard> {
  const map = new Map<string, Flashcard>()
  for (const card of cards) {
    const key = frontKey(card.front)
    const before = map.get(key)
    if (!before || (articleHashId && !fromArticle(before, articleHashId) && fromArticle(card, articleHashId))) map.set(key, card)
  }
  return map
}

const fromArticle = (card: Flashcard, hashId: string) => parseCardBack(card.back).context?.Article === hashId
