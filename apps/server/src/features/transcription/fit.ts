import type { StoredWord } from '../../db/schema'

/**
 * What happens to a stretch where the known text did not fit (align.ts
 * decides that, on what is said: grammar.ts). Publisher text is the most
 * valuable thing an episode brings, so before it is given up the recogniser
 * gets a say: if what it hears there is the text's own words (allowing for
 * its errors: about one word in three on real speech, more under noise), the
 * text stays, timed on its own in that stretch. Only when it hears other
 * words is the stretch marked unmatched and shown as recognised.
 */

/**
 * A stretch shorter than this cannot hold a unit of text (the decoder left
 * the unit out because it had no room to say it: a cue of words nobody says,
 * squeezed between two sentences; a cue past the end of the audio). Nothing
 * is heard there: its text is kept in place, marked uncertain.
 */
export const RECOGNISE_MIN_MS = 1_000

/**
 * A chunk whose alignment kept fewer of its units than this does not have
 * this text: it is all given up, the units that happened to align included
 * (another recording's text loses most units to junk, but rarely all).
 */
export const CHUNK_FIT_MIN_SHARE = 0.5

/**
 * In a chunk whose text fits, a unit the alignment left out is kept when its
 * words' goodness (grammar.ts: per frame, forced words against free phones)
 * is at least this. Measured on transcript-fit's material: a right sentence
 * scores -2 to -26 on LibriVox and -14 to -43 on espeak-ng, with noise or
 * music at 10-30 dB; another recording's sentence -49 to -131. Sentences of
 * one synthetic text that share half their words score around -38 and stay:
 * a wrong sentence that shares most of the right one's words can pass.
 */
export const ACOUSTIC_FIT_MIN = -45

/** Share of the text's words the recogniser must hear, in order, for the text to stay. */
export const HEARD_TEXT_MIN_SHARE = 0.35
/** ...and at least this many of them, so a short stretch does not pass on "the" and "and". */
export const HEARD_TEXT_MIN_WORDS = 3

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^a-z0-9']+/)
    .filter(Boolean)

/** Length of the longest common subsequence of two word lists. */
export function commonWords(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0)
  for (const x of a) {
    const row = [0]
    for (let j = 1; j <= b.length; j++) row.push(x === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!))
    prev = row
  }
  return prev[b.length]!
}

/** Does what the recogniser heard say the text's words, in the text's order, often enough for its errors? */
export function heardTheText(heard: readonly StoredWord[], text: string): boolean {
  const said = normalise(text)
  const common = commonWords(normalise(heard.map((w) => w.word).join(' ')), said)
  return common >= HEARD_TEXT_MIN_WORDS && common >= HEARD_TEXT_MIN_SHARE * said.length
}

/**
 * When more than this share of the audio the known text covers was found not
 * to fit (and recognised instead), the transcript as a whole is not called
 * 'aligned': its confidence is the recogniser's.
 */
export const MOSTLY_UNMATCHED = 0.5

/** Total length of spans that do not overlap. */
export const spansMs = (spans: ReadonlyArray<{ start: number; end: number }>) => spans.reduce((sum, s) => sum + Math.max(0, s.end - s.start), 0)
