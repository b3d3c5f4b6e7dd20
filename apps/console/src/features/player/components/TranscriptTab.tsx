import { TRANSCRIPT_NOTICE, type Segment, type TranscriptionStatus } from '@lingocast/contract'
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { LocateFixed } from 'lucide-react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { Spinner } from '../../../components/ui/Spinner'
import type { ArticleWords } from '../../vocabulary/api'
import type { LookupTarget } from '../../vocabulary/lookup/WordLookup'
import { usePlayerValue } from '../hooks'
import { transcriptionStateText } from '../messages'
import type { Player } from '../player'
import { lastStartedIndex, segmentIndexAt, toMs } from '../segments'
import { rowStaysPut } from '../transcript-follow'
import { useShowWordStatus } from '../word-status-switch'
import { SegmentLine } from './SubtitlePanel'
import { formatCount } from '../../../lib/format'

export const TRANSCRIPT_TAB_TEXT = {
  list: 'Transcript',
  back: 'Back to the playing line',
  following: 'Following the playing line',
  loading: 'Loading transcript…',
  empty: 'No transcript for this recording yet.',
  failed: 'The transcript could not be made for this recording.',
} as const

/** A row's height before it is measured: a time stamp and about two lines of words. */
const ESTIMATED_ROW_PX = 84
/** Room kept above the playing line when following: the end of the line before stays in sight. */
const FOLLOW_PADDING_PX = 72
/** How long a row asked to take focus may take to be rendered. */
const PENDING_FOCUS_MS = 1_000
/** Keys with which the learner moves through the list themselves. */
const READING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'])

interface Props {
  player: Player
  segments: readonly Segment[]
  loading: boolean
  /** Where the transcript's making stands: the list says so while it is empty or still growing. */
  transcription?: TranscriptionStatus | undefined
  onSeekMs: (ms: number) => void
  /** The article's word statuses, marked as on the caption line (the same Word status switch). */
  articleWords?: ArticleWords
  /** Opens the lookup popover, as on the caption line. */
  onLookup?: (target: LookupTarget) => void
}

/**
 * The Transcript tab: every segment in a list, with the caption
 * line's own words (statuses, seek on click, lookup), following the playing
 * segment. Only the rows in sight are in the page (@tanstack/react-virtual),
 * so two hours of words cost what a screenful does; the list itself renders
 * when the playing segment changes, the lit word only in its own line.
 *
 * Following stops as soon as the learner moves through the list themselves
 * (wheel, touch, the scroll bar, reading keys, keyboard focus, a lookup) and
 * comes back with "Back to the playing line" or a click on a word (which
 * plays from there).
 */
export function TranscriptTab({ player, segments, loading, transcription, onSeekMs, articleWords, onLookup }: Props) {
  const showStatus = useShowWordStatus()
  const marks = showStatus ? articleWords : undefined
  // The playing segment: the last one started (in a pause, the one just heard), as on the caption line.
  const playing = usePlayerValue(player, (s) => lastStartedIndex(segments, toMs(s.time)))
  const current = usePlayerValue(player, (s) => segmentIndexAt(segments, toMs(s.time)))
  const scroller = useRef<HTMLDivElement>(null)
  const [following, setFollowingState] = useState(true)
  // Read by the follow effect: a stop takes effect at once, before React renders it (a wheel
  // turn and a new playing line can come in the same frame).
  const followingNow = useRef(true)
  const setFollowing = useCallback((next: boolean) => {
    followingNow.current = next
    setFollowingState(next)
  }, [])
  // The row holding focus stays in the page when scrolled away, so focus is never dropped.
  const focused = useRef(-1)
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range)
    const f = focused.current
    if (f < 0 || f >= range.count || indexes.includes(f)) return indexes
    return [...indexes, f].sort((a, b) => a - b)
  }, [])
  // Stable between renders: a new one would have the virtualizer lay out every row again on each scroll.
  const itemKey = useCallback((index: number) => segments[index]?.start ?? index, [segments])
  const virtualizer = useVirtualizer({
    count: segments.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: itemKey,
    overscan: 4,
    scrollPaddingStart: FOLLOW_PADDING_PX,
    rangeExtractor,
  })

  // Follow (transcript-follow.ts): the list turns only when the playing row leaves the upper part of
  // the view, and at once: a smooth scroll still running when the learner grabs the list fights them.
  useLayoutEffect(() => {
    if (!following || !followingNow.current || playing < 0) return
    const el = scroller.current
    const row = el?.querySelector<HTMLElement>(`[data-index="${playing}"]`)
    if (el && row && rowStaysPut(el.getBoundingClientRect(), row.getBoundingClientRect())) return
    virtualizer.scrollToIndex(playing, { align: 'start' })
  }, [following, playing, virtualizer])

  const stopFollowing = useCallback(() => {
    if (!followingNow.current) return
    virtualizer.cancelScroll()
    setFollowing(false)
  }, [virtualizer, setFollowing])

  // Focus this component moves itself (back to the playing line) does not stop the following.
  const movingFocus = useRef(false)
  const focusRow = useCallback((index: number, quiet: boolean) => {
    const button = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] :is(button[data-word-index], button:not([tabindex="-1"]))`)
    if (!button) return false
    movingFocus.current = quiet
    button.focus({ preventScroll: true })
    movingFocus.current = false
    return true
  }, [])
  // Focus asked for a row not yet in the page: given once it is rendered, if that is soon.
  const pendingFocus = useRef<{ index: number; quiet: boolean; until: number }>(undefined)
  useEffect(() => {
    const pending = pendingFocus.current
    if (!pending) return
    if (performance.now() > pending.until || focusRow(pending.index, pending.quiet)) pendingFocus.current = undefined
  })
  const moveFocusTo = (index: number, quiet = false) => {
    const to = Math.max(0, Math.min(segments.length - 1, index))
    focused.current = to
    if (!quiet) virtualizer.scrollToIndex(to, { align: 'auto' })
    pendingFocus.current = focusRow(to, quiet) ? undefined : { index: to, quiet, until: performance.now() + PENDING_FOCUS_MS }
  }

  // Keyboard users land on the playing line's first word.
  const backToPlaying = () => {
    setFollowing(true)
    if (playing >= 0) moveFocusTo(playing, true)
  }

  // A click on a word plays from there: the list follows again from that line.
  const seek = useCallback(
    (ms: number) => {
      setFollowing(true)
      onSeekMs(ms)
    },
    [onSeekMs, setFollowing],
  )
  // A word looked up is being read: the list holds still under the popover.
  const lookup = useCallback(
    (target: LookupTarget) => {
      stopFollowing()
      onLookup?.(target)
    },
    [onLookup, stopFollowing],
  )

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Shift and the rest are left to the words themselves (a phrase grows with Shift).
    if (!READING_KEYS.has(e.key) || e.defaultPrevented || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return
    stopFollowing()
    const row = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-index]') : null
    // On a word, Up and Down go to the line before or after, Home and End to the first or last; elsewhere the list scrolls.
    if (!row || e.key === 'PageUp' || e.key === 'PageDown') return
    e.preventDefault()
    const index = Number(row.dataset.index)
    moveFocusTo(e.key === 'ArrowUp' ? index - 1 : e.key === 'ArrowDown' ? index + 1 : e.key === 'Home' ? 0 : segments.length - 1)
  }
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const row = e.target.closest<HTMLElement>('[data-index]')
    focused.current = row ? Number(row.dataset.index) : -1
    // Reached with the keyboard (Tab): the learner reads there.
    if (row && !movingFocus.current && e.target.matches(':focus-visible')) stopFollowing()
  }
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) focused.current = -1
  }

  if (loading) {
    return (
      <p className="flex items-center justify-center gap-3 px-5 py-8 text-sm text-slate-500">
        <Spinner className="h-5 w-5 text-indigo-500" label={TRANSCRIPT_TAB_TEXT.loading} />
        {TRANSCRIPT_TAB_TEXT.loading}
      </p>
    )
  }
  // Being made: the caption panel's words (waiting for a slot, or how far); the lines come in as they are done.
  const making = transcriptionStateText(transcription)
  if (segments.length === 0) {
    return (
      <p className="flex items-center justify-center gap-3 px-5 py-8 text-center text-sm text-slate-500" data-testid="transcript-tab-state">
        {making && <Spinner className="h-5 w-5 shrink-0 text-indigo-500" label={making} />}
        {making ?? (transcription?.status !== 'failed' ? TRANSCRIPT_TAB_TEXT.empty : transcription.notice ? TRANSCRIPT_NOTICE[transcription.notice] : TRANSCRIPT_TAB_TEXT.failed)}
      </p>
    )
  }

  return (
    <div className="flex h-[min(600px,70vh)] flex-col" data-testid="transcript-tab">
      <div className="flex min-h-11 items-center justify-between gap-3 border-b border-slate-100 px-4 py-1.5 text-xs text-slate-500">
        <span className="tabular-nums" data-testid="transcript-tab-state">
          {formatCount(segments.length)} lines{making ? ` · ${making}` : ''}
        </span>
        {following || playing < 0 ? (
          <span className="inline-flex items-center gap-1.5" data-testid="transcript-following">
            <span className="h-1.5 w-1.5 rounded-full bg-indigo-500" aria-hidden="true" />
            {TRANSCRIPT_TAB_TEXT.following}
          </span>
        ) : (
          <button
            type="button"
            onClick={backToPlaying}
            className="inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-2.5 py-1.5 text-xs font-semibold text-white shadow-sm hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            <LocateFixed className="h-3.5 w-3.5" aria-hidden="true" />
            {TRANSCRIPT_TAB_TEXT.back}
          </button>
        )}
      </div>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
        onWheel={stopFollowing}
        onTouchMove={stopFollowing}
        // A press on the scroll bar itself (the words are buttons, the rows divs).
        onPointerDown={(e) => {
          if (e.target === e.currentTarget) stopFollowing()
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <div role="list" aria-label={TRANSCRIPT_TAB_TEXT.list} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const segment = segments[item.index]!
            const isPlaying = item.index === playing
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="listitem"
                aria-posinset={item.index + 1}
                aria-setsize={segments.length}
                aria-current={isPlaying ? 'true' : undefined}
                className={`absolute left-0 top-0 w-full border-l-[3px] py-2 pl-3 pr-4 ${isPlaying ? 'border-indigo-500 bg-slate-50' : 'border-transparent'}`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <SegmentLine player={player} segment={segment} isCurrent={item.index === current} onSeekMs={seek} marks={marks} onLookup={onLookup ? lookup : undefined} compact />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
