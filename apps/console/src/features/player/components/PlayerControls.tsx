import type { Segment } from '@lingocast/contract'
import { Layers, Pause, Play, Repeat, SkipBack, SkipForward, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Tooltip } from '../../../components/ui/Tooltip'
import { formatDuration } from '../../../lib/format'
import { usePlayerValue, type SegmentActions } from '../hooks'
import { PLAYER_TEXT } from '../messages'
import type { Player } from '../player'
import { segmentIndexAt, toMs } from '../segments'
import { SeekBar } from './SeekBar'
import { SpeedMenu } from './SpeedMenu'

interface Props {
  player: Player
  segments: readonly Segment[]
  actions: SegmentActions
  onExplain: (segment: Segment) => void
  onCreateFlashcards: (segment: Segment) => void
}

/** Current / total time, the seek bar, the transport, speed, and the study buttons (spec 000 s2). */
export function PlayerControls({ player, segments, actions, onExplain, onCreateFlashcards }: Props) {
  return (
    <div className="space-y-2">
      <SeekBar player={player} segments={segments} />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
        <TimeDisplay player={player} />
        <div className="flex items-center gap-1 sm:gap-2">
          <IconButton label="Previous segment" onClick={actions.previous}>
            <SkipBack className="h-5 w-5" />
          </IconButton>
          <PlayPause player={player} onClick={actions.toggle} />
          <IconButton label="Next segment" onClick={actions.next}>
            <SkipForward className="h-5 w-5" />
          </IconButton>
          <IconButton label="Repeat segment" onClick={actions.replay}>
            <Repeat className="h-5 w-5" />
          </IconButton>
        </div>
        <div className="flex items-center gap-2">
          <SpeedMenu player={player} />
          <StudyButtons player={player} segments={segments} onExplain={onExplain} onCreateFlashcards={onCreateFlashcards} />
        </div>
      </div>
    </div>
  )
}

function TimeDisplay({ player }: { player: Player }) {
  // Whole seconds: this renders once a second, not once a frame.
  const seconds = usePlayerValue(player, (s) => Math.floor(s.time))
  const duration = usePlayerValue(player, (s) => Math.floor(s.duration))
  return (
    <p className="min-w-24 text-sm tabular-nums text-slate-500">
      <span className="font-medium text-slate-900" data-testid="current-time">
        {formatDuration(seconds)}
      </span>
      <span aria-hidden="true"> / </span>
      <span className="sr-only"> of </span>
      <span data-testid="total-time">{formatDuration(duration)}</span>
    </p>
  )
}

function PlayPause({ player, onClick }: { player: Player; onClick: () => void }) {
  const playing = usePlayerValue(player, (s) => s.playing)
  const label = playing ? 'Pause' : 'Play'
  return (
    <Tooltip label={`${label} (Space)`}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-indigo-600 text-white shadow-sm transition hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 active:scale-95"
      >
        {playing ? <Pause className="h-5 w-5" fill="currentColor" aria-hidden="true" /> : <Play className="ml-0.5 h-5 w-5" fill="currentColor" aria-hidden="true" />}
      </button>
    </Tooltip>
  )
}

const SHORTCUT_HINT: Record<string, string> = { 'Previous segment': 'Left arrow', 'Next segment': 'Right arrow', 'Repeat segment': 'R' }

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  const hint = SHORTCUT_HINT[label]
  return (
    <Tooltip label={hint ? `${label} (${hint})` : label}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 active:scale-95 [&>svg]:pointer-events-none"
      >
        {children}
      </button>
    </Tooltip>
  )
}

/** Explain and create-flashcards: disabled while no segment is current. */
function StudyButtons({ player, segments, onExplain, onCreateFlashcards }: Pick<Props, 'player' | 'segments' | 'onExplain' | 'onCreateFlashcards'>) {
  const index = usePlayerValue(player, (s) => segmentIndexAt(segments, toMs(s.time)))
  const segment = index >= 0 ? segments[index] : undefined
  const disabled = !segment
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => segment && onExplain(segment)}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-indigo-50 px-3 text-sm font-semibold text-indigo-700 transition hover:bg-indigo-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400"
      >
        <Sparkles className="h-4 w-4" aria-hidden="true" />
        Explain
      </button>
      <Tooltip label={PLAYER_TEXT.createFlashcards} align="end">
        <button
          type="button"
          aria-label={PLAYER_TEXT.createFlashcards}
          disabled={disabled}
          onClick={() => segment && onCreateFlashcards(segment)}
          className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 ring-1 ring-inset ring-slate-200 transition hover:bg-slate-50 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
        >
          <Layers className="h-4 w-4" aria-hidden="true" />
        </button>
      </Tooltip>
    </>
  )
}
