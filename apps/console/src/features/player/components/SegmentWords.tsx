import { TRANSCRIPT_UNCERTAIN_WORD, type Segment } from '@lingocast/contract'
import { BookOpen } from 'lucide-react'
import { useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react'
import type { ArticleWords } from '../../vocabulary/api'
import { LOOKUP_TEXT } from '../../vocabulary/lookup/lookup-text'
import { markClass, PHRASE_MARK, SELECTED_MARK } from '../../vocabulary/lookup/word-marks'
import type { LookupTarget } from '../../vocabulary/lookup/WordLookup'
import { selectionRange, wordMarks, type WordMark } from '../../vocabulary/statuses'

interface Props {
  segment: Segment
  /** The spoken word's index, -1 for none. */
  active: number
  isCurrent: boolean
  onSeekMs: (ms: number) => void
  marks?: ArticleWords
  onLookup?: (target: LookupTarget) => void
  /** Body-sized words for the Transcript tab's list; the caption line is large. */
  compact?: boolean
}

/** How long a finger rests on a word before the lookup opens instead of the seek. */
export const LONG_PRESS_MS = 500
/** A finger that moves this far is scrolling, not pressing. */
const LONG_PRESS_SLOP_PX = 10

const wordButton = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLButtonElement>('button[data-word-index]') : null)

type Range = { from: number; to: number }

/**
 * The words of the caption line, each a button that seeks to it (spec 000
 * s2), new and learning words underlined. The lookup opens from one book
 * button that follows the hovered or focused word (one element, placed in
 * front of the words so they stay the line's last buttons), from a long
 * press on touch, or from L. A word or phrase with the learner's
 * hint shows it on hover or focus; several words are selected as a phrase
 * (of up to 6) by dragging across them, Shift+click, or Shift+arrows then
 * Enter or L, and the lookup opens on the phrase; the learner's phrases are
 * marked wherever they occur. Events are delegated to the line, so a line
 * costs no handler per word.
 */
export function SegmentWords({ segment, active, isCurrent, onSeekMs, marks, onLookup, compact = false }: Props) {
  const words = segment.word_timestamps
  const wordMarksOf = useMemo<Array<WordMark | undefined>>(() => (marks ? wordMarks(marks, words.map((w) => w.word)) : []), [words, marks])
  const [book, setBook] = useState<{ index: number; left: number; top: number; hintLeft: number; hintTop: number }>()
  const [selection, setSelection] = useState<Range>()
  const line = useRef<HTMLParagraphElement>(null)
  const press = useRef<{ timer: number; x: number; y: number; fired: boolean }>(undefined)
  // A mouse drag across words: where it started and how far it reached.
  const drag = useRef<{ anchor: number; range?: Range }>(undefined)
  // Where Shift+click and Shift+arrows select from: the word last clicked, or where the keyboard selection began.
  const anchor = useRef<number>(undefined)
  // The click that ends a drag selection is not a seek.
  const swallowClick = useRef(false)
  const hintId = useId()

  const open = (button: HTMLButtonElement) => onLookup?.({ segment, index: Number(button.dataset.wordIndex), anchor: button })
  const buttonAt = (index: number) => line.current?.querySelector<HTMLButtonElement>(`button[data-word-index="${index}"]`) ?? null
  /** Looks up the selected words as a phrase (one word: that word). */
  const openRange = (range: Range) => {
    const first = buttonAt(range.from)
    if (first && onLookup) onLookup({ segment, index: range.from, ...(range.to > range.from ? { length: range.to - range.from + 1 } : {}), anchor: first })
  }
  const showBook = (target: EventTarget | null) => {
    const button = wordButton(target)
    if (!button || (!onLookup && !marks)) return
    const index = Number(button.dataset.wordIndex)
    if (book?.index === index) return
    setBook({ index, left: button.offsetLeft + button.offsetWidth - 8, top: button.offsetTop - 10, hintLeft: button.offsetLeft, hintTop: button.offsetTop - 14 })
  }
  const onKeyDown = (e: ReactKeyboardEvent<HTMLParagraphElement>) => {
    const button = wordButton(e.target)
    if (!button || !onLookup || e.ctrlKey || e.metaKey || e.altKey) return
    const index = Number(button.dataset.wordIndex)
    if (e.shiftKey && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) {
      // Marked handled: the player's arrows (previous and next segment) leave it alone.
      e.preventDefault()
      if (!selection || (index !== selection.from && index !== selection.to)) anchor.current = index
      const from = anchor.current ?? index
      const range = selectionRange(from, Math.max(0, Math.min(words.length - 1, index + (e.key === 'ArrowRight' ? 1 : -1))))
      setSelection(range)
      buttonAt(range.to === from ? range.from : range.to)?.focus()
      return
    }
    if (selection && selection.to > selection.from && (e.key === 'Enter' || e.key === 'l' || e.key === 'L') && !e.repeat) {
      e.preventDefault()
      openRange(selection)
      return
    }
    if (e.key === 'Escape' && selection) setSelection(undefined)
  }
  const cancelPress = () => {
    if (press.current && !press.current.fired) window.clearTimeout(press.current.timer)
  }
  const onPointerDown = (e: ReactPointerEvent) => {
    cancelPress()
    press.current = undefined
    const button = wordButton(e.target)
    if (button && onLookup && e.pointerType === 'mouse' && e.button === 0) {
      drag.current = { anchor: Number(button.dataset.wordIndex) }
      if (!e.shiftKey) setSelection(undefined)
      // Released anywhere, on the line or off it.
      window.addEventListener('pointerup', endDrag, { once: true })
    }
    if (!button || !onLookup || e.pointerType === 'mouse') return
    const state = { x: e.clientX, y: e.clientY, fired: false, timer: 0 }
    state.timer = window.setTimeout(() => {
      state.fired = true
      open(button)
    }, LONG_PRESS_MS)
    press.current = state
  }
  const onPointerMove = (e: ReactPointerEvent) => {
    const p = press.current
    if (p && !p.fired && Math.hypot(e.clientX - p.x, e.clientY - p.y) > LONG_PRESS_SLOP_PX) cancelPress()
  }
  /** Dragging with the button held over another word selects the words between. */
  const dragOver = (e: ReactPointerEvent) => {
    const d = drag.current
    const button = wordButton(e.target)
    if (!d || !button || (e.buttons & 1) === 0) return
    const index = Number(button.dataset.wordIndex)
    if (index === d.anchor && !d.range) return
    d.range = selectionRange(d.anchor, index)
    setSelection(d.range)
  }
  function endDrag() {
    const range = drag.current?.range
    drag.current = undefined
    if (!range || range.to === range.from) return
    swallowClick.current = true
    window.setTimeout(() => (swallowClick.current = false), 0)
    openRange(range)
  }
  const shown = book && wordMarksOf[book.index]

  return (
    <div
      onPointerLeave={(e) => {
        if (!e.currentTarget.contains(document.activeElement)) setBook(undefined)
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setBook(undefined)
      }}
    >
      {onLookup && book && words[book.index] && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={LOOKUP_TEXT.lookUpWord(words[book.index]!.word.trim())}
          title={`${LOOKUP_TEXT.lookUpWord(words[book.index]!.word.trim())} (L)`}
          onClick={() => {
            const button = line.current?.querySelector<HTMLButtonElement>(`button[data-word-index="${book.index}"]`)
            if (button) open(button)
          }}
          style={{ left: book.left, top: book.top }}
          className="absolute z-10 rounded-full bg-white p-1 text-indigo-600 shadow ring-1 ring-slate-200 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <BookOpen className="h-3.5 w-3.5" aria-hidden="true" />
        </button>
      )}
      {book && shown?.hint && (
        <span
          role="tooltip"
          id={hintId}
          data-testid="word-hint"
          style={{ left: book.hintLeft, top: book.hintTop }}
          className="pointer-events-none absolute z-20 max-w-xs -translate-y-full whitespace-pre-line rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg"
        >
          {shown.hint}
        </span>
      )}
      <p
        ref={line}
        className={`${compact ? `text-base leading-relaxed ${isCurrent ? 'text-slate-900' : 'text-slate-700'}` : `text-xl leading-loose sm:text-2xl ${isCurrent ? 'text-slate-900' : 'text-slate-400'}`} ${selection ? 'select-none' : ''}`}
        onPointerOver={(e) => {
          showBook(e.target)
          dragOver(e)
        }}
        onFocus={(e) => showBook(e.target)}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={cancelPress}
        onPointerCancel={() => {
          cancelPress()
          drag.current = undefined
        }}
        onContextMenu={(e) => {
          // Touch browsers open their own menu on a long press: ours is the lookup.
          if (press.current?.fired || (press.current && e.nativeEvent instanceof PointerEvent && e.nativeEvent.pointerType !== 'mouse')) e.preventDefault()
        }}
        onClickCapture={(e) => {
          // The click that ends a long press, or a drag across words, is not a seek.
          if (press.current?.fired || swallowClick.current) {
            e.preventDefault()
            e.stopPropagation()
            press.current = undefined
            swallowClick.current = false
            return
          }
          const button = wordButton(e.target)
          if (!button) return
          const index = Number(button.dataset.wordIndex)
          // Shift+click selects from the word last clicked (or focused) to this one, and looks the phrase up instead of seeking.
          const from = anchor.current ?? (document.activeElement instanceof HTMLElement && line.current?.contains(document.activeElement) ? Number(document.activeElement.dataset.wordIndex) : undefined)
          if (e.shiftKey && onLookup && from !== undefined && !Number.isNaN(from) && from !== index) {
            e.preventDefault()
            e.stopPropagation()
            const range = selectionRange(from, index)
            setSelection(range)
            openRange(range)
            return
          }
          anchor.current = index
          if (selection) setSelection(undefined)
        }}
      >
        {words.map((w, i) => {
          const word = w.word.trim()
          const lit = i === active
          const mark = wordMarksOf[i]
          const status = mark?.status
          const selected = selection !== undefined && i >= selection.from && i <= selection.to
          return (
            <span key={`${w.start}:${i}`}>
              {i > 0 && ' '}
              <button
                type="button"
                aria-label={word}
                aria-current={lit ? 'true' : undefined}
                aria-describedby={book?.index === i && mark?.hint ? hintId : undefined}
                data-active={lit ? 'true' : undefined}
                data-start={w.start}
                data-word-index={i}
                data-status={status}
                data-level={mark?.level}
                data-phrase={mark?.phrase ? mark.term : undefined}
                data-selected={selected ? 'true' : undefined}
                data-uncertain={w.uncertain ? 'true' : undefined}
                // A publisher's word the audio did not give: still a button that seeks (to where its cue puts it), told apart in italics.
                title={w.uncertain ? TRANSCRIPT_UNCERTAIN_WORD : undefined}
                onClick={() => onSeekMs(w.start)}
                // min-w-6: a one- or two-letter word is still a 24 px target for a finger (WCAG 2.2 target size).
                className={`-mx-0.5 min-w-6 rounded-md px-0.5 text-center transition-colors duration-100 [-webkit-touch-callout:none] focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${w.uncertain ? 'italic' : ''} ${status ? markClass(status, mark.level) : ''} ${mark?.phrase && status ? (PHRASE_MARK[status] ?? '') : ''} ${
                  selected
                    ? SELECTED_MARK
                    : lit
                    ? 'bg-indigo-100 text-indigo-900 shadow-[inset_0_-2px_0_0_var(--color-indigo-500)]'
                    : isCurrent && active >= 0 && i < active
                      ? 'text-slate-900 hover:bg-slate-100'
                      : isCurrent && active >= 0
                        ? 'text-slate-500 hover:bg-slate-100 hover:text-slate-900'
                        : 'hover:bg-slate-100'
                }`}
              >
                {word}
              </button>
            </span>
          )
        })}
      </p>
    </div>
  )
}
