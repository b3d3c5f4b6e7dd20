import type { Deck, Flashcard, SchedulerName } from '@lingocast/contract'
import type { DeckRow, FlashcardRow } from './memories.repo'

/** The whitelisted answer shapes: the spec's fields, never the FSRS internals or the owner. */
export function toFlashcardDto(row: FlashcardRow): Flashcard {
  return {
    id: row.id,
    deck_id: row.deckId,
    front: row.front,
    back: row.back,
    ef: row.ef,
    repetition: row.repetition,
    next_review: row.nextReview?.toISOString() ?? null,
    last_reviewed: row.lastReviewed?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

export function toDeckDto(row: DeckRow): Deck {
  return { id: row.id, name: row.name, scheduler: row.scheduler as SchedulerName }
}
