import type { Segment } from '@lingocast/contract'
import { AudioLines } from 'lucide-react'
import type { SegmentActions } from '../hooks'
import { proxiedMediaUrl, youTubeId, type PlayerKind } from '../messages'
import type { Player } from '../player'
import { audioPositionKey, videoPositionKey } from '../preferences'
import { CaptionOverlay } from './CaptionOverlay'
import { HtmlMedia } from './HtmlMedia'
import { PlayerControls } from './PlayerControls'
import { YouTubeMedia } from './YouTubeMedia'

interface Props {
  kind: PlayerKind
  address: string
  title: string
  player: Player
  segments: readonly Segment[]
  actions: SegmentActions
  onExplain: (segment: Segment) => void
  onCreateFlashcards: (segment: Segment) => void
}

/**
 * The player (spec 000 s2): for video the picture with the current segment as
 * a caption, for audio a card; the same controls under both.
 */
export function MediaPlayer({ kind, address, title, player, segments, actions, onExplain, onCreateFlashcards }: Props) {
  const controls = <PlayerControls player={player} segments={segments} actions={actions} onExplain={onExplain} onCreateFlashcards={onCreateFlashcards} />

  if (kind === 'audio') {
    return (
      <section aria-label="Audio player" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <div className="mb-3 flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-400">
          <AudioLines className="h-4 w-4 text-indigo-500" aria-hidden="true" />
          Audio
        </div>
        <HtmlMedia kind="audio" src={proxiedMediaUrl(address)} player={player} positionKey={audioPositionKey(address)} label={title} className="hidden" />
        {controls}
      </section>
    )
  }

  const ytId = kind === 'youtube' ? youTubeId(address) : undefined
  return (
    <section aria-label="Video player" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative aspect-video overflow-hidden rounded-t-2xl bg-black">
        {ytId ? (
          <YouTubeMedia videoId={ytId} player={player} positionKey={videoPositionKey(address)} />
        ) : (
          <HtmlMedia kind="video" src={proxiedMediaUrl(address)} player={player} positionKey={videoPositionKey(address)} label={title} className="absolute inset-0 h-full w-full" />
        )}
        <CaptionOverlay player={player} segments={segments} />
      </div>
      <div className="p-4 sm:p-5">{controls}</div>
    </section>
  )
}
