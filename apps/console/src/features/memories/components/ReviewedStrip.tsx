import { REVIEWED_STRIP_LIMIT, type AnswerButtons, type Flashcard, type ReviewRating } from '@lingocast/contract'
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { Components } from 'react-markdown'
import { LazyMarkdown } from '../../../components/ui/LazyMarkdown'
import { cardParts } from '../deck-stats'
import { MEMORIES_TEXT } from '../messages'

export interface ReviewedCard {
  card: Flashcard
  rating: ReviewRating
}

/** What the strip calls an answer: the spec's two words on the two-button screen, Anki's four otherwise. */
const ratingLabel = (rating: ReviewRating, buttons: AnswerButtons) => (buttons === 4 ? rating : rating === 'Again' ? MEMORIES_TEXT.unfamiliar : MEMORIES_TEXT.familiar)

/**
 * The cards already reviewed in this session, above the current one: the
 * front with its source as a tooltip, the cue, the rating; Unfamiliar ones
 * tinted yellow, others blue. Above 6 cards the strip is height-limited
 * with a Show more / Show less toggle (spec 001 s2).
 */
export function ReviewedStrip({ items, buttons = 2 }: { items: readonly ReviewedCard[]; buttons?: AnswerButtons }) {
  const [expanded, setExpanded] = useState(false)
  if (items.length === 0) return null
  const collapsible = items.length > REVIEWED_STRIP_LIMIT
  return (
    <section aria-label="Reviewed cards">
      <ul className={`flex flex-wrap gap-2 ${collapsible && !expanded ? 'max-h-[5.5rem] overflow-hidden' : ''}`}>
        {items.map(({ card, rating }, i) => (
          <StripItem key={`${card.id}-${i}`} card={card} unfamiliar={rating === 'Again'} label={ratingLabel(rating, buttons)} />
        ))}
      </ul>
      {collapsible && (
        <button type="button" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} className="mt-1 text-xs font-semibold text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          {expanded ? MEMORIES_TEXT.showLess : MEMORIES_TEXT.showMore}
        </button>
      )}
    </section>
  )
}

/** No images (a cue could name any address); blocks become spans, so the cue reads as a line or two of text. */
const NO_IMAGES = ['img']
const inline = ({ children }: { children?: ReactNode }) => <span>{children} </span>
const INLINE: Components = { p: inline, h1: inline, h2: inline, h3: inline, h4: inline, h5: inline, h6: inline, ul: inline, ol: inline, li: inline, blockquote: inline, pre: inline, table: inline, tr: inline, td: inline, th: inline, hr: () => null }

/**
 * One reviewed card. The front is a button whose hint (source title and
 * sentence) shows while a mouse is over the chip, while the front has the
 * keyboard focus, and after a tap (a second tap, a tap elsewhere or Escape
 * hides it), so it is reachable without a mouse. It is kept in state rather
 * than CSS :hover, which a touch phone never has (and a phone's emulated
 * hover would stick). The cue is rendered as the card renders it (markdown).
 */
function StripItem({ card, unfamiliar, label }: { card: Flashcard; unfamiliar: boolean; label: string }) {
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [tapped, setTapped] = useState(false)
  const hintId = useId()
  const front = useRef<HTMLButtonElement>(null)
  const pointer = useRef('')
  // The hint is fixed to the viewport under the front, so a collapsed strip (overflow hidden) cannot clip it.
  const [at, setAt] = useState<{ left: number; top: number }>()
  const { cue, title, sentence } = cardParts(card)
  const hint = title && sentence ? `${title}: ${sentence}` : title || sentence || card.front
  const open = hovered || focused || tapped
  useLayoutEffect(() => {
    if (!open) return
    const place = () => {
      const r = front.current?.getBoundingClientRect()
      if (r) setAt({ left: Math.max(4, Math.min(r.left, window.innerWidth - 260)), top: r.bottom + 4 })
    }
    place()
    window.addEventListener('scroll', place, true)
    window.addEventListener('resize', place)
    return () => {
      window.removeEventListener('scroll', place, true)
      window.removeEventListener('resize', place)
    }
  }, [open])
  return (
    <li
      data-rating={unfamiliar ? 'unfamiliar' : 'familiar'}
      className={`max-w-56 rounded-lg px-3 py-1.5 text-xs ring-1 ${unfamiliar ? 'bg-yellow-50 text-yellow-900 ring-yellow-200' : 'bg-blue-50 text-blue-900 ring-blue-200'}`}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
    >
      <button
        ref={front}
        type="button"
        aria-describedby={hintId}
        aria-expanded={open}
        // Focus by keyboard shows the hint; the focus a tap or a click gives does not (it would keep it open).
        onFocus={(e) => setFocused(e.currentTarget.matches(':focus-visible'))}
        onBlur={() => {
          setFocused(false)
          setTapped(false)
        }}
        onPointerDown={(e) => (pointer.current = e.pointerType)}
        // A tap (or Enter) pins the hint open and a second one closes it; a mouse already shows it by hovering.
        onClick={() => {
          if (pointer.current !== 'mouse') setTapped((v) => !v)
          pointer.current = ''
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setTapped(false)
            setFocused(false)
          }
        }}
        className="font-semibold underline decoration-dotted underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {card.front}
      </button>
      <span className="mx-1 text-slate-400">·</span>
      <span className="font-medium" data-testid="strip-rating">
        {label}
      </span>
      <div data-testid="strip-cue" className="line-clamp-2 text-[11px] leading-snug opacity-80 [&_a]:underline [&_code]:rounded [&_code]:bg-white/60 [&_code]:px-0.5 [&_strong]:font-semibold">
        <LazyMarkdown disallowedElements={NO_IMAGES} components={INLINE}>
          {cue}
        </LazyMarkdown>
      </div>
      <span
        id={hintId}
        role="tooltip"
        style={at}
        className={`fixed z-40 w-max max-w-64 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg ${open && at ? 'block' : 'hidden'}`}
      >
        {hint}
      </span>
    </li>
  )
}
