import { vocabularyRoutes as c } from '@lingocast/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiCall } from '../../api/client'
import { vocabularyKeys } from './keys'

// Apart from api.ts: the Learning screen, in the first load, needs only the library's, and api.ts holds
// the player's and the Vocabulary screen's calls as well.

/** Comprehension of every article of the library, by HashID. */
export const libraryComprehensionQuery = () =>
  queryOptions({
    queryKey: vocabularyKeys.libraryComprehension(),
    queryFn: async ({ signal }) => (await apiCall(c.libraryComprehension, { signal })).articles,
  })

/** Comprehension of feed episodes by id (absent where no transcript is known); `ids` at most 500. */
export const feedComprehensionQuery = (ids: number[]) => {
  const key = [...ids].sort((a, b) => a - b).join(',')
  return queryOptions({
    queryKey: vocabularyKeys.feedComprehension(key),
    queryFn: async ({ signal }) => (await apiCall(c.feedComprehension, { query: { ids: key }, signal })).items,
    enabled: key !== '',
  })
}

/** The call's limit of ids. */
const IDS_PER_CALL = 500

/**
 * The queries of a list's comprehension: its distinct ids in order, 500 a call. The list's screen reads
 * them, and its route asks for them with the list, so that both name the same calls.
 */
export function feedComprehensionQueries(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  const queries = []
  for (let i = 0; i < sorted.length; i += IDS_PER_CALL) queries.push(feedComprehensionQuery(sorted.slice(i, i + IDS_PER_CALL)))
  return queries
}
