import { PHRASE_MAX_WORDS, type WordStatus } from '@lingocast/contract'
import type { ArticleWords } from '../../shared/episode-data'

export type { ArticleWords }

/** Lower case, curly apostrophes straight, no surrounding quotes or dots: the server's normaliseForm. */
export function normaliseForm(word: string): string {
  return word
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
}

/**
 * The lemma a transcript word stands for, or undefined when the article's
 * vocabulary does not hold it (a name, a number). A contraction the
 * tokeniser split ("didn't" -> "did" + "n't") is found by its first part.
 */
export function lemmaInArticle(data: ArticleWords, word: string): string | undefined {
  const form = normaliseForm(word)
  if (!form) return undefined
  const lemma = data.forms[form]
  if (lemma !== undefined) return lemma
  // The tokeniser cuts "didn't" into "did" + "n't" and "she's" into "she" + "'s".
  const head = form.endsWith("n't") ? form.slice(0, -3) : form.slice(0, Math.max(0, form.indexOf("'")))
  return head ? data.forms[head] : undefined
}

/** The lemma of a word for marking: the article's when it has one, else the word itself (the server lemmatises it). */
export const lemmaOfForm = (data: ArticleWords, word: string) => lemmaInArticle(data, word) ?? normaliseForm(word)

/** The status a transcript word shows, or undefined when it is not vocabulary to mark. */
export function statusOfWord(data: ArticleWords, word: string): WordStatus | undefined {
  const lemma = lemmaInArticle(data, word)
  return lemma === undefined ? undefined : (data.statuses[lemma] ?? 'new')
}

/** The article with the words' lemmas set to a status ('new' forgets the mark), as a new object. */
export const applyStatusToArticle = (data: ArticleWords, words: string[], status: WordStatus): ArticleWords =>
  applyLemmaStatus(
    data,
    words.map((w) => lemmaOfForm(data, w)),
    status,
  )

/**
 * The article with these lemmas (or phrases) set to a status ('new' forgets
 * the term and its hint), as a new object. Learning takes a level; without
 * one a term already learning keeps its level, as the server does.
 */
export function applyLemmaStatus(data: ArticleWords, lemmas: Iterable<string>, status: WordStatus, level?: number): ArticleWords {
  const statuses = { ...data.statuses }
  const levels = { ...data.levels }
  const hints = { ...data.hints }
  for (const lemma of lemmas) {
    const was = statuses[lemma]
    if (status === 'new') {
      delete statuses[lemma]
      delete hints[lemma]
    } else {
      statuses[lemma] = status
    }
    if (status !== 'learning' || (level === undefined && was !== 'learning') || level === 1) delete levels[lemma]
    else if (level !== undefined) levels[lemma] = level
  }
  return { ...data, statuses, levels, hints }
}

/** The article with a term's hint set (none removes it); a term without a status becomes learning, as on the server. */
export function applyHint(data: ArticleWords, lemma: string, hint: string | null): ArticleWords {
  const hints = { ...data.hints }
  if (hint) hints[lemma] = hint
  else delete hints[lemma]
  const statuses = hint && !data.statuses[lemma] ? { ...data.statuses, [lemma]: 'learning' as const } : data.statuses
  return { ...data, statuses, hints }
}

/** A term's level of learning (1-4), undefined unless it is learning. */
export const levelOf = (data: ArticleWords, lemma: string): number | undefined => (data.statuses[lemma] === 'learning' ? (data.levels?.[lemma] ?? 1) : undefined)

/**
 * The lemmas one transcript word stands for, in order: one for most words,
 * two for a contraction the tokeniser splits ("don't" -> "do", "not"); the
 * word itself, lower case, for a name or a number the vocabulary leaves out,
 * so a phrase never matches across it.
 */
export function lemmasOfWord(data: ArticleWords, word: string): string[] {
  const form = normaliseForm(word)
  const lemma = data.forms[form]
  if (lemma !== undefined) return [lemma]
  if (form.endsWith("n't") && form.length > 3) return [data.forms[form.slice(0, -3)] ?? form.slice(0, -3), data.forms["n't"] ?? 'not']
  const apostrophe = form.indexOf("'")
  if (apostrophe > 0) {
    const head = form.slice(0, apostrophe)
    const clitic = form.slice(apostrophe)
    return [data.forms[head] ?? head, ...(data.forms[clitic] ? [data.forms[clitic]] : [])]
  }
  return [form]
}

/** How a transcript word is marked: the term it belongs to (its lemma, or a phrase over it), with the term's status, level and hint. */
export interface WordMark {
  /** The lemma, or the phrase's lemmas joined by spaces. */
  term: string
  status: WordStatus
  level?: number
  hint?: string
  /** Within a marked phrase: the index of its first and last word in the segment. */
  phrase?: { from: number; to: number }
}

/** The learner's phrases of an article, by their first lemma, longest first: built once per statuses object. */
const phraseIndexes = new WeakMap<Record<string, WordStatus>, Map<string, string[][]>>()
function phraseIndex(data: ArticleWords): Map<string, string[][]> {
  let index = phraseIndexes.get(data.statuses)
  if (!index) {
    index = new Map()
    for (const term of Object.keys(data.statuses)) {
      if (!term.includes(' ')) continue
      const lemmas = term.split(' ')
      index.set(lemmas[0]!, [...(index.get(lemmas[0]!) ?? []), lemmas])
    }
    for (const list of index.values()) list.sort((a, b) => b.length - a.length)
    phraseIndexes.set(data.statuses, index)
  }
  return index
}

/**
 * The marks of a segment's words (phrases as units: decision 0028): each word's own lemma and
 * status, or, where the learner's phrase occurs (its lemmas in a row, any
 * inflection of its words), the phrase's. The leftmost longest phrase wins;
 * words outside the vocabulary (names, numbers) are unmarked.
 */
export function wordMarks(data: ArticleWords, words: readonly string[]): Array<WordMark | undefined> {
  const marks = words.map((word): WordMark | undefined => {
    const lemma = lemmaInArticle(data, word)
    if (lemma === undefined) return undefined
    const status = data.statuses[lemma] ?? 'new'
    const level = levelOf(data, lemma)
    const hint = data.hints?.[lemma]
    return { term: lemma, status, ...(level ? { level } : {}), ...(hint ? { hint } : {}) }
  })
  const index = phraseIndex(data)
  if (index.size === 0) return marks
  // The segment as a run of lemmas, each knowing its word.
  const lemmas: string[] = []
  const wordOf: number[] = []
  words.forEach((word, i) => {
    for (const lemma of lemmasOfWord(data, word)) {
      lemmas.push(lemma)
      wordOf.push(i)
    }
  })
  for (let at = 0; at < lemmas.length; ) {
    const phrase = index.get(lemmas[at]!)?.find((p) => p.length <= lemmas.length - at && p.every((l, j) => lemmas[at + j] === l))
    if (!phrase) {
      at++
      continue
    }
    const from = wordOf[at]!
    const to = wordOf[at + phrase.length - 1]!
    const term = phrase.join(' ')
    const status = data.statuses[term]!
    const level = levelOf(data, term)
    const hint = data.hints?.[term]
    for (let i = from; i <= to; i++) marks[i] = { term, status, ...(level ? { level } : {}), ...(hint ? { hint } : {}), phrase: { from, to } }
    at += phrase.length
  }
  return marks
}

/** The words of a selection, as many as a phrase may hold: from `anchor` towards `to`. */
export function selectionRange(anchor: number, to: number): { from: number; to: number } {
  const step = Math.min(Math.abs(to - anchor), PHRASE_MAX_WORDS - 1)
  return to >= anchor ? { from: anchor, to: anchor + step } : { from: anchor - step, to: anchor }
}

/** The article's distinct lemmas still new: what "Mark the remaining new words as known" would change. */
export function remainingNewLemmas(data: ArticleWords): string[] {
  const out = new Set<string>()
  for (const lemma of Object.values(data.forms)) if (!data.statuses[lemma] || data.statuses[lemma] === 'new') out.add(lemma)
  return [...out]
}
