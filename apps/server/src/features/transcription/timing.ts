import type { StoredWord } from '../../db/schema'
import type { DisplayToken } from './words'

/** A word the recogniser placed, in ms from the start of the media. */
export interface PlacedWord {
  word: string
  start: number
  end: number
}

export interface Span {
  start: number
  end: number
}

/** A silence this long inside a phrase is a pause the speaker made, not a gap between phones. */
const LONG_PAUSE_MS = 300
/** A word the decoder glued across a pause is squeezed to a few frames (30-90 ms seen); a spoken one is longer. */
const SQUEEZED_MS = 150

/**
 * Moves the first word of a phrase that the decoder glued to the end of the
 * phrase before a pause back after that pause (and the last word of a phrase
 * glued after a pause back before it). A weak word like "a" or "her" after
 * "an hour." fits the fading vowel of "hour" so well that the decoder squeezes
 * it in there and then pauses mid-phrase, lighting the next phrase up a second
 * or more early. So a long silence the decoder made inside a phrase, right
 * after a phrase's first word (or before its last) squeezed to a few frames,
 * is read as the phrase end: the word keeps its length and is packed against
 * the speech it belongs to. `phraseEnds` are indices into `placed`; the start
 * and end of the text count as phrase ends. Any other silence is a speaker's
 * pause inside a phrase and stays as it is.
 */
export function regluePhrases(placed: PlacedWord[], silences: readonly Span[], phraseEnds: ReadonlySet<number>): PlacedWord[] {
  const out = placed.map((w) => ({ ...w }))
  const isEnd = (i: number) => i === -1 || i === out.length - 1 || phraseEnds.has(i)
  const squeezed = (i: number) => out[i]!.end - out[i]!.start <= SQUEEZED_MS
  for (const pause of silences) {
    if (pause.end - pause.start < LONG_PAUSE_MS) continue
    // The words either side of the pause.
    const after = out.findIndex((w) => w.start >= pause.end)
    const before = after - 1
    if (after <= 0 || out[before]!.end > pause.start || isEnd(before)) continue
    if (isEnd(before - 1) && squeezed(before)) {
      const length = out[before]!.end - out[before]!.start
      out[before] = { ...out[before]!, start: out[after]!.start - length, end: out[after]!.start }
    } else if (isEnd(after) && squeezed(after)) {
      const length = out[after]!.end - out[after]!.start
      out[after] = { ...out[after]!, start: out[before]!.end, end: out[before]!.end + length }
      if (after + 1 < out.length) out[after]!.end = Math.min(out[after]!.end, out[after + 1]!.start)
    }
  }
  return out
}

/**
 * Gives every display token a time span. `placed` are the aligned spoken
 * words, one per spoken word of `tokens` in order; when they do not line up
 * (the alignment failed or came back short) the whole window is spread over
 * the tokens by length, the last resort that keeps the text readable and
 * roughly in sync. Tokens with no known spoken word (numbers, names missing
 * from the dictionary) get the gap between their neighbours.
 */
export function timeTokens(tokens: DisplayToken[], placed: PlacedWord[] | undefined, windowStart: number, windowEnd: number): { words: StoredWord[]; aligned: boolean } {
  const spokenCount = tokens.reduce((n, t) => n + t.spoken.length, 0)
  if (!placed || placed.length !== spokenCount || spokenCount === 0) return { words: spread(tokens, windowStart, windowEnd), aligned: false }

  let i = 0
  const spans = tokens.map((t) => {
    if (t.spoken.length === 0) return undefined
    const first = placed[i]!
    const last = placed[i + t.spoken.length - 1]!
    i += t.spoken.length
    return { start: first.start, end: last.end }
  })
  const words: StoredWord[] = []
  for (let k = 0; k < tokens.length; k++) {
    const span = spans[k]
    if (span) {
      words.push({ word: tokens[k]!.text, start: span.start, end: span.end })
      continue
    }
    // A run of unknown tokens shares the gap between the known words around it.
    let j = k
    while (j < tokens.length && !spans[j]) j++
    const from = k > 0 ? spans[k - 1]!.end : windowStart
    const to = j < tokens.length ? spans[j]!.start : windowEnd
    words.push(...spread(tokens.slice(k, j), from, Math.max(from, to)))
    k = j - 1
  }
  return { words, aligned: true }
}

/** Even spreading by length, a little weight for every word so short words stay visible. */
export function spread(tokens: DisplayToken[], start: number, end: number): StoredWord[] {
  const weights = tokens.map((t) => t.text.length + 2)
  const total = weights.reduce((a, b) => a + b, 0) || 1
  let at = start
  return tokens.map((t, k) => {
    const len = ((end - start) * weights[k]!) / total
    const word = { word: t.text, start: Math.round(at), end: Math.round(at + len) }
    at += len
    return word
  })
}

/** Longer than a spoken word: short words last 100-300 ms, a slow reader's long ones about 100 ms a letter. */
const WORD_MAX_MS = 500
const WORD_MAX_MS_PER_LETTER = 120
const ENDS_PHRASE = /[.!?,;:\u2026)\]"\u201d]$/

/**
 * Shortens a word the decoder stretched over sound that is not speech. Music
 * is not silence, so the decoder has no pause to put there and lets the
 * nearest word take it: on a 10-second intro before an untimed transcript the
 * first word lit up 10 s before it was said. No word lasts that long, so a
 * word over max(500 ms, 120 ms a letter) keeps the end of its span when the
 * extra sound most likely came before it (the first word, or the first after
 * a phrase end) and its start otherwise (the last word of a phrase, before an
 * outro or a jingle); inside a phrase the early start is what a learner
 * notices, so it keeps the end there too.
 */
export function capStretchedWords(words: StoredWord[]): StoredWord[] {
  return words.map((w, i) => {
    const max = Math.max(WORD_MAX_MS, w.word.length * WORD_MAX_MS_PER_LETTER)
    if (w.end - w.start <= max) return w
    const afterPhrase = i === 0 || ENDS_PHRASE.test(words[i - 1]!.word)
    const endsPhrase = ENDS_PHRASE.test(w.word) || i === words.length - 1
    return !afterPhrase && endsPhrase ? { ...w, end: w.start + max } : { ...w, start: w.end - max }
  })
}

/**
 * Moves word edges out of the pauses ffmpeg's silencedetect found. A word's
 * first phone can still take in some of the noise before it on real speech;
 * nobody speaks in a silence, so a word that starts in one starts where it ends.
 */
export function snapToSilences(words: StoredWord[], silences: ReadonlyArray<{ start: number; end: number }>): StoredWord[] {
  if (silences.length === 0) return words
  const sorted = [...silences].sort((a, b) => a.start - b.start)
  const containing = (ms: number) => {
    let lo = 0
    let hi = sorted.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const s = sorted[mid]!
      if (ms <= s.start) hi = mid - 1
      else if (ms >= s.end) lo = mid + 1
      else return s
    }
    return undefined
  }
  return words.map((w) => {
    let { start, end } = w
    const atStart = containing(start)
    if (atStart && end > atStart.end) start = atStart.end
    const atEnd = containing(end)
    if (atEnd && start < atEnd.start) end = atEnd.start
    return start === w.start && end === w.end ? w : { ...w, start, end }
  })
}

/** Sorted, with spans that touch or overlap joined into one; `combine` merges what else the next one carries into it. */
export function joinTouching<T extends Span>(spans: readonly T[], combine?: (into: T, next: T) => void): T[] {
  const out: T[] = []
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1)
    if (last && s.start <= last.end) {
      last.end = Math.max(last.end, s.end)
      combine?.(last, s)
    } else out.push({ ...s })
  }
  return out
}
