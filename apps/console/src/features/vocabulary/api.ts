import { vocabularyRoutes as c, type RouteBody, type RouteQuery, type RouteResponse, type WordStatus } from '@lingocast/contract'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiCall } from '../../api/client'
import { sessionAccount } from '../../lib/session-account'
import { orDownloaded, unreachable } from '../offline/fallback'
import type { WordLookup } from '../../shared/episode-data'
import { vocabularyKeys, type ArticleId, type WordsListQuery } from './keys'
import { applyHint, applyLemmaStatus, lemmaInArticle, normaliseForm, type ArticleWords } from './statuses'

export type { ArticleWords }
export type { WordLookup }
/** A term a status call changed, with what to put back (a learning level and a hint it dropped, where there were any). */
export type StatusChange = Pick<RouteResponse<typeof c.setWordStatus>['changed'][number], 'lemma' | 'before'> & {
  before_level?: number | null
  before_hint?: string | null
}
export { vocabularyKeys, type ArticleId, type WordsListQuery }

/** The Vocabulary screen's page of words (search, status filter, paging) with the counts per status. */
export const wordsQuery = (query: WordsListQuery = {}) =>
  queryOptions({
    queryKey: vocabularyKeys.list(query),
    queryFn: async ({ signal }) => apiCall(c.listWords, { query: query as RouteQuery<typeof c.listWords>, signal }),
  })

/** Forms -> lemma and lemma -> status of one article's transcript, with its comprehension. */
export const articleWordsQuery = (articleId: ArticleId) =>
  queryOptions({
    queryKey: vocabularyKeys.article(articleId),
    queryFn: async ({ signal }): Promise<ArticleWords> =>
      orDownloaded(
        async () => {
          const res = await apiCall(c.articleWords, { query: { article_id: articleId }, signal })
          return { forms: res.forms, statuses: res.statuses, levels: res.levels, hints: res.hints, comprehension: res.comprehension }
        },
        // Offline, a downloaded article's statuses, with the marks made since (decision 0016).
        (downloads) => downloads.find((d) => d.words && (d.id === String(articleId) || String(d.article?.CollectionID) === String(articleId)))?.words,
      ),
    networkMode: 'offlineFirst',
    staleTime: 60_000,
  })

/** The lookup popover's data for a word in its sentence (the sense depends on the sentence). */
export const lookupQuery = (word: string, sentence?: string) =>
  queryOptions({
    queryKey: vocabularyKeys.lookup(word, sentence),
    queryFn: async ({ signal }) =>
      orDownloaded(
        () => apiCall(c.lookupWord, { query: { word, sentence }, signal }),
        // Offline, the word as a download looked it up (in the first sentence it met it in).
        (downloads) => downloads.map((d) => d.lookups[normaliseForm(word)]).find((x) => x !== undefined),
      ),
    networkMode: 'offlineFirst',
    staleTime: 5 * 60_000,
    // A dictionary of the learner's language was still being indexed: asked again until its meanings can come.
    refetchInterval: (query) => (query.state.data?.translations_pending ? PENDING_TRANSLATIONS_RETRY_MS : false),
  })

/** How soon a lookup answered without a dictionary still being indexed is asked again (German takes about a second). */
export const PENDING_TRANSLATIONS_RETRY_MS = 1000

/**
 * The configured model's short explanation of the word in its sentence; only
 * asked when the lookup says a model is there. Kept: each ask costs the tutor budget.
 */
export const explanationQuery = (word: string, sentence: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: vocabularyKeys.explanation(word, sentence),
    queryFn: async ({ signal }) => (await apiCall(c.explainWord, { query: { word, sentence }, signal })).explanation,
    enabled,
    staleTime: Infinity,
    retry: false,
  })

/** The placement sample: words across frequency bands. */
export const placementWordsQuery = () =>
  queryOptions({
    queryKey: vocabularyKeys.placement(),
    queryFn: async ({ signal }) => (await apiCall(c.placementWords, { signal })).bands,
    staleTime: Infinity,
  })

/** Known lemmas at the end of each day with a change, from start to end (YYYY-MM-DD). */
export const knownHistoryQuery = (start: string, end: string) =>
  queryOptions({
    queryKey: vocabularyKeys.knownHistory(start, end),
    queryFn: async ({ signal }) => (await apiCall(c.knownWordsHistory, { query: { start_date: start, end_date: end }, signal })).days,
  })

export const setWordStatus = (words: string[], status: WordStatus, level?: number) =>
  apiCall(c.setWordStatus, { body: { words, status, ...(status === 'learning' && level !== undefined ? { level } : {}) } })

/**
 * A learner's mark: sent now; when no server answers, kept in the outbox with
 * the time it was made and sent once the network is back (decision 0016). A queued
 * mark answers as a success that changed nothing yet (`queued`), so the screen
 * keeps showing it.
 */
export async function markWords(words: string[], status: WordStatus, level?: number): Promise<RouteResponse<typeof c.setWordStatus> & { queued?: true }> {
  try {
    return await setWordStatus(words, status, level)
  } catch (error) {
    const owner = sessionAccount()
    if (!unreachable(error) || !owner) throw error
    const { queueMark } = await import('./offline-marks')
    await queueMark(owner, { words, status, ...(status === 'learning' && level !== undefined ? { level } : {}) })
    return { success: true, changed: [], msg: 'ok', queued: true }
  }
}
/** The learner's own hint of a word or phrase (docs/vocabulary.md, Your own hints); an empty one removes it. */
export const setWordHint = (word: string, hint: string) => apiCall(c.setWordHint, { body: { word, hint } })
export const importWords = (body: RouteBody<typeof c.importWords>) => apiCall(c.importWords, { body })
export const applyPlacement = (body: RouteBody<typeof c.applyPlacement>) => apiCall(c.applyPlacement, { body })
export const markArticleKnown = (articleId: ArticleId) => apiCall(c.markArticleKnown, { body: { article_id: articleId } })

/** The CSV download address of every marked word: a plain link, the Token cookie signs it. */
export const exportWordsUrl = () => c.exportWords.path

/**
 * Statuses changed somewhere: everything derived from them (lists, counts,
 * comprehension, history, lookups, article statuses) is refetched.
 */
export function wordsChanged(client: QueryClient) {
  void client.invalidateQueries({ queryKey: vocabularyKeys.all })
}

/**
 * Writes a status (and a level of learning) into every cached article and
 * lookup at once, so each occurrence of the word or phrase changes before
 * the server answers. Returns what to put back if the call fails.
 */
export function setStatusInCache(client: QueryClient, words: string[], status: WordStatus, level?: number): () => void {
  const articles = client.getQueriesData<ArticleWords>({ queryKey: vocabularyKeys.articles() })
  const lookups = client.getQueriesData<WordLookup>({ queryKey: vocabularyKeys.lookups() })
  // One lemma per word for every article: "ran" is "run" in an article that only says "runs" too.
  const lemmas = new Set<string>()
  for (const word of words) {
    const form = normaliseForm(word)
    const known = articles.map(([, data]) => data && lemmaInArticle(data, word)).find((x) => x !== undefined)
    lemmas.add(known ?? lookups.find(([, data]) => data?.word.toLowerCase() === form)?.[1]?.lemma.toLowerCase() ?? form)
  }
  for (const [key, data] of articles) if (data) client.setQueryData<ArticleWords>(key, applyLemmaStatus(data, lemmas, status, level))
  for (const [key, data] of lookups) {
    if (!data || !lemmas.has(data.lemma.toLowerCase())) continue
    const nextLevel = status !== 'learning' ? null : (level ?? (data.status === 'learning' ? data.level : 1) ?? 1)
    client.setQueryData<WordLookup>(key, { ...data, status, level: nextLevel, hint: status === 'new' ? null : data.hint })
  }
  return () => {
    for (const [key, data] of articles) client.setQueryData(key, data)
    for (const [key, data] of lookups) client.setQueryData(key, data)
  }
}

/**
 * Marks and hints are written one after another, in the order made (a
 * learner pressing 2, then K, ends known), each shown at once; the lists
 * are read again once the last one is done, so an answer to an earlier one
 * never undoes a later one on screen.
 */
const MARKS = { mutationKey: [...vocabularyKeys.all, 'mark'], scope: { id: 'vocabulary-marks' } }
const afterMarks = (client: QueryClient) => {
  if (client.isMutating({ mutationKey: MARKS.mutationKey }) <= 1) wordsChanged(client)
}

interface MutationCallbacks<T> {
  onSuccess?: (result: T) => void
  onError?: (error: unknown) => void
}

/** Marks words or phrases (any form) with a status and a level, optimistically in every cached article; the result carries what to undo. */
export function useSetWordStatus(options: MutationCallbacks<RouteResponse<typeof c.setWordStatus>> = {}) {
  const client = useQueryClient()
  return useMutation({
    ...MARKS,
    mutationFn: ({ words, status, level }: { words: string[]; status: WordStatus; level?: number }) => markWords(words, status, level),
    // Offline too: the call then goes to the outbox instead of waiting in memory.
    networkMode: 'always',
    onMutate: async ({ words, status, level }) => {
      await client.cancelQueries({ queryKey: vocabularyKeys.articles() })
      return { rollback: setStatusInCache(client, words, status, level) }
    },
    onError: (error, _vars, context) => {
      context?.rollback()
      options.onError?.(error)
    },
    onSuccess: (res) => options.onSuccess?.(res),
    onSettled: () => afterMarks(client),
  })
}

/** A change's status and level before, as one key: the terms of an undo are grouped by it. */
const beforeKey = (x: StatusChange) => `${x.before}:${x.before === 'learning' ? (x.before_level ?? 1) : ''}`

/**
 * Puts back what a status call changed: the lemmas are grouped by the status
 * (and level) they had before, one call per group; then the hints a reset
 * forgot are written again.
 */
export async function undoStatusChanges(changed: StatusChange[]) {
  const groups = new Map<string, StatusChange[]>()
  for (const x of changed) groups.set(beforeKey(x), [...(groups.get(beforeKey(x)) ?? []), x])
  for (const group of groups.values()) {
    const { before, before_level } = group[0]!
    const lemmas = group.map((x) => x.lemma)
    for (let i = 0; i < lemmas.length; i += 5000) await setWordStatus(lemmas.slice(i, i + 5000), before, before === 'learning' ? (before_level ?? 1) : undefined)
  }
  for (const x of changed) if (x.before_hint && x.before !== 'new') await setWordHint(x.lemma, x.before_hint)
}

export function useUndoStatusChanges(options: MutationCallbacks<void> = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (changed: StatusChange[]) => undoStatusChanges(changed),
    onMutate: (changed) => {
      const rollbacks = [...new Set(changed.map(beforeKey))].map((key) => {
        const group = changed.filter((x) => beforeKey(x) === key)
        const { before, before_level } = group[0]!
        return setStatusInCache(
          client,
          group.map((x) => x.lemma),
          before,
          before === 'learning' ? (before_level ?? 1) : undefined,
        )
      })
      return { rollback: () => rollbacks.reverse().forEach((r) => r()) }
    },
    onError: (error, _vars, context) => {
      context?.rollback()
      options.onError?.(error)
    },
    onSuccess: () => options.onSuccess?.(),
    onSettled: () => wordsChanged(client),
  })
}

/**
 * Writes a hint into every cached article and lookup of the term at once (a
 * term without a status turns learning, as on the server). Returns what to
 * put back if the call fails.
 */
export function setHintInCache(client: QueryClient, lemma: string, hint: string | null): () => void {
  const articles = client.getQueriesData<ArticleWords>({ queryKey: vocabularyKeys.articles() })
  const lookups = client.getQueriesData<WordLookup>({ queryKey: vocabularyKeys.lookups() })
  for (const [key, data] of articles) if (data) client.setQueryData<ArticleWords>(key, applyHint(data, lemma, hint))
  for (const [key, data] of lookups) {
    if (!data || data.lemma !== lemma) continue
    const learning = hint !== null && data.status === 'new'
    client.setQueryData<WordLookup>(key, { ...data, hint, ...(learning ? { status: 'learning' as const, level: 1 } : {}) })
  }
  return () => {
    for (const [key, data] of articles) client.setQueryData(key, data)
    for (const [key, data] of lookups) client.setQueryData(key, data)
  }
}

/** Saves the learner's own hint of a term (its lemma or phrase), optimistically everywhere it shows. */
export function useSetWordHint(options: MutationCallbacks<RouteResponse<typeof c.setWordHint>> = {}) {
  const client = useQueryClient()
  return useMutation({
    ...MARKS,
    mutationFn: ({ term, hint }: { term: string; hint: string }) => setWordHint(term, hint),
    onMutate: async ({ term, hint }) => {
      await client.cancelQueries({ queryKey: vocabularyKeys.articles() })
      return { rollback: setHintInCache(client, term, hint.trim() || null) }
    },
    onError: (error, _vars, context) => {
      context?.rollback()
      options.onError?.(error)
    },
    onSuccess: (res) => options.onSuccess?.(res),
    onSettled: () => afterMarks(client),
  })
}

/** "Mark the remaining new words as known" of a finished article; `changed` are the lemmas to set back to new on Undo. */
export function useMarkArticleKnown(options: MutationCallbacks<string[]> = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (articleId: ArticleId) => markArticleKnown(articleId),
    onSuccess: (res) => options.onSuccess?.(res.changed),
    onError: (error) => options.onError?.(error),
    onSettled: () => wordsChanged(client),
  })
}

export function useImportWords(options: MutationCallbacks<RouteResponse<typeof c.importWords>> = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: importWords,
    onSuccess: (res) => options.onSuccess?.(res),
    onError: (error) => options.onError?.(error),
    onSettled: () => wordsChanged(client),
  })
}

export function useApplyPlacement(options: MutationCallbacks<RouteResponse<typeof c.applyPlacement>> = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: applyPlacement,
    onSuccess: (res) => options.onSuccess?.(res),
    onError: (error) => options.onError?.(error),
    onSettled: () => wordsChanged(client),
  })
}
