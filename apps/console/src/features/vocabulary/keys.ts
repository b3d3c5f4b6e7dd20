import type { RouteQuery, vocabularyRoutes } from '@lingocast/contract'

export type WordsListQuery = Partial<RouteQuery<typeof vocabularyRoutes.listWords>>
export type ArticleId = number | string

/** The vocabulary's query keys: in their own module, so the outbox's sender of word marks (offline-marks.ts) invalidates them without importing the API hooks that load it. */
export const vocabularyKeys = {
  all: ['vocabulary'] as const,
  lists: () => [...vocabularyKeys.all, 'list'] as const,
  list: (query: WordsListQuery) => [...vocabularyKeys.lists(), query] as const,
  articles: () => [...vocabularyKeys.all, 'article'] as const,
  article: (articleId: ArticleId) => [...vocabularyKeys.articles(), String(articleId)] as const,
  lookups: () => [...vocabularyKeys.all, 'lookup'] as const,
  lookup: (word: string, sentence?: string) => [...vocabularyKeys.lookups(), word.toLowerCase(), sentence ?? ''] as const,
  explanation: (word: string, sentence?: string) => [...vocabularyKeys.all, 'explanation', word.toLowerCase(), sentence ?? ''] as const,
  libraryComprehension: () => [...vocabularyKeys.all, 'comprehension'] as const,
  feedComprehension: (ids: string) => [...vocabularyKeys.all, 'feed-comprehension', ids] as const,
  placement: () => [...vocabularyKeys.all, 'placement'] as const,
  knownHistory: (start: string, end: string) => [...vocabularyKeys.all, 'known-history', start, end] as const,
}
