import { describe, expect, it } from 'vitest'
import {
  applyHint,
  applyLemmaStatus,
  applyStatusToArticle,
  lemmaInArticle,
  lemmasOfWord,
  levelOf,
  normaliseForm,
  remainingNewLemmas,
  selectionRange,
  statusOfWord,
  wordMarks,
  type ArticleWords,
} from './statuses'

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

describe('phrases, learning levels and the learner\'s hints', () => {
  const data: ArticleWords = {
    forms: { we: 'we', look: 'look', looked: 'look', looking: 'look', forward: 'forward', to: 'to', the: 'the', trip: 'trip', do: 'do', "n't": 'not', mind: 'mind', in: 'in', spite: 'spite', of: 'of' },
    statuses: { 'look forward to': 'learning', trip: 'learning', 'do not mind': 'known', 'in spite of': 'ignored' },
    levels: { 'look forward to': 3 },
    hints: { 'look forward to': 'sich freuen auf', trip: 'Reise' },
  }
  const words = (text: string) => text.split(' ')

  it('marks a phrase over every inflection of its words, with its status, level and hint', () => {
    const marks = wordMarks(data, words('She looked forward to the trip.'))
    expect(marks[0]).toBeUndefined()
    for (const i of [1, 2, 3]) expect(marks[i]).toEqual({ term: 'look forward to', status: 'learning', level: 3, hint: 'sich freuen auf', phrase: { from: 1, to: 3 } })
    expect(marks[4]).toEqual({ term: 'the', status: 'new' })
    expect(marks[5]).toEqual({ term: 'trip', status: 'learning', level: 1, hint: 'Reise' })
    // Not in a row: no phrase.
    expect(wordMarks(data, words('we look to the forward')).some((m) => m?.phrase)).toBe(false)
  })

  it('reads a contraction as its two lemmas, so "don\'t mind" is "do not mind"', () => {
    expect(lemmasOfWord(data, "Don't")).toEqual(['do', 'not'])
    const marks = wordMarks(data, words("I don't mind."))
    expect(marks[1]).toMatchObject({ term: 'do not mind', status: 'known', phrase: { from: 1, to: 2 } })
    expect(marks[2]).toMatchObject({ term: 'do not mind' })
  })

  it('sets levels and hints like the server: a level kept without a new one, the hint forgotten with the term', () => {
    const two = applyLemmaStatus(data, ['look forward to'], 'learning', 2)
    expect(levelOf(two, 'look forward to')).toBe(2)
    expect(levelOf(applyLemmaStatus(two, ['look forward to'], 'learning'), 'look forward to')).toBe(2)
    expect(levelOf(applyLemmaStatus(two, ['look forward to'], 'known'), 'look forward to')).toBeUndefined()
    const forgotten = applyLemmaStatus(two, ['trip'], 'new')
    expect(forgotten.hints).toEqual({ 'look forward to': 'sich freuen auf' })
    expect(statusOfWord(forgotten, 'trip')).toBe('new')
    // A hint on a new word makes it learning; removing it leaves the status.
    const hinted = applyHint(data, 'mind', 'stören')
    expect(hinted.statuses.mind).toBe('learning')
    expect(applyHint(hinted, 'mind', null).statuses.mind).toBe('learning')
    expect(applyHint(hinted, 'mind', null).hints?.mind).toBeUndefined()
  })

  it('selects at most 6 words from the anchor, either way', () => {
    expect(selectionRange(3, 5)).toEqual({ from: 3, to: 5 })
    expect(selectionRange(5, 1)).toEqual({ from: 1, to: 5 })
    expect(selectionRange(0, 20)).toEqual({ from: 0, to: 5 })
    expect(selectionRange(10, 0)).toEqual({ from: 5, to: 10 })
  })
})
