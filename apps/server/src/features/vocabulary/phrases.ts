import { PHRASE_MAX_WORDS, termWords } from '@lingocast/contract'
import { wordTokens, type WordToken } from './lemmatise'

/**
 * Phrases: a term of two to six words, kept as its words' lemmas
 * joined by single spaces ("look forward to"), and found in a text as that
 * sequence of lemmas, so every inflection of its words matches ("looked
 * forward to", "looking forward to"). ARCHITECTURE s14.
 */

/** Lute writes the parts of a multi-word term with zero-width spaces between them. */
const ZERO_WIDTH = /[\u200b\u200c\u200d\u2060\ufeff]/g

/** A term as a learner wrote it: Lute's zero-width joins are spaces, runs of white space one space. */
export const cleanTerm = (text: string) => text.replace(ZERO_WIDTH, ' ').replace(/\s+/g, ' ').trim()

/** Whether a term as written is a phrase: more than one word between white space. */
export const isPhrase = (text: string) => termWords(cleanTerm(text)).length > 1

/** A phrase's lemma: the lemmas of its words joined by single spaces. A "phrase" that reads as one word is that word's lemma. */
export const phraseLemma = (tokens: readonly WordToken[]) => tokens.map((t) => t.lemma).join(' ')

/** Whether a stored term is a phrase (its lemmas are joined by spaces). */
export const isPhraseLemma = (lemma: string) => lemma.includes(' ')

/**
 * The words of a phrase with their lemmas: in the sentence when it holds
 * them in a row (the tagger reads them in context: "left" in "left out"),
 * else read alone. Empty when nothing in it is a word; undefined when it
 * reads as more words than a phrase may hold (a contraction counts as two:
 * "don't" is "do" and "not").
 */
export function phraseTokens(text: string, sentence?: string): WordToken[] | undefined {
  const alone = wordTokens(cleanTerm(text))
  if (alone.length > PHRASE_MAX_WORDS * 2) return undefined
  if (sentence && alone.length > 1) {
    const inSentence = wordTokens(sentence)
    for (let i = 0; i + alone.length <= inSentence.length; i++) {
      if (alone.every((t, j) => inSentence[i + j]!.form === t.form)) return inSentence.slice(i, i + alone.length)
    }
  }
  return alone
}

/**
 * A text as the sequence of its words' lemmas, one line per text (a
 * segment), each padded with a space on both sides: a phrase is found in it
 * by plain string search, never across two segments.
 */
export function lemmaSequence(texts: Iterable<string>): string {
  const lines: string[] = []
  for (const text of texts) {
    const line = sequenceLine(wordTokens(text))
    if (line) lines.push(line)
  }
  return lines.join('\n')
}

/** One segment's line of a lemma sequence (its lemmas between spaces); empty for a segment without words. */
export const sequenceLine = (tokens: readonly WordToken[]) => (tokens.length > 0 ? ` ${tokens.map((t) => t.lemma).join(' ')} ` : '')

/** How often a phrase (its lemmas joined by spaces) occurs in a lemma sequence, occurrences not overlapping. */
export function countPhrase(sequence: string, phrase: string): number {
  const needle = ` ${phrase} `
  let count = 0
  // The space after one occurrence may start the next.
  for (let at = sequence.indexOf(needle); at >= 0; at = sequence.indexOf(needle, at + needle.length - 1)) count++
  return count
}
