import type { Segment } from '@lingocast/contract'
import { useEffect, useRef, useState } from 'react'
import { Tooltip } from '../../components/ui/Tooltip'
import type { Player } from '../player/player'
import { lastStartedIndex, toMs } from '../player/segments'
import { shortcutFor } from '../player/shortcuts'
import { ShadowPanel } from './ShadowPanel'

/**
 * The player's Shadow button and its key (S): opens the shadowing dialog on
 * the segment being played (the first one before playback starts).
 */
export function ShadowButton({ articleId, player, segments }: { articleId: number; player: Player; segments: readonly Segment[] }) {
  const [segment, setSegment] = useState<Segment>()
  const open = useRef(() => {})
  open.current = () => {
    if (segments.length === 0) return
    setSegment(segments[Math.max(0, lastStartedIndex(segments, toMs(player.currentTime())))])
  }
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (shortcutFor(e) !== 'shadow') return
      e.preventDefault()
      open.current()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
  return (
    <>
      <Tooltip label="Shadow: hear the sentence, then say it and get a score (S)">
        <button
          type="button"
          onClick={() => open.current()}
          disabled={segments.length === 0}
          aria-label="Shadow the current sentence"
          aria-keyshortcuts="S"
          className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M10 2a3 3 0 0 0-3 3v5a3 3 0 1 0 6 0V5a3 3 0 0 0-3-3Z" />
            <path d="M5 9.5a.75.75 0 0 0-1.5 0 6.5 6.5 0 0 0 5.75 6.46V18h-2a.75.75 0 0 0 0 1.5h5.5a.75.75 0 0 0 0-1.5h-2v-2.04A6.5 6.5 0 0 0 16.5 9.5a.75.75 0 0 0-1.5 0 5 5 0 0 1-10 0Z" />
          </svg>
          Shadow
        </button>
      </Tooltip>
      {segment && <ShadowPanel key={segment.start} articleId={articleId} segment={segment} player={player} onClose={() => setSegment(undefined)} />}
    </>
  )
}
