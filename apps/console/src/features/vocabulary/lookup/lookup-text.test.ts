import { describe, expect, it } from 'vitest'
import { comprehensionText, LOOKUP_TEXT, partOfSpeech, seenText } from './lookup-text'

describe('lookup texts', () => {
  it('writes the comprehension figure, rounding down so 99.6% never reads as all known', () => {
    const fig = (known_share: number, new_words: number, words: number, learning_share = 0, learning_words = 0) => ({ known_share, learning_share, new_words, learning_words, words })
    expect(comprehensionText(fig(0.8712, 42, 900))).toBe('87% known · 42 new words')
    expect(comprehensionText(fig(0.996, 1, 250))).toBe('99% known · 1 new word')
    expect(comprehensionText(fig(1, 0, 10))).toBe('100% known · 0 new words')
    // The 11 rare words left are all being learned: not 100% known, and said apart.
    expect(comprehensionText(fig(0.9725, 0, 400, 0.0275, 11))).toBe('97% known · 0 new words · 11 learning')
  })

  it('names the folded senses, one or many', () => {
    expect(LOOKUP_TEXT.otherSenses(1)).toBe('1 other meaning')
    expect(LOOKUP_TEXT.otherSenses(7)).toBe('7 other meanings')
  })

  it('says how often a word was met', () => {
    expect(seenText(0)).toBe('Not met in your library yet')
    expect(seenText(1)).toBe('Met once in your library')
    expect(seenText(1234)).toBe('Met 1,234 times in your library')
  })

  it('names parts of speech', () => {
    expect(partOfSpeech('ADJ')).toBe('adjective')
    expect(partOfSpeech('X')).toBe('x')
  })
})
