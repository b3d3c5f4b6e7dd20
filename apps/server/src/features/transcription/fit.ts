import type { StoredWord } from '../../db/schema'
import type { Chunk } from './chunks'

/**
 * Does the known text say what is spoken in a chunk? Alignment alone says
 * "aligned" for another episode's text or a summary: the words are spread
 * over part of the audio and the rest gets none. Two signs, both read off
 * what alignment already produced (no extra decoding):
 * - most of the chunk's cues found no path through their own words (the
 *   decoder could not match the text to the sound at all);
 * - much of the chunk's speech is covered by no word: the text is shorter
 *   than what is said (a summary, another episode's shorter text).
 * On real speech with its own text (LibriVox clips, espeak-ng episodes) every
 * cue aligns and words leave 2-5 % of the speech uncovered; another text
 * leaves 34 % or fails most cues, a summary fails outright (mismatch.test.ts).
 */
export const FIT_MIN_ALIGNED_CUES = 0.75
export const FIT_MAX_UNCOVERED_SPEECH = 0.2
/** Too little speech to judge (music, silence): the text is trusted. */
const FIT_MIN_SPEECH_MS = 3_000

export interface FitVerdict {
  /** Share of the chunk's cues alignment found a path for. */
  alignedShare: number
  /** Share of the chunk's speech (its time outside silences) that no word covers. */
  uncoveredSpeech: number
  fits: boolean
}

type Span = { start: number; end: number }

/** Total length of `spans` (sorted or not, overlapping or not) inside [from, to). */
function coveredMs(spans: readonly Span[], from: number, to: number): number {
  const clipped = spans
    .map((s) => ({ start: Math.max(from, s.start), end: Math.min(to, s.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start)
  let total = 0
  let reach = from
  for (const s of clipped) {
    if (s.end <= reach) continue
    total += s.end - Math.max(s.start, reach)
    reach = s.end
  }
  return total
}

/** Speech in the chunk not covered by any word, as a share of the chunk's speech; 0 when there is too little speech to tell. */
export function uncoveredSpeechShare(words: readonly StoredWord[], silences: readonly Span[], chunk: Span): number {
  const silent = coveredMs(silences, chunk.start, chunk.end)
  const speech = chunk.end - chunk.start - silent
  if (speech < FIT_MIN_SPEECH_MS) return 0
  // Speech covered by a word: a word's span minus the silences inside it.
  const voiced = words.reduce((sum, w) => {
    const span = Math.max(0, Math.min(chunk.end, w.end) - Math.max(chunk.start, w.start))
    return sum + span - coveredMs(silences, Math.max(chunk.start, w.start), Math.min(chunk.end, w.end))
  }, 0)
  return Math.max(0, 1 - voiced / speech)
}

/** The verdict on one aligned chunk. */
export function judgeFit(result: { words: readonly StoredWord[]; alignedCues: number; cues: number }, silences: readonly Span[], chunk: Pick<Chunk, 'start' | 'end'>): FitVerdict {
  const alignedShare = result.cues === 0 ? 1 : result.alignedCues / result.cues
  const uncoveredSpeech = uncoveredSpeechShare(result.words, silences, chunk)
  return { alignedShare, uncoveredSpeech, fits: alignedShare >= FIT_MIN_ALIGNED_CUES && uncoveredSpeech <= FIT_MAX_UNCOVERED_SPEECH }
}

/**
 * A cue the decoder found no path through, inside a chunk that fits as a
 * whole, is recognised on its own when its window is at least this long.
 * Shorter, its words spread evenly over their own window are at most about a
 * second off, and a slice that short gives a recogniser too little to go on:
 * pocketsphinx on a lone 1-2 s slice returns a word or two, often wrong, and
 * Whisper is known to invent text for very short audio. 2 s is a sentence of
 * about five words at a podcast's 150 words a minute.
 */
export const CUE_RECOGNISE_MIN_MS = 2_000

/** The windows of failed cues worth recognising on their own (see CUE_RECOGNISE_MIN_MS). */
export function cuesToRecognise(unaligned: readonly Span[]): Span[] {
  return unaligned.filter((s) => s.end - s.start >= CUE_RECOGNISE_MIN_MS)
}

/**
 * When more than this share of the audio the known text covers was found not
 * to fit (and recognised instead), the transcript as a whole is not called
 * 'aligned': its confidence is the recogniser's.
 */
export const MOSTLY_UNMATCHED = 0.5

/** Total length of spans that do not overlap. */
export const spansMs = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + Math.max(0, s.end - s.start), 0)
