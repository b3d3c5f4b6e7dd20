import type { Segment } from '@lingocast/contract'
import { usePlayerValue } from '../hooks'
import type { Player } from '../player'
import { segmentIndexAt, toMs } from '../segments'

/** The current segment as a caption over the video (spec 000 s2); nothing between segments. */
export function CaptionOverlay({ player, segments }: { player: Player; segments: readonly Segment[] }) {
  const index = usePlayerValue(player, (s) => segmentIndexAt(segments, toMs(s.time)))
  const text = index >= 0 ? segments[index]!.text.trim() : ''
  if (!text) return null
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center px-4 sm:bottom-6">
      <p className="max-w-[90%] rounded-lg bg-black/75 px-3 py-1.5 text-center text-sm leading-snug text-white shadow sm:text-lg [text-wrap:balance]">{text}</p>
    </div>
  )
}
