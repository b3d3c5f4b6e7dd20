import { formatCardBack, parseCardBack, parseTaggedSections } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { applySections } from './card-updates'

describe('Apply Updates', () => {
  const context = { Article: 'abc', Sentence: 'They settled in Sussex.', Explanation: 'old' }

  it('puts the proposed explanation and sentence in the block and replaces the cue', () => {
    const reply = parseTaggedSections('Try this.\n<Explanation>settle: make a home</Explanation>\n<ReorganizedSentence>They made Sussex their home.</ReorganizedSentence>\n<MemorizeCue>settle = stay for good</MemorizeCue>')
    const next = applySections(context, 'old cue', reply.sections)
    expect(next).toEqual({
      context: { Article: 'abc', Sentence: 'They settled in Sussex.', Explanation: 'settle: make a home', ReorganizedSentence: 'They made Sussex their home.' },
      cue: 'settle = stay for good',
    })
    expect(parseCardBack(formatCardBack(next))).toEqual(next)
  })

  it('keeps what the tutor did not propose', () => {
    expect(applySections(context, 'cue', { MemorizeCue: 'new' })).toEqual({ context, cue: 'new' })
    expect(applySections(null, 'cue', { Explanation: 'e' })).toEqual({ context: { Explanation: 'e' }, cue: 'cue' })
    expect(applySections(null, 'cue', {})).toEqual({ context: null, cue: 'cue' })
  })
})
