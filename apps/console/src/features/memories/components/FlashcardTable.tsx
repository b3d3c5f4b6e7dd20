import type { Flashcard } from '@lingocast/contract'
import { Eye, LoaderCircle, Pencil, Send, Trash, Volume2 } from 'lucide-react'
import { useMediaQuery } from '../../../lib/media-query'
import { formatDay } from '../deck-stats'
import { ANKI_TEXT } from '../anki/anki-messages'
import { CARD_KIND_OPTIONS, MEMORIES_TEXT } from '../messages'

interface Props {
  cards: readonly Flashcard[]
  onView: (card: Flashcard) => void
  onEdit: (card: Flashcard) => void
  onDelete: (card: Flashcard) => void
  /** Sends the one card to Anki; absent while a send is under way. */
  onSendToAnki?: (card: Flashcard) => void
}

const th = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'
const td = 'px-4 py-3 align-top text-sm'

/** The table's six columns need about 640 px; below that each card is one row that fits. */
const WIDE_ENOUGH = '(min-width: 640px)'

/**
 * Front, Back (masked, with a view-as-markdown button), Reviews, Last Review,
 * Next Review, Actions (spec 001 s2). On a phone the same cards are a list,
 * one row per card that fits the screen: the front, when it is next due, and
 * the actions (a table scrolled sideways hid Next Review, Edit and Delete).
 */
export function FlashcardTable(props: Props) {
  return useMediaQuery(WIDE_ENOUGH) ? <Table {...props} /> : <CardList {...props} />
}

const iconButton = 'rounded-md p-2 focus:outline-none focus-visible:ring-2'

function CardList({ cards, onView, onEdit, onDelete, onSendToAnki }: Props) {
  return (
    <ul aria-label="Flashcards" className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {cards.map((card) => (
        <li key={card.id} data-card-id={card.id} className="flex items-center gap-2 px-3 py-2.5">
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <span className="min-w-0 break-words">{card.front}</span>
              <CardMarks card={card} />
            </p>
            <p className="mt-0.5 text-xs text-slate-500">
              <span className="sr-only">Next Review: </span>
              <span data-col="next-review">{formatDay(card.next_review, MEMORIES_TEXT.notScheduled)}</span>
              <span aria-hidden="true"> · </span>
              {card.repetition} {card.repetition === 1 ? 'review' : 'reviews'}
            </p>
          </div>
          <span className="flex shrink-0">
            <button type="button" aria-label={`View back of ${card.front}`} title="View back" onClick={() => onView(card)} className={`${iconButton} text-slate-500 hover:bg-slate-100 focus-visible:ring-indigo-500`}>
              <Eye className="h-4 w-4" aria-hidden="true" />
            </button>
            <button type="button" aria-label={`Edit ${card.front}`} title="Edit" onClick={() => onEdit(card)} className={`${iconButton} text-indigo-600 hover:bg-indigo-50 focus-visible:ring-indigo-500`}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </button>
            <button type="button" aria-label={ANKI_TEXT.sendCard(card.front)} title="Send to Anki" disabled={!onSendToAnki} onClick={() => onSendToAnki?.(card)} className={`${iconButton} text-slate-600 hover:bg-slate-100 focus-visible:ring-indigo-500 disabled:text-slate-300`}>
              <Send className="h-4 w-4" aria-hidden="true" />
            </button>
            <button type="button" aria-label={`Delete ${card.front}`} title="Delete" onClick={() => onDelete(card)} className={`${iconButton} text-red-600 hover:bg-red-50 focus-visible:ring-red-500`}>
              <Trash className="h-4 w-4" aria-hidden="true" />
            </button>
          </span>
        </li>
      ))}
    </ul>
  )
}

function Table({ cards, onView, onEdit, onDelete, onSendToAnki }: Props) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th className={th}>Front</th>
            <th className={th}>Back</th>
            <th className={th}>Reviews</th>
            <th className={th}>Last Review</th>
            <th className={th}>Next Review</th>
            <th className={th}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {cards.map((card) => (
            <tr key={card.id} data-card-id={card.id}>
              <td className={`${td} font-medium text-slate-900`}>
                <span className="flex items-center gap-2">
                  {card.front}
                  <CardMarks card={card} />
                </span>
              </td>
              <td className={td}>
                <span className="flex items-center gap-2">
                  {/* Masked so the answer is not read by accident while browsing the deck. */}
                  <span aria-hidden="true" className="select-none tracking-widest text-slate-400">
                    ••••••
                  </span>
                  <span className="sr-only">Answer hidden</span>
                  <button
                    type="button"
                    aria-label={`View back of ${card.front}`}
                    onClick={() => onView(card)}
                    className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                  >
                    <Eye className="h-4 w-4" aria-hidden="true" />
                  </button>
                </span>
              </td>
              <td className={`${td} tabular-nums`}>{card.repetition}</td>
              <td className={td} data-col="last-review">
                {formatDay(card.last_reviewed, MEMORIES_TEXT.never)}
              </td>
              <td className={td} data-col="next-review">
                {formatDay(card.next_review, MEMORIES_TEXT.notScheduled)}
              </td>
              <td className={td}>
                <span className="flex gap-1">
                  <button type="button" onClick={() => onEdit(card)} aria-label={`Edit ${card.front}`} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-indigo-600 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                    <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
                    Edit
                  </button>
                  <button type="button" onClick={() => onSendToAnki?.(card)} disabled={!onSendToAnki} aria-label={ANKI_TEXT.sendCard(card.front)} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:text-slate-300">
                    <Send className="h-3.5 w-3.5" aria-hidden="true" />
                    Anki
                  </button>
                  <button type="button" onClick={() => onDelete(card)} aria-label={`Delete ${card.front}`} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500">
                    <Trash className="h-3.5 w-3.5" aria-hidden="true" />
                    Delete
                  </button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const KIND_LABEL = Object.fromEntries(CARD_KIND_OPTIONS.map((o) => [o.value, o.label]))

/** A card's type (when not plain text) and whether it carries its sentence's audio. */
function CardMarks({ card }: { card: Flashcard }) {
  return (
    <>
      {card.kind !== 'standard' && <span className="rounded bg-violet-50 px-1.5 py-0.5 text-xs font-medium text-violet-700 ring-1 ring-inset ring-violet-200">{KIND_LABEL[card.kind]}</span>}
      {card.audio?.status === 'ready' && (
        <span title={MEMORIES_TEXT.hasAudio} data-testid="has-audio" className="text-indigo-500">
          <Volume2 className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">{MEMORIES_TEXT.hasAudio}</span>
        </span>
      )}
      {card.audio?.status === 'pending' && (
        <span title={MEMORIES_TEXT.audioPending} className="text-slate-400">
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
          <span className="sr-only">{MEMORIES_TEXT.audioPending}</span>
        </span>
      )}
    </>
  )
}
