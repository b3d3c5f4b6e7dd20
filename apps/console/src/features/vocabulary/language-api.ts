import { vocabularyRoutes as c, type RouteBody, type RouteResponse } from '@lingocast/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiCall } from '../../api/client'
import { vocabularyKeys } from './api'

/**
 * The learner's language (docs/vocabulary.md, Your language): their word settings, and the model's
 * translations of a word in its sentence or of the sentence, in that language.
 */
export type WordSettings = RouteResponse<typeof c.getWordSettings>

export const languageKeys = {
  settings: () => [...vocabularyKeys.all, 'settings'] as const,
  translation: (kind: 'word' | 'sentence', language: string, text: string, sentence: string) => [...vocabularyKeys.all, 'translation', kind, language, text.toLowerCase(), sentence] as const,
}

export const wordSettingsQuery = () =>
  queryOptions({
    queryKey: languageKeys.settings(),
    queryFn: async ({ signal }) => apiCall(c.getWordSettings, { signal }),
    staleTime: 5 * 60_000,
  })

/**
 * Saves the settings (a field left out stays) and puts the answer in the
 * cache; every lookup is read again, since its translations follow the language.
 */
export function useSaveWordSettings(options: { onSuccess?: (settings: WordSettings) => void; onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBody<typeof c.updateWordSettings>) => apiCall(c.updateWordSettings, { body }),
    onSuccess: (settings) => {
      client.setQueryData(languageKeys.settings(), settings)
      void client.invalidateQueries({ queryKey: vocabularyKeys.lookups() })
      options.onSuccess?.(settings)
    },
    onError: (error) => options.onError?.(error),
  })
}

/** The model's meaning of the word in this sentence, in the learner's language: asked on request only (it spends the tutor budget), then kept. */
export const modelWordQuery = (word: string, sentence: string, language: string, enabled: boolean) =>
  queryOptions({
    queryKey: languageKeys.translation('word', language, word, sentence),
    queryFn: async ({ signal }) => (await apiCall(c.translateWord, { query: { word, sentence }, signal })).translation,
    enabled,
    staleTime: Infinity,
    retry: false,
  })

/** The model's translation of the whole sentence, on request. */
export const modelSentenceQuery = (sentence: string, language: string, enabled: boolean) =>
  queryOptions({
    queryKey: languageKeys.translation('sentence', language, sentence, ''),
    queryFn: async ({ signal }) => (await apiCall(c.translateSentence, { query: { sentence }, signal })).translation,
    enabled,
    staleTime: Infinity,
    retry: false,
  })
