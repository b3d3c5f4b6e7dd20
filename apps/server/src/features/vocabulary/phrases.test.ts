import { describe, expect, it } from 'vitest'
import { cleanTerm, countPhrase, isPhrase, isPhraseLemma, lemmaSequence, phraseLemma, phraseTokens } from './phrases'

describe('phrases as sequences of lemmas, counted as one unit', () => {
  it("reads Lute's zero-width joins and runs of white space as one space", () => {
    expect(cleanTerm('look\u200b \u200bforward\u200b \u200bto')).toBe('look forward to')
    expect(cleanTerm('  in   spite\tof ')).toBe('in spite of')
    expect(isPhrase('look\u200bforward')).toBe(true)
    expect(isPhrase(' run ')).toBe(false)
    expect(isPhraseLemma('look forward to')).toBe(true)
    expect(isPhraseLemma('run')).toBe(false)
  })

  it('keeps a phrase as its lemmas, so every inflection of its words is the same phrase', () => {
    expect(phraseLemma(phraseTokens('looked forward to')!)).toBe('look forward to')
    expect(phraseLemma(phraseTokens('Looking Forward To')!)).toBe('look forward to')
    // Read in the sentence that holds it: "left" in "left out" is the verb.
    expect(phraseLemma(phraseTokens('left out', 'He was left out of it.')!)).toBe('leave out')
    expect(phraseTokens('!! ??')).toEqual([])
    expect(phraseTokens('a b c d e f g h i j k l m')).toBeUndefined()
  })

  it('finds a phrase inside one segment only, counting occurrences that do not overlap', () => {
    const sequence = lemmaSequence(['She looked forward to the trip.', "I don't know.", '', 'We look forward to it.', 'Forward to the past.'])
    expect(sequence).toBe(' she look forward to the trip \n i do not know \n we look forward to it \n forward to the past ')
    expect(countPhrase(sequence, 'look forward to')).toBe(2)
    expect(countPhrase(sequence, 'do not')).toBe(1)
    // Not across the end of one segment and the start of the next.
    expect(countPhrase(sequence, 'trip i')).toBe(0)
    // Not part of a longer word: "to the" is not "to them".
    expect(countPhrase(lemmaSequence(['Give it to them.']), 'to the')).toBe(0)
    expect(countPhrase(' a b a b a ', 'a b a')).toBe(1)
    expect(countPhrase(' a b a b a b a ', 'a b a')).toBe(2)
  })
})
