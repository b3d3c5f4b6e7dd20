import { describe, expect, it } from 'vitest'
import { wordTokens } from '../../vocabulary/lemmatise'
import { posInContext, posIsCertain } from './pos-in-context'

const posOf = (sentence: string, word: string) => {
  const tokens = wordTokens(sentence)
  return posInContext(tokens, tokens.findIndex((t) => t.form === word))
}

describe('the part of speech in context', () => {
  it('reads everyday nouns after an article or a possessive as nouns, where the tagger slipped', () => {
    expect(posOf('I looked at his watch and sighed.', 'watch')).toBe('NOUN')
    expect(posOf('Switch off the light when you go.', 'light')).toBe('NOUN')
    expect(posOf('She has a bad cold this week.', 'cold')).toBe('NOUN')
    expect(posOf('Meet me at the bus stop for the school.', 'stop')).toBe('NOUN')
    expect(posOf('I left the key in the car.', 'key')).toBe('NOUN')
  })

  it('keeps the verbs after a subject and the adjectives that describe what follows', () => {
    expect(posOf('He runs a small company.', 'runs')).toBe('VERB')
    expect(posOf('They watch films on Sundays.', 'watch')).toBe('VERB')
    expect(posOf('The bag is very light.', 'light')).toBe('ADJ')
    expect(posOf('She bought a light jacket.', 'light')).toBe('ADJ')
  })

  it('reads "hard" after a verb as an adverb and a word after "be" as an adjective', () => {
    expect(posOf('They trained hard for the race.', 'hard')).toBe('ADV')
    expect(posOf('The box is light enough to carry.', 'light')).toBe('ADJ')
    expect(posOf('My neighbour is very kind to children.', 'kind')).toBe('ADJ')
    expect(posOf('He drove a bright yellow car.', 'bright')).toBe('ADJ')
  })

  it('keeps a verb right after its subject noun a verb: a form not the base, or an object after it', () => {
    expect(posOf('My uncle runs a small hotel by the sea.', 'runs')).toBe('VERB')
    expect(posOf('The ball hit the window and broke it.', 'hit')).toBe('VERB')
    expect(posOf('The baby sleeps for most of the day.', 'sleeps')).toBe('VERB')
    expect(posOf('My dad still listens to the radio.', 'still')).toBe('ADV')
  })

  it('calls the part of speech certain only where the syntax leaves no doubt', () => {
    const certain = (sentence: string, word: string) => {
      const tokens = wordTokens(sentence)
      return posIsCertain(tokens, tokens.findIndex((t) => t.form === word))
    }
    expect(certain('I checked my watch.', 'watch')).toBe(true)
    expect(certain('We sat at the kitchen table and talked.', 'table')).toBe(true)
    expect(certain('They watch films on Sundays.', 'watch')).toBe(true)
    expect(certain('She bought a light jacket.', 'light')).toBe(false)
    expect(certain('Tears ran down her cheeks.', 'ran')).toBe(false)
  })
})
