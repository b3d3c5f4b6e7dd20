import { describe, expect, it } from 'vitest'
import { createWordNet } from './wordnet'
import { pickHardWords, resolveWord } from './words'

const wordnet = createWordNet()

describe('resolveWord', () => {
  it("looks up the lemmatiser's base form first, irregular forms the suffix rules cannot undo included", async () => {
    expect(await resolveWord(wordnet, 'withheld')).toMatchObject({ form: 'withheld', lemma: 'withhold', hint: 'v' })
    expect(await resolveWord(wordnet, 'cacti')).toMatchObject({ lemma: 'cactus', hint: 'n' })
    expect(await resolveWord(wordnet, 'mice')).toMatchObject({ lemma: 'mouse' })
  })

  it('falls back to the suffix rules and keeps phrases as written', async () => {
    expect((await resolveWord(wordnet, 'turn_up'))?.lemma).toBe('turn_up')
    expect(await resolveWord(wordnet, 'zqxv')).toBeUndefined()
  })
})

describe('pickHardWords', () => {
  it('leaves names out by their part of speech, and finds the base form of the rest', async () => {
    const words = await pickHardWords(wordnet, 'Yesterday Marianne oversaw the orchards near Barton.')
    const lemmas = words.map((w) => w.lemma)
    expect(lemmas).toContain('oversee')
    expect(lemmas).toContain('orchard')
    expect(lemmas).not.toContain('marianne')
    expect(lemmas).not.toContain('barton')
  })
})
