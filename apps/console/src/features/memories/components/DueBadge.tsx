import { countDue } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from '../../../lib/routing/navigation'
import { decksQuery, flashcardsQuery } from '../api'
import { pickDeckId, useStoredDeckId } from '../selected-deck'

/**
 * The sidebar's red badge: cards of the selected deck due today or earlier
 * by calendar day (invalid dates ignored), linking to their review. It
 * reloads on flashcardChanged (spec 000 s2), which the shell listens to for it
 * (Shell.tsx: on a phone the badge is drawn only while the drawer is open).
 * Nothing shows at zero.
 */
export function DueBadge({ onNavigate }: { onNavigate?: () => void }) {
  const decks = useQuery(decksQuery())
  const storedId = useStoredDeckId()
  const deckId = decks.data ? pickDeckId(decks.data, undefined, storedId) : undefined
  const cards = useQuery({ ...flashcardsQuery(deckId ?? 0), enabled: deckId !== undefined })
  const due = cards.data ? countDue(cards.data, new Date()) : 0
  if (due === 0) return null
  return (
    <Link
      to={deckId !== undefined ? `/memories/review?deck_id=${deckId}` : '/memories/review'}
      onClick={onNavigate}
      aria-label={`${due} cards due for review`}
      data-testid="due-badge"
      className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold tabular-nums text-white hover:bg-red-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-400 focus-visible:ring-offset-1"
    >
      {due}
    </Link>
  )
}
