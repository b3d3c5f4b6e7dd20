import type { WordTimestamp } from '@lingocast/contract'

/** Breath kept before the first word and after the last: a clip that starts on the consonant sounds cut. */
export const CLIP_PAD_BEFORE_MS = 120
export const CLIP_PAD_AFTER_MS = 200

/**
 * The stretch of media to cut for a sentence asked as [startMs, endMs): from
 * just before its first word to just after its last (the words whose middle
 * falls in the stretch), padded, but never into the word before or after.
 * Undefined when no word is there (nothing was transcribed yet).
 */
export function clipWindow(words: readonly WordTimestamp[], startMs: number, endMs: number): { startMs: number; endMs: number } | undefined {
  const sorted = [...words].sort((a, b) => a.start - b.start)
  const inside = (w: WordTimestamp) => {
    const middle = (w.start + w.end) / 2
    return middle >= startMs && middle < endMs
  }
  const first = sorted.findIndex(inside)
  if (first < 0) return undefined
  let last = first
  for (let i = first; i < sorted.length; i++) if (inside(sorted[i]!)) last = i
  const head = sorted[first]!
  const tail = sorted[last]!
  const before = sorted[first - 1]
  const after = sorted[last + 1]
  const start = Math.max(0, head.start - CLIP_PAD_BEFORE_MS, before ? Math.min(head.start, before.end) : 0)
  const end = Math.min(tail.end + CLIP_PAD_AFTER_MS, after ? Math.max(tail.end, after.start) : Infinity)
  return { startMs: Math.round(start), endMs: Math.round(end) }
}
