import { describe, expect, it } from 'vitest'
import { formatCardBack, parseCardBack, replaceCue } from './card-back'

const context = {
  Article: 'aB3dE5fG7hJ9',
  Title: 'Sense and Sensibility',
  Position: '1:05',
  PreviousSentences: 'The late owner was a single man.',
  Sentence: 'The family of Dashwood had long been settled in Sussex.',
  NextSentences: 'Their estate was large.',
  Explanation: 'settled: living in a place for a long time',
  ReorganizedSentence: 'The Dashwoods had lived in Sussex for a long time.',
}

describe('the card back', () => {
  it('writes the fenced block with the spec fields in order, then the cue, and reads it back', () => {
    const back = formatCardBack({ context, cue: '**settled** = made a home' })
    expect(back.split('\n')).toEqual([
      '```context',
      'Article: aB3dE5fG7hJ9',
      'Title: Sense and Sensibility',
      'Position: 1:05',
      'PreviousSentences: The late owner was a single man.',
      'Sentence: The family of Dashwood had long been settled in Sussex.',
      'NextSentences: Their estate was large.',
      'Explanation: settled: living in a place for a long time',
      'ReorganizedSentence: The Dashwoods had lived in Sussex for a long time.',
      '```',
      '**settled** = made a home',
    ])
    expect(parseCardBack(back)).toEqual({ context, cue: '**settled** = made a home' })
  })

  it('keeps a value on one line and never lets it close the fence', () => {
    const back = formatCardBack({ context: { Sentence: 'one\ntwo ``` three', Article: 'ab-c/1' }, cue: 'cue' })
    const parsed = parseCardBack(back)
    expect(parsed.context).toEqual({ Article: 'abc1', Sentence: "one two ''' three" })
    expect(parsed.cue).toBe('cue')
  })

  it('reads a hand-written back (no block, or an unclosed one) as all cue', () => {
    expect(parseCardBack('just a note')).toEqual({ context: null, cue: 'just a note' })
    expect(parseCardBack('```context\nTitle: x\nno end')).toEqual({ context: null, cue: '```context\nTitle: x\nno end' })
    expect(parseCardBack('```js\ncode\n```\n')).toEqual({ context: null, cue: '```js\ncode\n```' })
  })

  it('replaces only the cue and keeps the block', () => {
    const back = formatCardBack({ context, cue: 'old' })
    const updated = replaceCue(back, 'new cue')
    expect(parseCardBack(updated)).toEqual({ context, cue: 'new cue' })
  })

  it('writes no block when the context is empty', () => {
    expect(formatCardBack({ context: { Title: '  ' }, cue: ' cue ' })).toBe('cue')
  })
})
