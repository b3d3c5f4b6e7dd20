import { REVIEWED_STRIP_LIMIT, UNFAMILIAR, type Flashcard, type ReviewChoice } from '@lingocast/contract'
import { useState } from 'react'
import { Tooltip } from '../../../components/ui/Tooltip'
import { cardParts } from '../deck-stats'
import { MEMORIES_TEXT } from '../messages'

export interface ReviewedCard {
  card: Flashcard
  rating: ReviewChoice
}

/**
 * The cards already reviewed in this session, above the current one: the
 * front with its source as a tooltip, the cue, the rating; Unfamiliar ones
 * tinted yellow, others blue. Above 6 cards the strip is height-limited
 * with a Show more / Show less toggle (spec 001 s2).
 */
export function ReviewedStrip({ items }: { items: readonly ReviewedCard[] }) {
  const [expanded, setExpanded] = useState(false)
  if (items.length === 0) return null
  const collapsible = items.length > REVIEWED_STRIP_LIMIT
  return (
    <section aria-label="Reviewed cards">
      <ul className={`flex flex-wrap gap-2 ${collapsible && !expanded ? 'max-h-[5.5rem] overflow-hidden' : ''}`}>
        {items.map(({ card, rating }, i) => {
          const { cue, title, sentence } = cardParts(card)
          const unfamiliar = rating === UNFAMILIAR
          const hint = title && sentence ? `${title}: ${sentence}` : title || sentence || card.front
          return (
            <li
              key={`${card.id}-${i}`}
              data-rating={unfamiliar ? 'unfamiliar' : 'familiar'}
              className={`max-w-56 rounded-lg px-3 py-1.5 text-xs ring-1 ${unfamiliar ? 'bg-yellow-50 text-yellow-900 ring-yellow-200' : 'bg-blue-50 text-blue-900 ring-blue-200'}`}
            >
              <Tooltip label={hint} side="bottom">
                <span tabIndex={0} aria-label={`${card.front}: ${hint}`} className="font-semibold focus:outline-none focus-visible:underline">
                  {card.front}
                </span>
              </Tooltip>
              <span className="mx-1 text-slate-400">·</span>
              <span className="font-medium">{unfamiliar ? MEMORIES_TEXT.unfamiliar : MEMORIES_TEXT.familiar}</span>
              <span className="block truncate text-[11px] opacity-80">{cue}</span>
            </li>
          )
        })}
      </ul>
      {collapsible && (
        <button type="button" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} className="mt-1 text-xs font-semibold text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          {expanded ? MEMORIES_TEXT.showLess : MEMORIES_TEXT.showMore}
        </button>
      )}
    </section>
  )
}
