import { describe, expect, it } from 'vitest'
import { cueOfMeaning, partOfSpeech } from './card-cue'

describe("a card's cue from the lookup's meaning", () => {
  const sense = { gloss: 'being present everywhere at once' }

  it("is the learner's hint first, then their language's meanings as the popover shows them first, then the English sense", () => {
    const translations = [
      { text: 'allgegenwärtig', source: 'Meine Karten' },
      { text: 'überall', source: 'Meine Karten' },
      { text: 'omniprésent', source: 'Another dictionary' },
    ]
    expect(cueOfMeaning({ hint: ' my own words ', translations, pos: 'ADJ', sense })).toBe('my own words')
    // The first dictionary's lines, as the popover groups them; the next dictionary's are not part of it.
    expect(cueOfMeaning({ hint: null, translations, pos: 'ADJ', sense })).toBe('allgegenwärtig; überall')
    expect(cueOfMeaning({ hint: '  ', translations: [], pos: 'ADJ', sense })).toBe('(adjective) being present everywhere at once')
  })

  it("names the sense's own part of speech where it differs from the word's, and a phrase as a phrase", () => {
    expect(cueOfMeaning({ pos: 'INTJ', sense: { gloss: 'used in polite request', pos: 'ADV' } })).toBe('(adverb) used in polite request')
    expect(cueOfMeaning({ pos: 'PHRASE', sense: { gloss: 'expect or hope for' } })).toBe('(phrase) expect or hope for')
    expect(partOfSpeech('ADP')).toBe('preposition')
    expect(partOfSpeech('SYM')).toBe('sym')
  })

  it('is undefined when the lookup has no meaning: no cue is better than another word\'s', () => {
    expect(cueOfMeaning({ pos: 'NOUN', sense: null, translations: [] })).toBeUndefined()
  })
})
