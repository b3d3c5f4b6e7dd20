import { decks, flashcards } from '../../db/schema'
import type { CardSchedule } from './schedule'

export type DeckRow = typeof decks.$inferSelect
export type FlashcardRow = typeof flashcards.$inferSelect

/** The schedule columns of a card row, as the pure scheduler sees them. */
export function scheduleOf(row: FlashcardRow): CardSchedule {
  const { ef, repetition, nextReview, lastReviewed, fsrsState, stability, difficulty, scheduledDays, learningSteps, reps, lapses } = row
  return { ef, repetition, nextReview, lastReviewed, fsrsState, stability, difficulty, scheduledDays, learningSteps, reps, lapses }
}

/** A card row as raw SQL returns it (snake_case, timestamps as Date) in drizzle's shape. */
export function fromSqlRow(r: Record<string, unknown>): FlashcardRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)))
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    deckId: Number(r.deck_id),
    front: String(r.front),
    back: String(r.back),
    ef: Number(r.ef),
    repetition: Number(r.repetition),
    nextReview: date(r.next_review),
    lastReviewed: date(r.last_reviewed),
    fsrsState: Number(r.fsrs_state),
    stability: Number(r.stability),
    difficulty: Number(r.difficulty),
    scheduledDays: Number(r.scheduled_days),
    learningSteps: Number(r.learning_steps),
    reps: Number(r.reps),
    lapses: Number(r.lapses),
    kind: String(r.kind),
    audio: r.audio === null || r.audio === undefined ? null : String(r.audio),
    audioSource: r.audio_source ?? null,
    audioStatus: r.audio_status === null || r.audio_status === undefined ? null : String(r.audio_status),
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  }
}

/** Where a card's clip is cut from: a media address and the stretch of it. */
export interface ClipSource {
  media: string
  startMs: number
  endMs: number
}
