import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { lookupQuery, PENDING_TRANSLATIONS_RETRY_MS, setStatusInCache, vocabularyKeys, type ArticleWords, type WordLookup } from './api'
import { statusOfWord } from './statuses'

const article = (forms: Record<string, string>, statuses: ArticleWords['statuses'] = {}): ArticleWords => ({ forms, statuses })
const lookup = (word: string, lemma: string): WordLookup => ({ success: true, word, lemma, pos: 'VERB', ipa: null, sense: null, status: 'new', level: null, hint: null, seen: 3, model: false, translations: [], native_language: null, dictionary_link: null, msg: 'ok' })

describe('setStatusInCache', () => {
  it('marks the word in every cached article and lookup at once, and the rollback puts them back', () => {
    const client = new QueryClient()
    client.setQueryData(vocabularyKeys.article('a1'), article({ ran: 'run', running: 'run', dog: 'dog' }))
    client.setQueryData(vocabularyKeys.article('a2'), article({ runs: 'run' }, { run: 'ignored' }))
    client.setQueryData(vocabularyKeys.lookup('running', 'She was running.'), lookup('running', 'run'))
    client.setQueryData(vocabularyKeys.lookup('dog'), lookup('dog', 'dog'))

    const rollback = setStatusInCache(client, ['ran'], 'known')
    const a1 = client.getQueryData<ArticleWords>(vocabularyKeys.article('a1'))!
    const a2 = client.getQueryData<ArticleWords>(vocabularyKeys.article('a2'))!
    expect([statusOfWord(a1, 'ran'), statusOfWord(a1, 'Running'), statusOfWord(a1, 'dog')]).toEqual(['known', 'known', 'new'])
    expect(statusOfWord(a2, 'runs')).toBe('known')
    expect(client.getQueryData<WordLookup>(vocabularyKeys.lookup('running', 'She was running.'))!.status).toBe('known')
    expect(client.getQueryData<WordLookup>(vocabularyKeys.lookup('dog'))!.status).toBe('new')

    rollback()
    expect(statusOfWord(client.getQueryData<ArticleWords>(vocabularyKeys.article('a1'))!, 'ran')).toBe('new')
    expect(statusOfWord(client.getQueryData<ArticleWords>(vocabularyKeys.article('a2'))!, 'runs')).toBe('ignored')
    expect(client.getQueryData<WordLookup>(vocabularyKeys.lookup('running', 'She was running.'))!.status).toBe('new')
  })
})

describe('lookupQuery', () => {
  it('asks again while a dictionary of the learner language is still being indexed, and stops once it answers whole', async () => {
    const client = new QueryClient()
    const options = lookupQuery('leisure', 'They had leisure to read.')
    const interval = options.refetchInterval as (query: unknown) => number | false
    const pending = { ...lookup('leisure', 'leisure'), native_language: 'de', translations_pending: true as const }
    client.setQueryData(options.queryKey, pending)
    expect(interval(client.getQueryCache().find({ queryKey: options.queryKey }))).toBe(PENDING_TRANSLATIONS_RETRY_MS)
    client.setQueryData(options.queryKey, { ...lookup('leisure', 'leisure'), native_language: 'de', translations: [{ text: 'Muße', source: 'FreeDict English–German' }] })
    expect(interval(client.getQueryCache().find({ queryKey: options.queryKey }))).toBe(false)
  })
})
