import { describe, expect, it } from 'vitest'
import { applyStatusToArticle, lemmaInArticle, normaliseForm, remainingNewLemmas, statusOfWord, type ArticleWords } from './statuses'

const article: ArticleWords = {
  forms: { ran: 'run', running: 'run', dog: 'dog', dogs: 'dog', the: 'the', did: 'do', "well-known": 'well-known' },
  statuses: { the: 'known', dog: 'learning' },
}

describe('word statuses of an article', () => {
  it('normalises a transcript word like the server does', () => {
    expect(normaliseForm('“Running,”')).toBe('running')
    expect(normaliseForm('Didn’t')).toBe("didn't")
    expect(normaliseForm('...')).toBe('')
  })

  it('finds the lemma of a form, a contraction by its first part, nothing for a name', () => {
    expect(lemmaInArticle(article, 'Ran.')).toBe('run')
    expect(lemmaInArticle(article, 'didn’t')).toBe('do')
    expect(lemmaInArticle(article, 'Well-known')).toBe('well-known')
    expect(lemmaInArticle(article, 'Dashwood')).toBeUndefined()
  })

  it('reads absent lemmas as new and leaves words outside the vocabulary unmarked', () => {
    expect(statusOfWord(article, 'running')).toBe('new')
    expect(statusOfWord(article, 'Dogs')).toBe('learning')
    expect(statusOfWord(article, 'The')).toBe('known')
    expect(statusOfWord(article, '1999')).toBeUndefined()
  })

  it('marks every form of a lemma at once, and new forgets the mark, without touching the original', () => {
    const known = applyStatusToArticle(article, ['ran'], 'known')
    expect(statusOfWord(known, 'running')).toBe('known')
    expect(statusOfWord(known, 'ran')).toBe('known')
    expect(statusOfWord(article, 'ran')).toBe('new')
    const back = applyStatusToArticle(known, ['dogs', 'run'], 'new')
    expect(back.statuses).toEqual({ the: 'known' })
  })

  it('lists the distinct lemmas still new', () => {
    expect(remainingNewLemmas(article).sort()).toEqual(['do', 'run', 'well-known'])
    expect(remainingNewLemmas(applyStatusToArticle(article, ['run', 'did', 'well-known'], 'ignored'))).toEqual([])
  })
})
