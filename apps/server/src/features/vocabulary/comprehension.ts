import type { Comprehension } from '@lingocast/contract'
import { isVocabulary, wordTokens } from './lemmatise'
import { sequenceLine } from './phrases'

/**
 * How often each lemma occurs in a transcript's text: the rows of
 * transcript_lemmas. Names, numbers and symbols are not vocabulary and are
 * left out, so they count neither for nor against comprehension.
 */
export function lemmaHistogram(texts: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const text of texts) {
    for (const token of wordTokens(text)) {
      if (isVocabulary(token)) counts.set(token.lemma, (counts.get(token.lemma) ?? 0) + 1)
    }
  }
  return counts
}

/**
 * A done transcript's lemma counts and its lemma sequence (where phrases are
 * found, phrases.ts), from one pass of the tagger over its text.
 */
export function transcriptWords(texts: Iterable<string>): { counts: Map<string, number>; sequence: string } {
  const counts = new Map<string, number>()
  const lines: string[] = []
  for (const text of texts) {
    const tokens = wordTokens(text)
    for (const token of tokens) {
      if (isVocabulary(token)) counts.set(token.lemma, (counts.get(token.lemma) ?? 0) + 1)
    }
    const line = sequenceLine(tokens)
    if (line) lines.push(line)
  }
  return { counts, sequence: lines.join('\n') }
}

/** Each word form of the texts (lower case, as tokenised) with its lemma: what the transcript panel marks. */
export function formsOf(texts: Iterable<string>): Record<string, string> {
  const forms: Record<string, string> = {}
  for (const text of texts) {
    for (const token of wordTokens(text)) {
      // The first reading wins: "will" as a verb and as a name is still one form on screen.
      if (isVocabulary(token) && !Object.hasOwn(forms, token.form)) forms[token.form] = token.lemma
    }
  }
  return forms
}

/** One transcript's running words split by the user's statuses, as the SQL aggregate sums them. */
export interface WordTally {
  /** Running vocabulary words. */
  running: number
  /** Running words whose lemma the user ignores. */
  ignored: number
  /** Running words whose lemma is known. */
  known: number
  /** Running words whose lemma is being learned (any level): counted apart from known. */
  learning: number
  /** Distinct lemmas without a status. */
  newLemmas: number
  /** Distinct lemmas being learned. */
  learningLemmas: number
}

const share = (part: number, words: number) => (words === 0 ? 0 : Math.round((part / words) * 10_000) / 10_000)

/**
 * Known and learning words are counted apart (LingQ shows known words, and
 * new words, separately): an episode whose rare words are all being learned
 * is not "100% known". Ignored words leave both sides of the shares:
 * ignoring names and noise never lowers a figure.
 */
export function comprehensionOf(t: WordTally): Comprehension {
  const words = Math.max(0, t.running - t.ignored)
  return {
    known_share: share(t.known, words),
    learning_share: share(t.learning, words),
    new_words: t.newLemmas,
    learning_words: t.learningLemmas,
    words,
  }
}

/** A user's marks: lemma -> learning, known or ignored (no entry is new). */
export type Marks = ReadonlyMap<string, string>

/** What one occurrence row of a lemma (its count in a transcript) adds to a tally under a status. */
function add(t: WordTally, count: number, status: string | undefined, sign: 1 | -1): void {
  if (status === undefined) t.newLemmas += sign
  else if (status === 'ignored') t.ignored += sign * count
  else if (status === 'known') t.known += sign * count
  else if (status === 'learning') {
    t.learning += sign * count
    t.learningLemmas += sign
  }
}

/** A transcript's tally from its lemma counts and the user's marks. */
export function tallyOf(rows: Iterable<{ lemma: string; count: number }>, marks: Marks): WordTally {
  const t: WordTally = { running: 0, ignored: 0, known: 0, learning: 0, newLemmas: 0, learningLemmas: 0 }
  for (const r of rows) {
    t.running += r.count
    add(t, r.count, marks.get(r.lemma), 1)
  }
  return t
}

/** Lemmas whose mark differs between two snapshots. */
export function changedLemmas(before: Marks, after: Marks): string[] {
  const out: string[] = []
  for (const [lemma, status] of after) if (before.get(lemma) !== status) out.push(lemma)
  for (const lemma of before.keys()) if (!after.has(lemma)) out.push(lemma)
  return out
}

/** Moves one lemma's occurrences in a tally from its old mark to its new one (in place). */
export function remark(t: WordTally, count: number, before: string | undefined, after: string | undefined): void {
  add(t, count, before, -1)
  add(t, count, after, 1)
}
