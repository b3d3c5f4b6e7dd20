import type { StoredCue } from '../../db/schema'

/** A piece of the audio worked on at once, and the transcript text that belongs to it (if any). */
export interface Chunk {
  index: number
  start: number
  end: number
  /** Known text to align; absent for free recognition. */
  text?: string
  /** The timed cues the text is made of. */
  cues?: StoredCue[]
  /**
   * The part of the audio that is this chunk's alone: up to halfway to the
   * neighbouring chunks' cues. Windows overlap (the shift tolerance); a
   * stretch recognised for this chunk stays inside its core, so no speech is
   * recognised twice.
   */
  core?: { start: number; end: number }
}

export const CHUNK_TARGET_MS = 25_000
export const CHUNK_MAX_MS = 35_000
/**
 * Publishers' cue times are hints: shifted by an intro added or cut, rounded,
 * or written by hand. A chunk's window reaches this far beyond its cues, so
 * its words are found where they are spoken when the times are off by up to
 * two seconds and a half; the neighbours' speech in that margin is heard as
 * junk (grammar.ts), not as this chunk's words.
 */
export const CUE_SHIFT_TOLERANCE_MS = 2_500

/**
 * Chunks for free recognition: about 25 s each, cut in the middle of a
 * silence near the target so no word is cut in two.
 */
export function planRecognitionChunks(durationMs: number, silences: Array<{ start: number; end: number }>): Chunk[] {
  const mids = silences.map((s) => (s.start + s.end) / 2).sort((a, b) => a - b)
  const chunks: Chunk[] = []
  let start = 0
  while (durationMs - start > CHUNK_MAX_MS) {
    const target = start + CHUNK_TARGET_MS
    const candidates = mids.filter((m) => m > start + CHUNK_TARGET_MS / 2 && m <= start + CHUNK_MAX_MS)
    const cut = candidates.length ? candidates.reduce((a, b) => (Math.abs(b - target) < Math.abs(a - target) ? b : a)) : target
    chunks.push({ index: chunks.length, start: Math.round(start), end: Math.round(cut) })
    start = cut
  }
  if (durationMs - start > 0) chunks.push({ index: chunks.length, start: Math.round(start), end: Math.round(durationMs) })
  return chunks
}

/**
 * Chunks for a timed transcript: consecutive cues grouped up to about 25 s,
 * each aligned in one pass inside its cues' span plus the shift tolerance.
 * Windows of neighbouring chunks overlap; each chunk places only its own
 * words. A cue that is wrong (missing or extra text) only disturbs its own
 * stretch.
 */
export function planCueChunks(cues: StoredCue[], durationMs: number): Chunk[] {
  const timed = cues.filter((c) => c.start !== undefined && c.end !== undefined).map((c) => withinAudio(c, durationMs))
  const groups: StoredCue[][] = []
  for (const cue of timed) {
    const group = groups.at(-1)
    if (group && cue.end! - group[0]!.start! <= CHUNK_TARGET_MS) group.push(cue)
    else groups.push([cue])
  }
  return groups.map((group, index) => {
    const first = group[0]!.start!
    const last = Math.min(durationMs, group.at(-1)!.end!)
    const start = Math.max(0, first - CUE_SHIFT_TOLERANCE_MS)
    const end = Math.min(durationMs, last + CUE_SHIFT_TOLERANCE_MS)
    const prevEnd = groups[index - 1]?.at(-1)!.end
    const nextStart = groups[index + 1]?.[0]!.start
    const core = { start: Math.round(prevEnd === undefined ? 0 : (prevEnd + first) / 2), end: Math.round(nextStart === undefined ? durationMs : (last + nextStart) / 2) }
    return { index, start: Math.round(start), end: Math.round(Math.max(end, start)), text: group.map((c) => c.text).join(' '), cues: group, core }
  })
}

/**
 * A cue moved inside the audio: one that starts after the end (times shifted
 * late, an outro cut from the recording) is placed at the end, with no
 * length. Its words are still looked for in the window around it and, if
 * not found, kept there as uncertain: the publisher's words are never
 * dropped for their times.
 */
export function withinAudio(cue: StoredCue, durationMs: number): StoredCue {
  const start = Math.max(0, Math.min(cue.start!, durationMs))
  return { ...cue, start, end: Math.max(start, Math.min(cue.end!, durationMs)) }
}

/** Untimed text on audio short enough to align in one go; longer untimed text is first given anchors and aligned by its cues (docs/transcripts.md). */
export function planUntimedChunk(cues: StoredCue[], durationMs: number): Chunk[] {
  return [{ index: 0, start: 0, end: durationMs, text: cues.map((c) => c.text).join(' ') }]
}

/**
 * The order to work in: first the chunk at the learner's play position and
 * those after it, then the ones before. Chunks done are left out.
 */
export function nextChunk(chunks: Chunk[], done: ReadonlySet<number>, focusMs: number | null | undefined): Chunk | undefined {
  const open = chunks.filter((c) => !done.has(c.index))
  if (focusMs == null) return open[0]
  return open.find((c) => c.end > focusMs) ?? open[0]
}
