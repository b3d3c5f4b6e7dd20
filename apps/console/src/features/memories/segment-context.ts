import type { CardContext, Segment } from '@lingocast/contract'
import { formatDuration } from '../../lib/format'

/** Segments of context around the current one (spec 000 s9: 5 previous, 2 next). */
export const PREVIOUS_SEGMENTS = 5
export const NEXT_SEGMENTS = 2

/** The context block of a card made from the player's current segment (spec 001 s3). */
export function segmentContext(article: { HashID: string; Title: string }, segments: readonly Segment[], segment: Segment): CardContext {
  const i = Math.max(0, segments.findIndex((s) => s.start === segment.start && s.text === segment.text))
  const join = (list: readonly Segment[]) => list.map((s) => s.text.trim()).join(' ')
  return {
    Article: article.HashID,
    Title: article.Title,
    Position: formatDuration(segment.start / 1000),
    PreviousSentences: join(segments.slice(Math.max(0, i - PREVIOUS_SEGMENTS), i)),
    Sentence: segment.text.trim(),
    NextSentences: join(segments.slice(i + 1, i + 1 + NEXT_SEGMENTS)),
  }
}

/** The words of a sentence a learner can pick as the front, without surrounding punctuation. */
export function pickableWords(sentence: string): string[] {
  return sentence
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
}
