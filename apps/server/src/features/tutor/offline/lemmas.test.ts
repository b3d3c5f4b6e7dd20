import { describe, expect, it } from 'vitest'
import { candidateLemmas } from './lemmas'

const lemmas = (w: string) => candidateLemmas(w).map((l) => l.lemma)

describe('candidateLemmas', () => {
  it('maps irregular forms to their base form with the part of speech', () => {
    expect(candidateLemmas('went')[0]).toEqual({ lemma: 'go', pos: 'v' })
    expect(candidateLemmas('Children')[0]).toEqual({ lemma: 'child', pos: 'n' })
    expect(candidateLemmas('better')[0]).toEqual({ lemma: 'good', pos: 'a' })
    expect(lemmas('left')).toEqual(expect.arrayContaining(['leave', 'left']))
  })

  it('undoes regular endings, including a doubled consonant', () => {
    expect(lemmas('stopped')).toContain('stop')
    expect(lemmas('running')).toContain('run')
    expect(lemmas('studies')).toContain('study')
    expect(lemmas('churches')).toContain('church')
    expect(lemmas('admitted')).toContain('admit')
    expect(lemmas('hoped')).toContain('hope')
    expect(lemmas('happier')).toContain('happy')
  })

  it('keeps the word itself, drops possessives and curly apostrophes', () => {
    expect(lemmas('estate')[0]).toBe('estate')
    expect(lemmas('Dashwood’s')[0]).toBe('dashwood')
    expect(candidateLemmas('')).toEqual([])
  })
})

describe('spellingVariants', () => {
  it('gives the other spelling of British and American words', async () => {
    const { spellingVariants } = await import('./lemmas')
    expect(spellingVariants('centre')).toContain('center')
    expect(spellingVariants('colour')).toContain('color')
    expect(spellingVariants('realise')).toContain('realize')
    expect(spellingVariants('estate')).toEqual(['estate'])
  })
})
