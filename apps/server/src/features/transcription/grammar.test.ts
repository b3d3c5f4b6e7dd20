import { describe, expect, it } from 'vitest'
import { alignmentDictionary, alignmentFsg, goodness, GRAMMAR_COSTS, JUNK_PHONES, parseAlignment, PAUSE_WORD, wordName } from './grammar'

const transitions = (fsg: string) => fsg.split('\n').filter((l) => l.startsWith('TRANSITION ')).map((l) => l.split(' ').slice(1))

describe('the alignment grammar of a chunk', () => {
  const text = { words: ['the', 'old', 'captain', 'walked', 'home'], phraseEnds: new Set([2]), unitStarts: [0, 3], skippable: true }

  it('names every word by its place, so a left-out unit and repeated words cannot be confused', () => {
    const fsg = alignmentFsg({ ...text, words: ['the', 'the', 'the', 'walked', 'home'] })
    expect(transitions(fsg).filter((t) => t[3]?.startsWith('w')).map((t) => t.join(' '))).toEqual(['0 1 1 w0_the', '1 2 1 w1_the', '2 3 1 w2_the', '3 4 1 w3_walked', '4 5 1 w4_home'])
  })

  it('lets a whole unit be left out, and speech outside the text be heard as junk, only between units', () => {
    const t = transitions(alignmentFsg(text))
    // Empty transitions skip units: 0 -> 3 (the old captain) and 3 -> 5 (walked home), at the skip cost.
    expect(t.filter((x) => x.length === 3)).toEqual([['0', '3', String(GRAMMAR_COSTS.skip)], ['3', '5', String(GRAMMAR_COSTS.skip)]])
    const junkStates = [...new Set(t.filter((x) => x[3]?.startsWith('junk_')).map((x) => Number(x[0])))]
    expect(junkStates).toEqual([0, 3, 5])
    expect(t.filter((x) => x[0] === '3' && x[3]?.startsWith('junk_'))).toHaveLength(JUNK_PHONES.length)
  })

  it('has neither for a text known to be right', () => {
    const t = transitions(alignmentFsg({ ...text, skippable: false }))
    expect(t.some((x) => x.length === 3 || x[3]?.startsWith('junk_'))).toBe(false)
    expect(t.filter((x) => x[3] === PAUSE_WORD)).toHaveLength(6)
  })

  it('writes every pronunciation of every word under its own name, the variant marker last', () => {
    const dict = alignmentDictionary(['the', 'a', 'the'], (w) => ({ the: ['the DH AH', 'the(2) DH IY'], a: ['a AH'] })[w])
    expect(dict.split('\n').slice(0, 5)).toEqual([`${wordName(0, 'the')} DH AH`, `${wordName(0, 'the')}(2) DH IY`, 'w1_a AH', 'w2_the DH AH', 'w2_the(2) DH IY'])
    expect(dict).toContain(`${PAUSE_WORD} SIL`)
    expect(dict).toContain('junk_aa AA')
  })

  it('reads the words, pauses and junk the decoder placed, junk runs joined', () => {
    const seg = 'u S 0 T -1 A -1 L 0 0 -1 0 junk_s 20 -1 0 junk_aa 35 -1 0 w3_walked 60 -1 0 pause_ 80 -1 0 w4_home(2)'
    expect(parseAlignment(seg, 1000)).toEqual({
      placed: [{ index: 3, word: 'walked', start: 350, end: 600 }, { index: 4, word: 'home', start: 800, end: 1000 }],
      pauses: [{ start: 600, end: 800 }],
      junk: [{ start: 0, end: 350 }],
    })
    expect(parseAlignment('', 1000)).toBeUndefined()
  })
})

describe('goodness of pronunciation', () => {
  it('is the per-frame gap between the forced words and free phones over the words alone, pauses left out', () => {
    // Words on frames 10-30 and 30-50 score -400 and -600; phones score -5 a frame throughout; the pause is ignored.
    const forced = 'u S 0 T -1 A -1 L 0 0 -900 0 pause_ 10 -400 0 w0_walked 30 -600 0 w1_home 50 -50 0 pause_'
    const phones = 'u S 0 T -1 A -1 L 0 0 -300 0 AA 60 -100 0 SIL'
    expect(goodness(forced, phones, 800)).toBeCloseTo((-400 - -100 + -600 - -100) / 40)
    expect(goodness('u S 0 T -1 A -1 L 0 0 -5 0 pause_', phones, 800)).toBeUndefined()
  })
})
