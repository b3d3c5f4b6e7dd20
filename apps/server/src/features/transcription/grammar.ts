import type { Span } from './timing'

/**
 * The finite-state grammar a chunk of known text is aligned with, and how
 * to read the decoder's answer. The text's words in order, each word named
 * by its place ("w12_the"), so the answer says which word of the text each
 * placed word is, even when parts of the text were left out. The text is in
 * units (a cue, or a sentence of one); between units, and before and after
 * the text, the decoder may:
 * - leave a whole unit out (an empty transition): the text says something
 *   the audio does not (another episode's sentence, a cue of words nobody
 *   says);
 * - hear speech that is not in the text, as a loop of broad phones ("junk"):
 *   the neighbouring chunk's words in the margin a window has for cue times
 *   that are off by seconds, a sentence the publisher left out, an advert.
 * Leaving the text costs more than following it, so a unit is left out only
 * where its words fit the sound worse than any sequence of phones does: the
 * test of fit is what is said, decided in the same decoding pass, not the
 * silences around it (a noise floor or a music bed has none).
 */

/** The silence word (a pause anywhere costs a little; at a phrase or unit end it is free). */
export const PAUSE_WORD = 'pause_'
/** Junk words are one broad phone each: vowels front to back, fricatives, nasals, a liquid. Ten are enough to fit any speech better than a wrong text, and few enough to keep the decoding cheap. */
export const JUNK_PHONES = ['AA', 'IY', 'UW', 'ER', 'S', 'SH', 'F', 'M', 'N', 'L'] as const
const JUNK_PREFIX = 'junk_'

/**
 * Transition probabilities (pocketsphinx scales their logs by its language
 * weight, 6.5). Chosen on the test material of transcript-fit.test.ts.
 * Junk is cheap: another recording's text loses nearly every unit to it,
 * and a right text in 10 dB of noise or music keeps nearly all of its own
 * (align.ts gives the few it loses a second, acoustic, hearing).
 */
export const GRAMMAR_COSTS = {
  /** A pause where the text ends a phrase or a unit. */
  pauseFree: 0.5,
  /** A pause inside a phrase: the speaker may stop for breath, but a short word is not to be glued across a pause (see regluePhrases). */
  pauseInside: 1e-3,
  /** Each junk phone. */
  junk: 0.1,
  /** Leaving a unit out. */
  skip: 1e-2,
} as const

export interface GrammarText {
  /** The spoken words of the text, in order (dictionary keys). */
  words: readonly string[]
  /** Indices of words that end a phrase (punctuation): a pause after them is free. */
  phraseEnds: ReadonlySet<number>
  /** Index of the first word of each unit, ascending, starting at 0. */
  unitStarts: readonly number[]
  /** Whether units may be left out and junk heard between them; off for a text known to be right (a reference alignment). */
  skippable: boolean
}

export const wordName = (index: number, word: string) => `w${index}_${word}`

/** States 0..n, state k before word k; the pocketsphinx FSG format. */
export function alignmentFsg(text: GrammarText): string {
  const n = text.words.length
  const boundaries = new Set([...text.unitStarts, n])
  const lines = ['FSG_BEGIN align', `NUM_STATES ${n + 1}`, 'START_STATE 0', `FINAL_STATE ${n}`]
  for (let k = 0; k <= n; k++) {
    if (k < n) lines.push(`TRANSITION ${k} ${k + 1} 1 ${wordName(k, text.words[k]!)}`)
    const free = boundaries.has(k) || text.phraseEnds.has(k - 1)
    lines.push(`TRANSITION ${k} ${k} ${free ? GRAMMAR_COSTS.pauseFree : GRAMMAR_COSTS.pauseInside} ${PAUSE_WORD}`)
    if (!text.skippable || !boundaries.has(k)) continue
    for (const phone of JUNK_PHONES) lines.push(`TRANSITION ${k} ${k} ${GRAMMAR_COSTS.junk} ${JUNK_PREFIX}${phone.toLowerCase()}`)
  }
  if (text.skippable) {
    const starts = [...text.unitStarts, n]
    for (let u = 0; u + 1 < starts.length; u++) if (starts[u + 1]! > starts[u]!) lines.push(`TRANSITION ${starts[u]} ${starts[u + 1]} ${GRAMMAR_COSTS.skip}`)
  }
  lines.push('FSG_END')
  return `${lines.join('\n')}\n`
}

/** The dictionary of the grammar: every word of the text under its own name (all its pronunciations), the pause and the junk phones. */
export function alignmentDictionary(words: readonly string[], pronunciations: (word: string) => readonly string[] | undefined): string {
  const lines: string[] = []
  words.forEach((word, k) => {
    for (const line of pronunciations(word) ?? []) {
      // "the(2) DH IY" -> "w3_the(2) DH IY": the variant marker stays at the end, where pocketsphinx looks for it.
      const space = line.indexOf(' ')
      lines.push(`${wordName(k, line.slice(0, space).replace(/\(\d+\)$/, ''))}${line.slice(0, space).match(/\(\d+\)$/)?.[0] ?? ''}${line.slice(space)}`)
    }
  })
  lines.push(`${PAUSE_WORD} SIL`, ...JUNK_PHONES.map((p) => `${JUNK_PREFIX}${p.toLowerCase()} ${p}`))
  return `${lines.join('\n')}\n`
}

/** A word of the text the decoder placed, in ms from the start of the decoded slice. */
export interface PlacedTextWord {
  /** Its index in the text. */
  index: number
  word: string
  start: number
  end: number
}

export interface DecodedAlignment {
  placed: PlacedTextWord[]
  /** Where the decoder paused (ms in the slice), consecutive pauses merged. */
  pauses: Span[]
  /** Where it heard speech that is not in the text. */
  junk: Span[]
}

const FRAME_MS = 10

/**
 * `uttid S scale T total A ascr L lscr {sf ascr lscr word}...`: an entry ends
 * where the next begins, the last at the end of the slice. Undefined when the
 * decoder found no path (a text too long for its audio).
 */
export function parseAlignment(hypseg: string, lengthMs: number): DecodedAlignment | undefined {
  const fields = hypseg.trim().split(/\s+/)
  if (fields.length < 13) return undefined
  const entries: Array<{ start: number; name: string }> = []
  for (let i = 9; i + 3 < fields.length; i += 4) entries.push({ start: Number(fields[i]) * FRAME_MS, name: fields[i + 3]!.replace(/\(\d+\)$/, '') })
  const out: DecodedAlignment = { placed: [], pauses: [], junk: [] }
  const addSpan = (spans: Span[], start: number, end: number) => {
    const last = spans.at(-1)
    if (last && last.end === start) last.end = end
    else spans.push({ start, end })
  }
  entries.forEach((e, k) => {
    const end = Math.min(lengthMs, entries[k + 1]?.start ?? lengthMs)
    if (e.name === PAUSE_WORD) return addSpan(out.pauses, e.start, end)
    if (e.name.startsWith(JUNK_PREFIX)) return addSpan(out.junk, e.start, end)
    const m = /^w(\d+)_(.+)$/.exec(e.name)
    if (m) out.placed.push({ index: Number(m[1]), word: m[2]!, start: e.start, end: Math.max(e.start, end) })
  })
  return out
}

/** Every entry of a -hypseg answer with its acoustic score, in 10 ms frames: [startFrame, endFrame). */
export function scoredEntries(hypseg: string, lengthMs: number): Array<{ name: string; from: number; to: number; ascr: number }> {
  const fields = hypseg.trim().split(/\s+/)
  const entries: Array<{ name: string; from: number; ascr: number }> = []
  for (let i = 9; i + 3 < fields.length; i += 4) entries.push({ from: Number(fields[i]), ascr: Number(fields[i + 1]), name: fields[i + 3]!.replace(/\(\d+\)$/, '') })
  const frames = Math.floor(lengthMs / FRAME_MS)
  return entries.map((e, k) => ({ ...e, to: Math.min(frames, entries[k + 1]?.from ?? frames) }))
}

/**
 * Goodness of pronunciation of a text on a slice: per frame of its words,
 * how much worse the forced words score than free phones on the same frames
 * (both decoded with every senone scored, so their scores are on one scale).
 * Near 0 where the words are what is said; far below where they were forced
 * onto other speech. Pauses are left out: a noise floor or a music bed fits
 * silence and phones alike.
 */
export function goodness(forced: string, phones: string, lengthMs: number): number | undefined {
  const words = scoredEntries(forced, lengthMs).filter((e) => /^w\d+_/.test(e.name))
  if (words.length === 0) return undefined
  const perFrame = new Float64Array(Math.floor(lengthMs / FRAME_MS) + 1)
  for (const p of scoredEntries(phones, lengthMs)) for (let f = p.from; f < p.to; f++) perFrame[f] = p.ascr / Math.max(1, p.to - p.from)
  let gap = 0
  let frames = 0
  for (const w of words) {
    let reference = 0
    for (let f = w.from; f < w.to; f++) reference += perFrame[f]!
    gap += w.ascr - reference
    frames += Math.max(0, w.to - w.from)
  }
  return frames > 0 ? gap / frames : undefined
}
