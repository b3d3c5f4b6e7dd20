import type { Segment } from '@lingocast/contract'
import type { StoredWord } from '../../db/schema'

export const SEGMENT_MIN_MS = 2_000
export const SEGMENT_MAX_MS = 15_000
/** A pause this long ends a segment of recognised words, which carry no punctuation. */
const PAUSE_MS = 350

const endsSentence = (word: string) => /[.!?;:]["')\]\u201d\u2019]*$/.test(word) && !/^(mr|mrs|ms|dr|st|vs|etc)\.$/i.test(word)

/**
 * Readable segments (roughly 2-15 s) from timed words: cut after a sentence
 * end (or, for unpunctuated words, a pause) once the segment is 2 s long, and
 * at the widest gap when it would pass 15 s.
 */
export function segmentWords(words: StoredWord[]): Segment[] {
  const segments: Segment[] = []
  let current: StoredWord[] = []
  const flush = (upTo = current.length) => {
    const part = current.slice(0, upTo)
    current = current.slice(upTo)
    if (part.length === 0) return
    segments.push({ start: part[0]!.start, end: part.at(-1)!.end, text: part.map((w) => w.word).join(' '), word_timestamps: part })
  }
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    current.push(word)
    const length = word.end - current[0]!.start
    const next = words[i + 1]
    const pause = next ? next.start - word.end : Infinity
    if (length >= SEGMENT_MIN_MS && (endsSentence(word.word) || pause >= PAUSE_MS)) {
      flush()
    } else if (next && next.end - current[0]!.start > SEGMENT_MAX_MS) {
      flush(widestGap(current) + 1)
    }
  }
  flush()
  return segments
}

/** Index of the word after which the pause is longest (the last word when all are tight). */
function widestGap(words: StoredWord[]): number {
  let best = words.length - 1
  let gap = -1
  for (let i = 0; i < words.length - 1; i++) {
    const g = words[i + 1]!.start - words[i]!.end
    if (g > gap && words[i]!.end - words[0]!.start >= SEGMENT_MIN_MS / 2) {
      gap = g
      best = i
    }
  }
  return best
}

/**
 * Segments of aligned words with the words recognised in some cues' windows
 * (`spans`) in place of the aligned ones there. Each run inside or outside a
 * span is segmented on its own, so no segment mixes the text's words with
 * recognised ones and the player can say which segments were recognised.
 */
export function segmentAround(aligned: StoredWord[], heard: StoredWord[], spans: ReadonlyArray<{ start: number; end: number }>): Segment[] {
  if (spans.length === 0) return segmentWords(aligned)
  const inside = (w: StoredWord) => spans.findIndex((s) => w.start >= s.start && w.start < s.end)
  const words = [...aligned.filter((w) => inside(w) < 0), ...heard].sort((a, b) => a.start - b.start)
  const runs: StoredWord[][] = []
  let last: number | undefined
  for (const w of words) {
    const span = inside(w)
    if (runs.length === 0 || span !== last) runs.push([])
    runs.at(-1)!.push(w)
    last = span
  }
  return runs.flatMap(segmentWords)
}
