import { EXPLAIN_NEXT_SEGMENTS, EXPLAIN_PREVIOUS_SEGMENTS, type ExplainContext, type Segment } from '@lingocast/contract'

const timed = (s: Segment) => ({ start: s.start, text: s.text.trim() })

/**
 * The Explain request context of a segment (spec 000 s3, s9): up to 5
 * previous segments, the current one and up to 2 next ones. A flashcard
 * request is the same context flagged.
 */
export function explainContextFor(segments: readonly Segment[], current: Segment, flashcard = false): ExplainContext {
  const i = segments.findIndex((s) => s.start === current.start && s.end === current.end)
  const at = i >= 0 ? i : 0
  const list = i >= 0 ? segments : [current]
  return {
    previousSegments: list.slice(Math.max(0, at - EXPLAIN_PREVIOUS_SEGMENTS), at).map(timed),
    currentSegment: timed(current),
    nextSegments: list.slice(at + 1, at + 1 + EXPLAIN_NEXT_SEGMENTS).map(timed),
    flashcard,
  }
}
