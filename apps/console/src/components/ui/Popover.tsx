import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { placePopover, type Box, type Placement } from './popover-position'

interface Props {
  /** The popover's accessible name. */
  label: string
  /** The element it opens beside; its last place is kept if it leaves the page (the caption moved on). */
  anchor: HTMLElement
  /** An element it must never cover (the current caption line). */
  avoid?: HTMLElement | null
  /** Escape, a press outside, or the caller's own buttons. `escape` is true for the Escape key. */
  onClose: (how: { escape: boolean }) => void
  /** Where focus goes back on Escape (default: the anchor). */
  returnFocus?: HTMLElement | null
  children: ReactNode
  className?: string
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

const boxOf = (el: Element): Box => {
  const r = el.getBoundingClientRect()
  return { top: r.top, left: r.left, width: r.width, height: r.height }
}

/**
 * A non-modal dialog beside an element (the WAI-ARIA disclosure dialog): the
 * page keeps working behind it, the media keeps playing. Focus moves into it
 * on open and Tab cycles inside; Escape closes it and gives focus back; a
 * press outside closes it and leaves focus where the press put it. It sits
 * in the body (fixed), so a scrolling or clipping parent cannot cut it.
 */
export function Popover({ label, anchor, avoid, onClose, returnFocus, children, className = '' }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  // Above the band, its bottom edge is held (`bottom`): content that grows before the next placement grows upwards, never over the band.
  const [place, setPlace] = useState<Placement & { bottom?: number }>()
  const closeRef = useRef(onClose)
  const lastAnchor = useRef<Box | undefined>(undefined)
  useEffect(() => {
    closeRef.current = onClose
  })

  // Placed before paint, again on resize and scroll, and when its own size changes (content loaded).
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    let frame = 0
    const update = () => {
      frame = 0
      if (anchor.isConnected) lastAnchor.current = boxOf(anchor)
      const target = lastAnchor.current
      if (!target) return
      const size = { width: el.offsetWidth, height: el.scrollHeight }
      const placed = placePopover(target, size, { width: window.innerWidth, height: window.innerHeight }, avoid?.isConnected ? boxOf(avoid) : undefined)
      const next: Placement & { bottom?: number } = placed.side === 'above' ? { ...placed, bottom: window.innerHeight - (placed.top + (placed.maxHeight ?? size.height)) } : placed
      setPlace((prev) => (prev && prev.top === next.top && prev.left === next.left && prev.maxHeight === next.maxHeight && prev.bottom === next.bottom ? prev : next))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    const observer = new ResizeObserver(schedule)
    observer.observe(el)
    if (avoid) observer.observe(avoid)
    window.addEventListener('resize', schedule)
    window.addEventListener('scroll', schedule, true)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      window.removeEventListener('resize', schedule)
      window.removeEventListener('scroll', schedule, true)
    }
  }, [anchor, avoid])

  // Focus moves in once it is placed: a hidden element cannot take focus.
  const focused = useRef(false)
  const placed = place !== undefined
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !placed || focused.current) return
    focused.current = true
    const first = el.querySelector<HTMLElement>('[data-autofocus]') ?? el.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? el).focus({ preventScroll: true })
  }, [placed])

  // A press outside closes it; the press keeps the focus it gives.
  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) closeRef.current({ escape: false })
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => document.removeEventListener('pointerdown', onPointerDown, true)
  }, [])

  // Escape closes it wherever the focus is (a button that was pressed may have dropped it to the page).
  const back = returnFocus ?? anchor
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      e.preventDefault()
      closeRef.current({ escape: true })
      if (back.isConnected) back.focus({ preventScroll: true })
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [back])

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab') return
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) => x.getClientRects().length > 0)
    if (items.length === 0) return e.preventDefault()
    const first = items[0]!
    const last = items[items.length - 1]!
    if (e.shiftKey && (document.activeElement === first || document.activeElement === e.currentTarget)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{
        ...(place?.bottom !== undefined ? { bottom: place.bottom } : { top: place?.top ?? 0 }),
        left: place?.left ?? 0,
        maxHeight: place?.maxHeight,
        visibility: place ? 'visible' : 'hidden',
      }}
      data-side={place?.side}
      className={`fixed z-50 w-80 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl bg-white text-left shadow-xl ring-1 ring-slate-900/10 focus:outline-none ${className}`}
    >
      {children}
    </div>,
    document.body,
  )
}
