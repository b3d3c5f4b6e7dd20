import { flashcardAudioUrl, type CardKind, type Deck, type Flashcard, type SchedulerName } from '@lingocast/contract'
import type { DeckRow, FlashcardRow } from './flashcard-row'

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
    kind: row.kind as CardKind,
    audio: audioOf(row),
  }
}

type AudioStatus = NonNullable<Flashcard['audio']>['status']

function audioOf(row: FlashcardRow): Flashcard['audio'] {
  if (!row.audioStatus) return null
  const status = row.audioStatus as AudioStatus
  return { status, url: status === 'ready' ? flashcardAudioUrl(row.id) : null }
}

export function toDeckDto(row: DeckRow): Deck {
  return { id: row.id, name: row.name, scheduler: row.scheduler as SchedulerName, answer_buttons: row.answerButtons === 4 ? 4 : 2 }
}
