import { describe, expect, it } from 'vitest'
import { piecesOf, UNIT_MAX_WORDS, unitsOf } from './units'
import { tokenize } from './words'

const texts = (units: ReturnType<typeof unitsOf>) => units.map((u) => u.tokens.map((t) => t.text).join(' '))
const all = () => true

describe('the units of a chunk', () => {
  it('are its sentences, whatever its cues', () => {
    const chunk = { index: 0, start: 0, end: 9000, cues: [{ start: 0, end: 9000, text: 'The old captain walked home. Her brother painted the garden before breakfast! Then rain.' }] }
    expect(texts(unitsOf(chunk, all))).toEqual(['The old captain walked home.', 'Her brother painted the garden before breakfast!', 'Then rain.'])
    expect(unitsOf(chunk, all).every((u) => u.hint?.start === 0 && u.hint.end === 9000)).toBe(true)
  })

  it('join whisper-style cues of a few words until a sentence ends or eight words are there, with the times of all of them', () => {
    const cues = [
      { start: 0, end: 900, text: 'and mister john' },
      { start: 900, end: 1800, text: 'dashwood had then' },
      { start: 1800, end: 2600, text: 'leisure to consider' },
      { start: 2600, end: 3000, text: 'how much.' },
    ]
    const units = unitsOf({ index: 0, start: 0, end: 3000, cues }, all)
    expect(texts(units)).toEqual(['and mister john dashwood had then leisure to consider', 'how much.'])
    expect(units[0]!.hint).toEqual({ start: 0, end: 2600 })
  })

  it('cut a long unpunctuated sentence into even parts', () => {
    const words = Array.from({ length: 25 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}`)
    const pieces = piecesOf(tokenize(words.join(' ')))
    expect(pieces.map((p) => p.tokens.length)).toEqual([13, 12])
    expect(pieces.every((p) => p.tokens.length <= UNIT_MAX_WORDS && !p.endsSentence)).toBe(true)
  })

  it('treat untimed text as one cue without times', () => {
    const units = unitsOf({ index: 0, start: 0, end: 5000, text: 'One sentence here. Another one there.' }, all)
    expect(texts(units)).toEqual(['One sentence here.', 'Another one there.'])
    expect(units.every((u) => u.hint === undefined)).toBe(true)
  })
})
