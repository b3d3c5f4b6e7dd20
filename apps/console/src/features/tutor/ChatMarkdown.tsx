import { FLASHCARD_FENCE, parseFlashcardSuggestion, type FlashcardSuggestion } from '@lingocast/contract'
import { Check, Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Components } from 'react-markdown'
import { LazyMarkdown } from '../../components/ui/LazyMarkdown'

interface HastNode {
  type: string
  tagName?: string
  value?: string
  properties?: { className?: unknown }
  children?: HastNode[]
}

const textOf = (node: HastNode): string => node.value ?? (node.children ?? []).map(textOf).join('')

/** A ```flashcard block's card, or undefined for any other code block. */
function flashcardIn(node: HastNode | undefined): { card: FlashcardSuggestion | undefined } | undefined {
  const code = node?.children?.find((c) => c.tagName === 'code')
  const classes = code?.properties?.className
  if (!code || !Array.isArray(classes) || !classes.includes(`language-${FLASHCARD_FENCE}`)) return undefined
  return { card: parseFlashcardSuggestion(textOf(code)) }
}

const PROSE =
  'break-words text-sm leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-indigo-600 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:mt-3 [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-0.5 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_p:first-child]:mt-0 [&_pre]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_strong]:font-semibold [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5'

const NO_IMAGES = ['img']

/**
 * An assistant reply as markdown (ARCHITECTURE.md s8: react-markdown, no raw
 * HTML: `skipHtml` drops it and unsafe link protocols are removed). Flashcard
 * suggestions render as cards with an Add button, enabled once complete.
 */
export function ChatMarkdown({
  text,
  onAdd,
  canAdd,
  isAdded,
  onOpen,
}: {
  text: string
  onAdd: (card: FlashcardSuggestion) => void
  canAdd: boolean
  /** Whether a suggestion is already one of the learner's cards: its button then says Added and opens that card. */
  isAdded?: (card: FlashcardSuggestion) => boolean
  onOpen?: (card: FlashcardSuggestion) => void
}) {
  const components: Components = {
    pre({ node, children }) {
      const found = flashcardIn(node as HastNode | undefined)
      if (!found) return <pre>{children}</pre>
      const added = Boolean(found.card && isAdded?.(found.card))
      return <SuggestionCard card={found.card} onAdd={added && onOpen ? onOpen : onAdd} canAdd={canAdd} added={added} />
    },
    a({ href, children }) {
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      )
    },
  }
  return (
    <div className={PROSE}>
      {/* No images: a reply (steered by text in a transcript) could name any address, and carry data out in it. */}
      <LazyMarkdown skipHtml disallowedElements={NO_IMAGES} components={components}>
        {text}
      </LazyMarkdown>
    </div>
  )
}

function SuggestionCard({ card, onAdd, canAdd, added }: { card: FlashcardSuggestion | undefined; onAdd: (card: FlashcardSuggestion) => void; canAdd: boolean; added: boolean }): ReactNode {
  return (
    <div data-testid="flashcard-suggestion" className="mt-2 flex items-start gap-3 rounded-xl bg-indigo-50/70 p-3 ring-1 ring-inset ring-indigo-100">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{card?.front ?? '…'}</p>
        {card && (
          <p title={card.back} className="mt-0.5 line-clamp-3 text-xs leading-snug text-slate-600">
            {card.back}
          </p>
        )}
      </div>
      <button
        type="button"
        disabled={!card || !canAdd}
        onClick={() => card && onAdd(card)}
        aria-label={card ? (added ? `Added: open flashcard ${card.front}` : `Add flashcard ${card.front}`) : 'Add flashcard'}
        title={added ? 'Already one of your cards: open it' : undefined}
        data-added={added || undefined}
        className={`inline-flex shrink-0 items-center gap-1 rounded-lg px-2.5 py-1 text-xs font-semibold shadow-sm ring-1 ring-inset transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 ${
          added
            ? 'bg-emerald-50 text-emerald-700 ring-emerald-200 hover:bg-emerald-100'
            : 'bg-white text-indigo-700 ring-indigo-200 hover:bg-indigo-600 hover:text-white disabled:hover:bg-white disabled:hover:text-indigo-700'
        }`}
      >
        {added ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : <Plus className="h-3.5 w-3.5" aria-hidden="true" />}
        {added ? 'Added' : 'Add'}
      </button>
    </div>
  )
}
