import type { Comprehension, WordStatus } from '@lingocast/contract'

/** What the player knows of one article's words (the articleWords answer without its envelope). */
export interface ArticleWords {
  /** Each word form of the transcript (lower case, as tokenised) -> its lemma. */
  forms: Record<string, string>
  /** Lemma -> status; a lemma absent here is new. */
  statuses: Record<string, WordStatus>
  comprehension?: Comprehension
}

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

/** The article with these lemmas set to a status ('new' forgets the mark), as a new object. */
export function applyLemmaStatus(data: ArticleWords, lemmas: Iterable<string>, status: WordStatus): ArticleWords {
  const statuses = { ...data.statuses }
  for (const lemma of lemmas) {
    if (status === 'new') delete statuses[lemma]
    else statuses[lemma] = status
  }
  return { ...data, statuses }
}

/** The article's distinct lemmas still new: what "Mark the remaining new words as known" would change. */
export function remainingNewLemmas(data: ArticleWords): string[] {
  const out = new Set<string>()
  for (const lemma of Object.values(data.forms)) if (!data.statuses[lemma] || data.statuses[lemma] === 'new') out.add(lemma)
  return [...out]
}
