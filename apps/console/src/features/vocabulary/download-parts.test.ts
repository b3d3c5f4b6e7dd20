import type { Segment } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { wordsToLookUp } from './download-parts'

const segment = (start: number, words: string[]): Segment => ({
  start,
  end: start + 1000,
  text: ` ${words.join(' ')} `,
  word_timestamps: words.map((word, i) => ({ word, start: start + i * 100, end: start + i * 100 + 90 })),
})

describe('the words a download looks up', () => {
  it('takes each word form once, as the popover names it, with the first sentence it is in', () => {
    const found = wordsToLookUp([segment(0, ['The', 'amiable', 'woman,']), segment(2000, ['An', 'amiable', 'man.', '—'])])
    expect(found).toEqual([
      { form: 'the', word: 'The', sentence: 'The amiable woman,' },
      { form: 'amiable', word: 'amiable', sentence: 'The amiable woman,' },
      { form: 'woman', word: 'woman,', sentence: 'The amiable woman,' },
      { form: 'an', word: 'An', sentence: 'An amiable man. —' },
      { form: 'man', word: 'man.', sentence: 'An amiable man. —' },
    ])
  })
})
