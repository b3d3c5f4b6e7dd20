import type { Segment } from '@lingocast/contract'
import { lastStartedIndex } from '../../player/segments'

export interface WordRef {
  segment: Segment
  /** Index in the segment's word_timestamps. */
  index: number
}

/**
 * The word `L` looks up: the one being spoken, else the last one heard of
 * the segment on screen (the line stays up in a pause), else its first.
 */
export function wordAtPosition(segments: readonly Segment[], ms: number): WordRef | undefined {
  const segment = segments[Math.max(0, lastStartedIndex(segments, ms))]
  if (!segment || segment.word_timestamps.length === 0) return undefined
  return { segment, index: Math.max(0, lastStartedIndex(segment.word_timestamps, ms)) }
}
