import type { Segment } from '@lingocast/contract'
import { useMemo, useRef, useState, type PointerEvent } from 'react'
import { usePlayerEffect, usePlayerValue } from '../hooks'
import type { Player } from '../player'
import { formatStamp, segmentIndexAt, timelineTarget, toMs } from '../segments'

interface Props {
  player: Player
  segments: readonly Segment[]
  /** Article Duration in seconds, used until the media reports its own. */
  fallbackDuration: number | null
  onSeekMs: (ms: number) => void
}

/**
 * The timeline (spec 000 s2): each segment a block from its start to its end;
 * a click on a block seeks to its segment's start, a click between blocks to
 * the time clicked; hovering shows where a click goes as m:ss. All
 * blocks are one SVG path, drawn once per transcript change; the current
 * block and the playhead move on their own.
 */
// The card and its heading line, the same in the placeholder so that both take the same room.
const CARD = 'rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200'
const HEAD = 'mb-2 flex items-center justify-between text-xs font-medium text-slate-500'

/**
 * The timeline card's room, and the export line's under it, while the
 * transcript loads: when it comes, what is below (Download for offline, the
 * side panel on a phone) stays where it was instead of jumping down (a layout
 * shift Lighthouse measured at 0.044 on the player).
 */
export function TimelinePlaceholder() {
  return (
    <>
      <div className={CARD} aria-hidden="true" data-testid="timeline-placeholder">
        <div className={HEAD}>Timeline</div>
        <div className="h-7 animate-pulse rounded-md bg-slate-100" />
      </div>
      <div className="h-6" aria-hidden="true" />
    </>
  )
}

export function TimelineBar({ player, segments, fallbackDuration, onSeekMs }: Props) {
  const mediaDuration = usePlayerValue(player, (s) => s.duration)
  const lastEnd = segments.length ? segments[segments.length - 1]!.end : 0
  const totalMs = Math.max(mediaDuration > 0 ? toMs(mediaDuration) : (fallbackDuration ?? 0) * 1000, lastEnd, 1)
  const current = usePlayerValue(player, (s) => segmentIndexAt(segments, toMs(s.time)))
  const bar = useRef<HTMLDivElement>(null)
  const playhead = useRef<HTMLDivElement>(null)
  const [hover, setHover] = useState<{ left: number; index: number; ms: number } | null>(null)

  const blocks = useMemo(() => {
    let d = ''
    for (const s of segments) {
      const x = (s.start / totalMs) * 1000
      const w = Math.max(((s.end - s.start) / totalMs) * 1000, 0.5)
      d += `M${x.toFixed(2)} 0h${w.toFixed(2)}v10h-${w.toFixed(2)}z`
    }
    return d
  }, [segments, totalMs])

  usePlayerEffect(player, (s) => {
    if (playhead.current) playhead.current.style.left = `${Math.min(100, (toMs(s.time) / totalMs) * 100)}%`
  })

  const pointAt = (clientX: number) => {
    const rect = bar.current!.getBoundingClientRect()
    const fraction = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width))
    const ms = fraction * totalMs
    return { ms, index: segmentIndexAt(segments, ms) }
  }

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const { ms, index } = pointAt(e.clientX)
    const at = timelineTarget(segments, ms)
    setHover({ left: Math.min(100, (at / totalMs) * 100), index, ms: at })
  }

  const active = current >= 0 ? segments[current] : undefined
  const hovered = hover && hover.index >= 0 ? segments[hover.index] : undefined

  return (
    <div className={CARD}>
      <div className={HEAD}>
        <span>Timeline</span>
        <span className="tabular-nums">{segments.length} segments</span>
      </div>
      <div
        ref={bar}
        data-testid="timeline"
        // A picture of where the segments are, for the pointer; the keyboard seeks with the seek bar and the segment keys.
        role="img"
        aria-label="Timeline of the transcript segments"
        className="relative h-7 cursor-pointer rounded-md bg-slate-100"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHover(null)}
        onClick={(e) => onSeekMs(timelineTarget(segments, pointAt(e.clientX).ms))}
      >
        <svg className="absolute inset-0 h-full w-full overflow-visible rounded-md" viewBox="0 0 1000 10" preserveAspectRatio="none" aria-hidden="true">
          <path d={blocks} className="fill-slate-300" />
        </svg>
        {active && (
          <div
            aria-hidden="true"
            className="absolute inset-y-0 rounded-sm bg-indigo-500"
            style={{ left: `${(active.start / totalMs) * 100}%`, width: `max(2px, ${((active.end - active.start) / totalMs) * 100}%)` }}
          />
        )}
        {hovered && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 rounded-sm ring-2 ring-indigo-400 ring-inset"
            style={{ left: `${(hovered.start / totalMs) * 100}%`, width: `max(2px, ${((hovered.end - hovered.start) / totalMs) * 100}%)` }}
          />
        )}
        <div ref={playhead} aria-hidden="true" className="pointer-events-none absolute -inset-y-1 w-0.5 -translate-x-1/2 rounded-full bg-slate-900" style={{ left: 0 }} />
        {hover && (
          <div
            role="tooltip"
            className="pointer-events-none absolute bottom-full z-10 mb-2 -translate-x-1/2 rounded-md bg-slate-900 px-1.5 py-0.5 text-xs font-medium tabular-nums text-white shadow"
            style={{ left: `${hover.left}%` }}
          >
            {formatStamp(hover.ms)}
          </div>
        )}
      </div>
    </div>
  )
}
