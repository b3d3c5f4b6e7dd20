import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { rowsAfter } from './rows-shown'

// Steps taken per list and filter, for this page's life: back on the list, it draws what it drew, so the
// browser's scroll position is still there to return to. Written only by a learner's step in the browser:
// the server's frames, rendered for every learner by one module, always draw the first rows.
const stepsTaken = new Map<string, number>()

/**
 * How many of `total` rows to draw. `listKey` names the list and its filter: a
 * new search or sort starts again at the first rows.
 */
export function useRowsShown(total: number, listKey: string): { shown: number; more: () => void } {
  const [state, setState] = useState(() => ({ key: listKey, steps: stepsTaken.get(listKey) ?? 0 }))
  const steps = state.key === listKey ? state.steps : (stepsTaken.get(listKey) ?? 0)
  const more = useCallback(() => {
    const next = steps + 1
    stepsTaken.set(listKey, next)
    // In a transition: the new rows are drawn between the learner's taps and scrolls, not before them.
    startTransition(() => setState({ key: listKey, steps: next }))
  }, [listKey, steps])
  return { shown: rowsAfter(steps, total), more }
}

interface Props {
  shown: number
  total: number
  /** The list's element: when the button had the focus, it moves to the first new row. */
  list: RefObject<HTMLElement | null>
  /** What the rows are, in the plural: "episodes". */
  noun: string
  onMore: () => void
}

/** How far below the screen the end of the list starts drawing more: about a phone screen and a bit. */
const AHEAD = '0px 0px 1000px 0px'

/**
 * The end of a list drawn in steps: how many rows of how many are drawn, and a
 * button for the next ones, pressed by itself when it comes near the screen.
 */
export function ShowMoreRows({ shown, total, list, noun, onMore }: Props) {
  const button = useRef<HTMLButtonElement>(null)
  const focusFrom = useRef<number>(undefined)

  const step = useCallback(() => {
    if (document.activeElement === button.current) focusFrom.current = shown
    onMore()
  }, [shown, onMore])

  useEffect(() => {
    const from = focusFrom.current
    if (from === undefined || from >= shown) return
    focusFrom.current = undefined
    // The first control of the first new row: the next Tab goes on through the rows just drawn.
    list.current?.children[from]?.querySelector<HTMLElement>('a[href], button, [tabindex]')?.focus()
  }, [shown, list])

  useEffect(() => {
    const el = button.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    // Made again for each step: an observer says only when its target enters, and after a step the
    // button may still be in reach (short rows).
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && step(), { rootMargin: AHEAD })
    observer.observe(el)
    return () => observer.disconnect()
  }, [step])

  if (shown >= total) return null
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <p className="text-xs text-slate-500">
        Showing {shown} of {total} {noun}
      </p>
      <button
        ref={button}
        type="button"
        onClick={step}
        className="rounded-lg bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        Show more {noun}
      </button>
    </div>
  )
}
