import { describe, expect, it } from 'vitest'
import { comprehensionText, partOfSpeech, seenText } from './lookup-text'

describe('lookup texts', () => {
  it('writes the comprehension figure, rounding down so 99.6% never reads as all known', () => {
    expect(comprehensionText({ known_share: 0.8712, new_words: 42, words: 900 })).toBe('87% known · 42 new words')
    expect(comprehensionText({ known_share: 0.996, new_words: 1, words: 250 })).toBe('99% known · 1 new word')
    expect(comprehensionText({ known_share: 1, new_words: 0, words: 10 })).toBe('100% known · 0 new words')
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
