import type { Segment } from '@lingocast/contract'
import type { StoredCue, StoredWord } from '../../db/schema'
import { alignChunk, alignSpan, type AlignOptions, type ChunkAlignment } from './align'
import type { Chunk } from './chunks'
import { heardTheText, RECOGNISE_MIN_MS } from './fit'
import type { Recogniser } from './recogniser'
import { segmentAround } from './segmenter'
import { capStretchedWords, snapToSilences, type Span } from './timing'

/**
 * The stretches of a chunk where its text did not fit: each long enough to
 * hold words is recognised; if the recogniser hears the text's own words
 * there the text stays (timed alone in that stretch), else the heard words
 * take its place and the stretch is listed as unmatched. Shorter ones could
 * not hold their text: it is left out.
 */
async function settleUnfit(pcm: string, chunk: Chunk, result: ChunkAlignment, recogniser: Recogniser, options: AlignOptions) {
  const kept: StoredWord[] = []
  const heard: StoredWord[] = []
  const unmatched: Span[] = []
  for (const stretch of result.unfit) {
    if (stretch.end - stretch.start < RECOGNISE_MIN_MS) continue
    const words = await recogniser.recognise(pcm, { index: chunk.index, start: stretch.start, end: stretch.end }, options)
    if (stretch.text && heardTheText(words, stretch.text)) {
      kept.push(...(await alignSpan(pcm, stretch.text, stretch.start, stretch.end, options)).words)
    } else if (words.length > 0) {
      heard.push(...words)
      unmatched.push({ start: stretch.start, end: stretch.end })
    }
  }
  return { kept, heard, unmatched }
}

export interface KnownChunkTranscript {
  segments: Segment[]
  /** Stretches whose words were recognised because the text did not fit there. */
  unmatched: Span[]
  units: number
  alignedUnits: number
}

/** One chunk of known text: aligned, its unfit stretches settled, its words made into segments. */
export async function transcribeKnownChunk(pcm: string, chunk: Chunk, silences: readonly Span[] | Promise<readonly Span[]>, recogniser: Recogniser, options: AlignOptions): Promise<KnownChunkTranscript> {
  const result = await alignChunk(pcm, chunk, options)
  const settled = await settleUnfit(pcm, chunk, result, recogniser, options)
  const words = [...result.words, ...settled.kept].sort((a, b) => a.start - b.start)
  return {
    segments: segmentAround(capStretchedWords(snapToSilences(words, await silences)), settled.heard, settled.unmatched),
    unmatched: settled.unmatched,
    units: result.units,
    alignedUnits: result.alignedUnits,
  }
}

/**
 * The stored confidence of a transcript made on a server without an aligner (no pocketsphinx): the
 * known words with their cue times, segment by segment, none timed alone. The status says so.
 */
export const CUE_TIMES = 'cues'

/**
 * Known text as segments with its cues' times and no word timings (the player seeks by the line):
 * what a server without pocketsphinx shows. Untimed text (HTML, plain) is spread over the audio by
 * its length, the best a server that cannot hear it can do.
 */
export function cueSegments(cues: readonly StoredCue[], durationMs: number): Segment[] {
  if (cues.every((c) => c.start !== undefined && c.end !== undefined)) {
    return cues
      .filter((c) => c.start! < durationMs || durationMs <= 0)
      .map((c) => ({ start: c.start!, end: durationMs > 0 ? Math.min(c.end!, durationMs) : c.end!, text: c.text, word_timestamps: [] }))
  }
  const total = cues.reduce((n, c) => n + c.text.length, 0) || 1
  let at = 0
  return cues.map((c) => {
    const start = Math.round((at / total) * durationMs)
    at += c.text.length
    return { start, end: Math.max(start + 1, Math.round((at / total) * durationMs)), text: c.text, word_timestamps: [] }
  })
}
