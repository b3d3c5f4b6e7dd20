import { describe, expect, it } from 'vitest'
import { isVocabulary, lemmaOf, lemmasOf, wordTokens } from './lemmatise'

const read = (text: string) => wordTokens(text).map((t) => `${t.form}:${t.lemma}:${t.pos}`)
const lemmas = (text: string) => wordTokens(text).map((t) => t.lemma)

describe('lemmaOf', () => {
  it('turns inflections into their lemma', () => {
    for (const w of ['ran', 'running', 'runs', 'Ran']) expect(lemmaOf(w)?.lemma, w).toBe('run')
    expect(lemmaOf('mice')).toEqual({ form: 'mice', lemma: 'mouse', pos: 'NOUN' })
    expect(lemmaOf('better')).toEqual({ form: 'better', lemma: 'good', pos: 'ADJ' })
    // Capitalised alone, as a list or a card front writes it: still the common word.
    expect(lemmaOf('Better')?.lemma).toBe('good')
    expect(lemmaOf('saw', 'I saw her yesterday.')).toEqual({ form: 'saw', lemma: 'see', pos: 'VERB' })
  })

  it('reads a contraction as its head word', () => {
    expect(lemmaOf("didn't")?.lemma).toBe('do')
    expect(lemmaOf("can't")?.lemma).toBe('can')
    expect(lemmaOf('she’s')?.lemma).toBe('she')
    expect(lemmaOf("we'll")?.lemma).toBe('we')
  })

  it('keeps a hyphenated word whole, as the transcript shows it', () => {
    expect(lemmaOf('well-known')).toEqual({ form: 'well-known', lemma: 'well-known', pos: 'ADJ' })
    expect(lemmaOf('long-term')?.lemma).toBe('long-term')
    expect(lemmaOf('well-known', 'A well-known long-term plan.')?.lemma).toBe(wordTokens('A well-known plan.')[1]!.lemma)
    expect(lemmas('A well-known long-term plan.')).toEqual(['a', 'well-known', 'long-term', 'plan'])
    // A dash between spaced words is punctuation, not a compound.
    expect(lemmas('well - known')).toEqual(['well', 'know'])
  })

  it('finds the word in its sentence, else reads it alone', () => {
    expect(lemmaOf('Emma', 'Then Emma ran home.')?.pos).toBe('PROPN')
    expect(lemmaOf('ran', 'Then Emma ran home.')).toEqual({ form: 'ran', lemma: 'run', pos: 'VERB' })
    expect(lemmaOf('...', 'Then Emma ran home.')).toBeUndefined()
    expect(lemmaOf('42')).toBeUndefined()
  })
})

describe('wordTokens', () => {
  it('splits contractions into their words', () => {
    expect(lemmas("She didn't go. She's here, we'll see, I can't.")).toEqual(['she', 'do', 'not', 'go', 'she', 'be', 'here', 'we', 'will', 'see', 'i', 'can', 'not'])
    expect(lemmas("I'm fine.")).toEqual(['i', 'be', 'fine'])
    // A possessive is not a word of its own.
    expect(lemmas("It's John's book.")).toEqual(['it', 'be', 'john', 'book'])
  })

  it('reads a capitalised sentence start as the common word, a name as a name', () => {
    expect(read('Running is fun.')[0]).toBe('running:run:VERB')
    expect(read('Houses are expensive.')[0]).toBe('houses:house:NOUN')
    expect(read('Mice ran away.')[0]).toBe('mice:mouse:NOUN')
    const [emma, ran] = wordTokens('Emma ran.')
    expect(emma).toEqual({ form: 'emma', lemma: 'emma', pos: 'PROPN' })
    expect(isVocabulary(emma!)).toBe(false)
    expect(isVocabulary(ran!)).toBe(true)
    // A name in the middle of a sentence stays a name, a sentence start after it is read again.
    expect(read('We met Dashwood. Studies show it.').slice(2, 4)).toEqual(['dashwood:dashwood:PROPN', 'studies:study:NOUN'])
  })

  it('takes the plural off a hyphenated noun that ends in a particle, as it does off any other noun', () => {
    expect(read('We had two check-ins today.')[3]).toBe('check-ins:check-in:NOUN')
    expect(lemmaOf('check-ins')?.lemma).toBe('check-in')
    expect(lemmaOf('check-ins')?.lemma).toBe(lemmaOf('check-in')?.lemma)
    expect(lemmas('The grown-ups hid the add-ons at the check-points.')).toEqual(['the', 'grown-up', 'hide', 'the', 'add-on', 'at', 'the', 'check-point'])
    // A particle's own plural only where the word is hyphenated: "ins and outs" alone is left to the tagger.
    expect(read('The check-in was slow.')[1]).toBe('check-in:check-in:ADJ')
  })

  it('reads a curly apostrophe as a straight one: the clitic keeps it', () => {
    for (const [curly, straight] of [
      ['They’re here.', "They're here."],
      ['We’ve gone, you’ll see, I’d go.', "We've gone, you'll see, I'd go."],
      ['She didn’t say it’s late.', "She didn't say it's late."],
      ['I’m fine.', "I'm fine."],
    ]) {
      expect(read(curly!), curly).toEqual(read(straight!))
    }
    expect(read('They’re here.')).toEqual(['they:they:PRON', "'re:be:AUX", 'here:here:ADV'])
    // Not "they" + "re": a transcript's word "re" (as in "re: your note") is never taken for "be".
    expect(wordTokens('They’re here.').map((t) => t.form)).not.toContain('re')
    expect(lemmaOf('they’re')).toEqual(lemmaOf("they're"))
  })

  it('leaves out numbers and punctuation', () => {
    expect(lemmas('In 1811, 3 men — tired — left!')).toEqual(['in', 'man', 'tired', 'leave'])
  })
})

describe('lemmasOf', () => {
  it('reads a word list in one pass with the same result as one word at a time', () => {
    const words = ['ran', 'Better', 'Emma', 'well-known', "didn't", 'Mr', 'mice', '', '123', 'Paris', 'e.g.', 'ran']
    const together = lemmasOf(words)
    expect(together.map((t) => t?.lemma)).toEqual(['run', 'good', 'emma', 'well-known', 'do', 'mr', 'mouse', undefined, undefined, 'paris', undefined, 'run'])
    expect(together).toEqual(words.map((w) => (w ? lemmaOf(w) : undefined)))
  })
})
