import type { Segment } from '@lingocast/contract'
import type { StoredCue, StoredWord } from '../../db/schema'
import { alignChunk, alignSpan, type AlignOptions, type ChunkAlignment } from './align'
import { planRecognitionChunks, withinAudio, type Chunk } from './chunks'
import { heardTheText, RECOGNISE_MIN_MS } from './fit'
import type { Recogniser } from './recogniser'
import { segmentAround } from './segmenter'
import { capStretchedWords, joinTouching, snapToSilences, spread, type Span } from './timing'
import { tokenize } from './words'

/**
 * The stretches of a chunk where its text did not fit: each long enough to
 * hold words is recognised; if the recogniser hears the text's own words
 * there the text stays (timed alone in that stretch), else the heard words
 * take its place and the stretch is listed as unmatched. Text the audio does
 * not give (a stretch too short to hold it, or one where nothing is heard:
 * a cue past the end, of no length, of words nobody says) is kept there,
 * marked uncertain: never dropped. When the whole chunk's text was not found
 * and the recogniser heard other words, the rest of the chunk's audio, which
 * its cues did not reach, is recognised too: the text does not cover it.
 */
async function settleUnfit(pcm: string, chunk: Chunk, result: ChunkAlignment, silences: readonly Span[] | Promise<readonly Span[]>, recogniser: Recogniser, options: AlignOptions) {
  const kept: StoredWord[] = []
  const heard: StoredWord[] = []
  const unmatched: Span[] = []
  const recognise = async (stretch: Span) => recogniser.recognise(pcm, { index: chunk.index, start: stretch.start, end: stretch.end }, options)
  for (const stretch of result.unfit) {
    const words = stretch.end - stretch.start < RECOGNISE_MIN_MS ? [] : await recognise(stretch)
    if (stretch.text && heardTheText(words, stretch.text)) {
      kept.push(...(await alignSpan(pcm, stretch.text, stretch.start, stretch.end, options)).words)
    } else if (words.length > 0) {
      heard.push(...words)
      unmatched.push({ start: stretch.start, end: stretch.end })
    } else if (stretch.text) {
      kept.push(...placedUncertain(stretch.text, stretch))
    }
  }
  if (result.uncovered && unmatched.length > 0) {
    for (const stretch of result.uncovered) {
      if (stretch.end - stretch.start < RECOGNISE_MIN_MS) continue
      for (const piece of planRecognitionChunks(stretch.end - stretch.start, shifted(await silences, -stretch.start))) {
        const words = await recognise({ start: stretch.start + piece.start, end: stretch.start + piece.end })
        if (words.length === 0) continue
        heard.push(...words)
        unmatched.push({ start: stretch.start + piece.start, end: stretch.start + piece.end })
      }
    }
  }
  return { kept, heard, unmatched: joinTouching(unmatched) }
}

/** The text's words spread over the stretch, each marked uncertain: kept where its cue puts it, for the learner to see it was not heard. */
function placedUncertain(text: string, stretch: Span): StoredWord[] {
  return spread(tokenize(text), stretch.start, stretch.end).map((w) => ({ ...w, uncertain: true as const }))
}

const shifted = (spans: readonly Span[], by: number) => spans.map((s) => ({ start: s.start + by, end: s.end + by }))

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
  const settled = await settleUnfit(pcm, chunk, result, silences, recogniser, options)
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
    const segments: Segment[] = []
    for (const c of cues.map((c) => (durationMs > 0 ? withinAudio(c, durationMs) : c))) {
      // Cues past the end all land on it: one segment holds their words (a segment's span is its key in the store).
      const same = segments.find((s) => s.start === c.start && s.end === c.end)
      if (same) same.text = `${same.text} ${c.text}`
      else segments.push({ start: c.start!, end: c.end!, text: c.text, word_timestamps: [] })
    }
    return segments
  }
  const total = cues.reduce((n, c) => n + c.text.length, 0) || 1
  let at = 0
  return cues.map((c) => {
    const start = Math.round((at / total) * durationMs)
    at += c.text.length
    return { start, end: Math.max(start + 1, Math.round((at / total) * durationMs)), text: c.text, word_timestamps: [] }
  })
}
