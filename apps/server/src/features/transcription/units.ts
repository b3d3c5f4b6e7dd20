import type { Chunk } from './chunks'
import type { Span } from './timing'
import { knownOnly, tokenize, type DisplayToken } from './words'

/**
 * A chunk's text in units: the pieces the decoder may leave out whole when
 * they do not fit the sound (grammar.ts). A unit is about a sentence: short
 * enough that a wrong sentence among right ones is caught alone, long enough
 * that there is sound to judge it by.
 */

/** A piece of the text the decoder may leave out as a whole, with the times of the cues it came from when it has them. */
export interface Unit {
  tokens: DisplayToken[]
  hint?: Span
}

const ENDS_SENTENCE = /[.!?\u2026]["')\]\u201d\u2019]*$/
/**
 * A unit ends with a sentence, or with a cue (or a part of a long one) once
 * it has this many spoken words: whisper-style cues of three or four words
 * are not judged one by one (too little sound to tell a right text from a
 * wrong one).
 */
export const UNIT_MIN_WORDS = 8
/** A sentence longer than this (unpunctuated text, a whole-clip cue) is cut into even parts no longer than this. */
export const UNIT_MAX_WORDS = 20

export const spokenIn = (tokens: readonly DisplayToken[]) => tokens.reduce((n, t) => n + t.spoken.length, 0)

/** A cue's text in pieces: its sentences, and a sentence longer than UNIT_MAX_WORDS cut into even parts. */
export function piecesOf(tokens: DisplayToken[]): Array<{ tokens: DisplayToken[]; endsSentence: boolean }> {
  const sentences: DisplayToken[][] = [[]]
  for (const token of tokens) {
    sentences.at(-1)!.push(token)
    if (ENDS_SENTENCE.test(token.text)) sentences.push([])
  }
  return sentences
    .filter((s) => s.length > 0)
    .flatMap((sentence) => {
      const parts = Math.ceil(spokenIn(sentence) / UNIT_MAX_WORDS)
      const size = spokenIn(sentence) / Math.max(1, parts)
      const out: DisplayToken[][] = [[]]
      let count = 0
      for (const token of sentence) {
        if (count >= size * out.length && out.at(-1)!.length > 0) out.push([])
        out.at(-1)!.push(token)
        count += token.spoken.length
      }
      return out.map((t, k) => ({ tokens: t, endsSentence: k === out.length - 1 && ENDS_SENTENCE.test(t.at(-1)!.text) }))
    })
}

/**
 * The chunk's text as units: sentences, long ones cut in even parts, and
 * short cues (a few words each) joined until they make a unit. Untimed text
 * is one cue without times.
 */
export function unitsOf(chunk: Chunk, has: (word: string) => boolean): Unit[] {
  const cues = chunk.cues?.length ? chunk.cues : [{ text: chunk.text ?? '' }]
  const units: Unit[] = []
  let current: Unit = { tokens: [] }
  const close = () => {
    if (current.tokens.length) units.push(current)
    current = { tokens: [] }
  }
  for (const cue of cues) {
    const hint = cue.start !== undefined && cue.end !== undefined ? { start: cue.start, end: cue.end } : undefined
    for (const piece of piecesOf(knownOnly(tokenize(cue.text), has))) {
      if (hint) current.hint = current.hint ? { start: Math.min(current.hint.start, hint.start), end: Math.max(current.hint.end, hint.end) } : hint
      current.tokens.push(...piece.tokens)
      if (piece.endsSentence || spokenIn(current.tokens) >= UNIT_MIN_WORDS) close()
    }
  }
  close()
  return units
}

