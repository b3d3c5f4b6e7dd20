import type { Flashcard } from '@lingocast/contract'
import { EditFlashcardDialog } from './components/EditFlashcardDialog'

/**
 * A card that already exists, opened from the player (a tutor suggestion
 * marked "Added"): the deck screen's Edit Flashcard dialog, loaded on demand
 * like the creation modal.
 */
export default function ExistingCardDialog({ card, onClose }: { card: Flashcard; onClose: () => void }) {
  return <EditFlashcardDialog card={card} onClose={onClose} />
}
