import type { Article, Comprehension, RouteResponse, vocabularyRoutes, WordStatus } from '@lingocast/contract'

/**
 * The API's answers about one episode that several features read and the
 * offline layer keeps in a download: here, below both, so neither imports
 * the other for them.
 */

/** An opened article; `isMine` is false for another user's, read through a public playlist (read only). */
export type OpenedArticle = Article & { isMine: boolean }

/** The lookup popover's data of one word in its sentence. */
export type WordLookup = RouteResponse<typeof vocabularyRoutes.lookupWord>

/** What the player knows of one article's words (the articleWords answer without its envelope). */
export interface ArticleWords {
  /** Each word form of the transcript (lower case, as tokenised) -> its lemma. */
  forms: Record<string, string>
  /** Lemma -> status; a lemma absent here is new. A key with spaces is a phrase: its lemmas. */
  statuses: Record<string, WordStatus>
  /** A learning term's level above 1; a learning term absent here is at level 1. */
  levels?: Record<string, number>
  /** The learner's own hint of a term. */
  hints?: Record<string, string>
  comprehension?: Comprehension
}
