import type { ExplainContext } from '@lingocast/contract'

/**
 * What the chat hands to flashcard creation (the modal of spec 001, opened
 * from the player): a suggested front and back, and the segment it came from.
 */
export interface FlashcardDraft {
  front: string
  back: string
  context?: ExplainContext
}
