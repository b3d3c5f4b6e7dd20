import type { Segment } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { wordAtPosition } from './word-at'

const seg = (start: number, words: string[]): Segment => ({
  start,
  end: start + words.length * 500,
  text: words.join(' '),
  word_timestamps: words.map((word, i) => ({ word, start: start + i * 500, end: start + i * 500 + 400 })),
})
const segments = [seg(1_000, ['The', 'dog', 'barked.']), seg(5_000, ['It', 'ran', 'away.']), { start: 9_000, end: 9_500, text: 'Untimed', word_timestamps: [] }]

describe('wordAtPosition', () => {
  it.each([
    [1_600, 1_000, 'dog'],
    [1_950, 1_000, 'dog'], // between two words: the one just heard
    [3_000, 1_000, 'barked.'], // pause after a segment: its last word
    [0, 1_000, 'The'], // before anything: the first line's first word
    [5_500, 5_000, 'ran'],
  ])('at %i ms -> %s of the segment at %i', (ms, start, word) => {
    const found = wordAtPosition(segments, ms)!
    expect(found.segment.start).toBe(start)
    expect(found.segment.word_timestamps[found.index]!.word).toBe(word)
  })

  it('finds nothing in a segment without word timings or without segments', () => {
    expect(wordAtPosition(segments, 9_100)).toBeUndefined()
    expect(wordAtPosition([], 100)).toBeUndefined()
  })
})
