import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { readStored, writeStored } from '../../../lib/local-storage'
import { DIVIDER_MAX, DIVIDER_MIN, dividerAfterKey, dividerFromPointer, parseDivider } from '../divider'
import { DIVIDER_KEY } from '../preferences'

interface Props {
  left: ReactNode
  right: ReactNode
}

/**
 * Two panes side by side with a draggable divider (spec 000 s2, s9): the left
 * pane takes 65 percent by default, 20 to 80, remembered in localStorage. The
 * width applies from 768px (Tailwind's md) up; below, the panes stack and the
 * divider is hidden. A drag writes the width straight into a CSS variable and
 * commits it on release, so the panes do not re-render while it moves.
 */
export function ResizablePanes({ left, right }: Props) {
  const [percent, setPercent] = useState(() => parseDivider(readStored(DIVIDER_KEY)))
  const row = useRef<HTMLDivElement>(null)
  const handle = useRef<HTMLDivElement>(null)
  const live = useRef<number | null>(null)
  const [dragging, setDragging] = useState(false)
  const leftId = useId()

  const show = (p: number) => {
    row.current?.style.setProperty('--left-pane', `${p}%`)
    handle.current?.setAttribute('aria-valuenow', String(Math.round(p)))
  }
  const commit = (p: number) => {
    setPercent(p)
    writeStored(DIVIDER_KEY, String(p))
  }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    // No text selection while dragging.
    e.preventDefault()
    e.currentTarget.setPointerCapture(e.pointerId)
    e.currentTarget.focus({ preventScroll: true })
    live.current = percent
    setDragging(true)
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (live.current === null || !row.current) return
    const rect = row.current.getBoundingClientRect()
    live.current = dividerFromPointer(e.clientX, rect.left, rect.width)
    show(live.current)
  }
  const onPointerEnd = () => {
    if (live.current === null) return
    commit(live.current)
    live.current = null
    setDragging(false)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = dividerAfterKey(percent, e.key, e.shiftKey)
    if (next === undefined) return
    // Handled: the player's own Left/Right shortcuts leave this key alone.
    e.preventDefault()
    show(next)
    commit(next)
  }

  return (
    <div ref={row} style={{ '--left-pane': `${percent}%` } as CSSProperties} className={`flex flex-col gap-6 md:flex-row md:gap-0 ${dragging ? 'cursor-col-resize select-none' : ''}`}>
      <div id={leftId} data-testid="left-pane" className="min-w-0 space-y-4 md:w-[var(--left-pane)] md:shrink-0">
        {left}
      </div>
      <div
        ref={handle}
        role="separator"
        tabIndex={0}
        aria-label="Resize panes"
        aria-orientation="vertical"
        aria-controls={leftId}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={DIVIDER_MIN}
        aria-valuemax={DIVIDER_MAX}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={() => {
          const next = dividerAfterKey(percent, 'Enter')!
          show(next)
          commit(next)
        }}
        onKeyDown={onKeyDown}
        className="group hidden w-5 shrink-0 cursor-col-resize touch-none justify-center rounded-full focus:outline-none md:flex"
      >
        <span
          className={`mt-2 h-16 w-1 rounded-full transition-colors group-hover:bg-indigo-400 group-focus-visible:bg-indigo-500 group-focus-visible:ring-2 group-focus-visible:ring-indigo-500/30 md:sticky md:top-1/2 ${
            dragging ? 'bg-indigo-500' : 'bg-slate-300'
          }`}
        />
      </div>
      <div className="min-w-0 flex-1">{right}</div>
    </div>
  )
}
