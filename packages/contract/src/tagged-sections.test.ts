import { describe, expect, it } from 'vitest'
import { formatTaggedSections, parseTaggedSections, previewText } from './tagged-sections'

describe('tagged sections of the tutor answer', () => {
  it('round-trips a message and the three sections', () => {
    const text = formatTaggedSections('Here is a clearer card.', {
      ReorganizedSentence: 'The Dashwoods had lived in Sussex for a long time.',
      Explanation: 'settled: made a home somewhere',
      MemorizeCue: '**settle** = make a home',
    })
    expect(parseTaggedSections(text)).toEqual({
      message: 'Here is a clearer card.',
      sections: {
        ReorganizedSentence: 'The Dashwoods had lived in Sussex for a long time.',
        Explanation: 'settled: made a home somewhere',
        MemorizeCue: '**settle** = make a home',
      },
      pending: null,
    })
  })

  it('reads a stream as it arrives: open section pending, half tag hidden', () => {
    const full = 'Sure.\n<MemorizeCue>\nsettle = make a home\n</MemorizeCue>\nDone.'
    expect(parseTaggedSections(full.slice(0, 8))).toEqual({ message: 'Sure.', sections: {}, pending: null }) // "Sure.\n<M"
    const midway = parseTaggedSections(full.slice(0, 25))
    expect(midway.pending).toBe('MemorizeCue')
    expect(midway.sections).toEqual({})
    expect(midway.message).toBe('Sure.')
    expect(parseTaggedSections(full)).toEqual({ message: 'Sure.\n\nDone.', sections: { MemorizeCue: 'settle = make a home' }, pending: null })
  })

  it('leaves other angle brackets and unknown tags in the message', () => {
    expect(parseTaggedSections('a <b>bold</b> x < y')).toEqual({ message: 'a <b>bold</b> x < y', sections: {}, pending: null })
  })

  it('cuts previews with an ellipsis', () => {
    expect(previewText('abcdef', 3)).toBe('abc…')
    expect(previewText('abc', 3)).toBe('abc')
  })
})
