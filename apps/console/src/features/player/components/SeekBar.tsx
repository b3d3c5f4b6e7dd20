import type { Segment } from '@lingocast/contract'
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { formatDuration } from '../../../lib/format'
import { usePlayerEffect, usePlayerValue } from '../hooks'
import type { Player } from '../player'

/** Arrow keys move 5 s, Page Up/Down 30 s. */
const KEY_STEP_SECONDS = 5
const PAGE_STEP_SECONDS = 30

interface Props {
  player: Player
  segments: readonly Segment[]
}

/**
 * The seek bar with a notch at each segment start. The fill and the thumb
 * follow the time by writing styles directly, every frame, without a render;
 * a drag previews the position and seeks on release.
 */
export function SeekBar({ player, segments }: Props) {
  const duration = usePlayerValue(player, (s) => s.duration)
  const root = useRef<HTMLDivElement>(null)
  const fill = useRef<HTMLDivElement>(null)
  const thumb = useRef<HTMLDivElement>(null)
  const dragFraction = useRef<number | null>(null)
  const aria = useRef({ now: '', text: '' })
  const [hover, setHover] = useState<{ fraction: number } | null>(null)

  const paint = (fraction: number) => {
    const f = Math.min(1, Math.max(0, fraction))
    if (fill.current) fill.current.style.transform = `scaleX(${f})`
    if (thumb.current) thumb.current.style.left = `${f * 100}%`
  }

  usePlayerEffect(player, (s) => {
    paint(dragFraction.current ?? (s.duration > 0 ? s.time / s.duration : 0))
    const el = root.current
    if (!el) return
    // Attributes change once a second at most: only write what differs.
    const now = String(Math.floor(s.time))
    const text = `${formatDuration(s.time)} of ${formatDuration(s.duration)}`
    if (aria.current.now !== now) el.setAttribute('aria-valuenow', now)
    if (aria.current.text !== text) el.setAttribute('aria-valuetext', text)
    aria.current = { now, text }
  })

  // One path for all the notches: a two-hour transcript has thousands of segments.
  const notches = useMemo(() => {
    if (!(duration > 0)) return ''
    let d = ''
    for (const s of segments) {
      const x = (s.start / 1000 / duration) * 1000
      if (x > 0.5 && x < 1000) d += `M${x.toFixed(1)} 0V10`
    }
    return d
  }, [segments, duration])

  const fractionAt = (clientX: number) => {
    const rect = root.current?.getBoundingClientRect()
    if (!rect || rect.width <= 0) return 0
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width))
  }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !(duration > 0)) return
    e.currentTarget.setPointerCapture(e.pointerId)
    dragFraction.current = fractionAt(e.clientX)
    paint(dragFraction.current)
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const f = fractionAt(e.clientX)
    if (dragFraction.current !== null) {
      dragFraction.current = f
      paint(f)
    }
    if (e.pointerType === 'mouse' || dragFraction.current !== null) setHover({ fraction: f })
  }
  const endDrag = (commit: boolean) => {
    const f = dragFraction.current
    dragFraction.current = null
    if (commit && f !== null) player.seek(f * duration)
    else paint(duration > 0 ? player.getState().time / duration : 0)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = player.currentTime()
    const moves: Record<string, number> = {
      ArrowLeft: t - KEY_STEP_SECONDS,
      ArrowDown: t - KEY_STEP_SECONDS,
      ArrowRight: t + KEY_STEP_SECONDS,
      ArrowUp: t + KEY_STEP_SECONDS,
      PageDown: t - PAGE_STEP_SECONDS,
      PageUp: t + PAGE_STEP_SECONDS,
      Home: 0,
      End: duration,
    }
    const target = moves[e.key]
    if (target === undefined) return
    // Handled here: the page's own Left/Right (previous/next segment) leave it alone.
    e.preventDefault()
    player.seek(target)
  }

  return (
    <div
      ref={root}
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => endDrag(true)}
      onPointerCancel={() => endDrag(false)}
      onPointerLeave={() => dragFraction.current === null && setHover(null)}
      onLostPointerCapture={() => setHover(null)}
      onKeyDown={onKeyDown}
      className="group relative flex h-6 cursor-pointer touch-none items-center rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
    >
      <div className="relative h-1.5 w-full overflow-hidden rounded-full bg-slate-200 transition-[height] group-hover:h-2">
        <div ref={fill} className="absolute inset-0 origin-left bg-indigo-500" style={{ transform: 'scaleX(0)' }} />
        {notches && (
          <svg className="absolute inset-0 h-full w-full" viewBox="0 0 1000 10" preserveAspectRatio="none" aria-hidden="true">
            <path d={notches} stroke="white" strokeWidth="2" vectorEffect="non-scaling-stroke" />
          </svg>
        )}
      </div>
      <div
        ref={thumb}
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 h-3.5 w-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-indigo-600 shadow ring-2 ring-white transition-transform group-hover:scale-110"
        style={{ left: 0 }}
      />
      {hover && duration > 0 && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute bottom-full mb-1.5 -translate-x-1/2 rounded-md bg-slate-900 px-1.5 py-0.5 text-xs font-medium tabular-nums text-white shadow"
          style={{ left: `${hover.fraction * 100}%` }}
        >
          {formatDuration(hover.fraction * duration)}
        </div>
      )}
    </div>
  )
}
