import type { Segment, WordStatus } from '@lingocast/contract'
import { BookOpen } from 'lucide-react'
import { useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import type { ArticleWords } from '../../vocabulary/api'
import { LOOKUP_TEXT } from '../../vocabulary/lookup/lookup-text'
import { WORD_MARK } from '../../vocabulary/lookup/word-marks'
import type { LookupTarget } from '../../vocabulary/lookup/WordLookup'
import { statusOfWord } from '../../vocabulary/statuses'

interface Props {
  segment: Segment
  /** The spoken word's index, -1 for none. */
  active: number
  isCurrent: boolean
  onSeekMs: (ms: number) => void
  marks?: ArticleWords
  onLookup?: (target: LookupTarget) => void
}

/** How long a finger rests on a word before the lookup opens instead of the seek. */
export const LONG_PRESS_MS = 500
/** A finger that moves this far is scrolling, not pressing. */
const LONG_PRESS_SLOP_PX = 10

const wordButton = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLButtonElement>('button[data-word-index]') : null)

/**
 * The words of the caption line, each a button that seeks to it (spec 000
 * s2), new and learning words underlined. The lookup opens from one book
 * button that follows the hovered or focused word (one element, placed in
 * front of the words so they stay the line's last buttons), from a long
 * press on touch, or from L. Events are delegated to the line, so a line
 * costs no handler per word.
 */
export function SegmentWords({ segment, active, isCurrent, onSeekMs, marks, onLookup }: Props) {
  const words = segment.word_timestamps
  const statuses = useMemo<Array<WordStatus | undefined>>(() => (marks ? words.map((w) => statusOfWord(marks, w.word)) : []), [words, marks])
  const [book, setBook] = useState<{ index: number; left: number; top: number }>()
  const line = useRef<HTMLParagraphElement>(null)
  const press = useRef<{ timer: number; x: number; y: number; fired: boolean }>(undefined)

  const open = (button: HTMLButtonElement) => onLookup?.({ segment, index: Number(button.dataset.wordIndex), anchor: button })
  const showBook = (target: EventTarget | null) => {
    const button = wordButton(target)
    if (!button || !onLookup) return
    const index = Number(button.dataset.wordIndex)
    if (book?.index === index) return
    setBook({ index, left: button.offsetLeft + button.offsetWidth - 8, top: button.offsetTop - 10 })
  }
  const cancelPress = () => {
    if (press.current && !press.current.fired) window.clearTimeout(press.current.timer)
  }
  const onPointerDown = (e: ReactPointerEvent) => {
    cancelPress()
    press.current = undefined
    const button = wordButton(e.target)
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
      <p
        ref={line}
        className={`text-xl leading-loose sm:text-2xl ${isCurrent ? 'text-slate-900' : 'text-slate-400'}`}
        onPointerOver={(e) => showBook(e.target)}
        onFocus={(e) => showBook(e.target)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={cancelPress}
        onPointerCancel={cancelPress}
        onContextMenu={(e) => {
          // Touch browsers open their own menu on a long press: ours is the lookup.
          if (press.current?.fired || (press.current && e.nativeEvent instanceof PointerEvent && e.nativeEvent.pointerType !== 'mouse')) e.preventDefault()
        }}
        onClickCapture={(e) => {
          // The click that ends a long press is not a seek.
          if (press.current?.fired) {
            e.preventDefault()
            e.stopPropagation()
            press.current = undefined
          }
        }}
      >
        {words.map((w, i) => {
          const word = w.word.trim()
          const lit = i === active
          const status = statuses[i]
          return (
            <span key={`${w.start}:${i}`}>
              {i > 0 && ' '}
              <button
                type="button"
                aria-label={word}
                aria-current={lit ? 'true' : undefined}
                data-active={lit ? 'true' : undefined}
                data-start={w.start}
                data-word-index={i}
                data-status={status}
                onClick={() => onSeekMs(w.start)}
                className={`-mx-0.5 rounded-md px-0.5 transition-colors duration-100 [-webkit-touch-callout:none] focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${status ? WORD_MARK[status] : ''} ${
                  lit
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
