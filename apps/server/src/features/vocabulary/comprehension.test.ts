import { describe, expect, it } from 'vitest'
import { changedLemmas, comprehensionOf, formsOf, lemmaHistogram, remark, tallyOf } from './comprehension'

describe('lemma counts and figures', () => {
  it('counts running words per lemma, leaving names and numbers out', () => {
    const counts = lemmaHistogram(['The dogs ran.', 'A dog runs to Elinor in 1811.'])
    expect(counts.get('dog')).toBe(2)
    expect(counts.get('run')).toBe(2)
    expect(counts.has('elinor')).toBe(false)
    expect(counts.has('1811')).toBe(false)
    expect(formsOf(['The dogs ran.'])).toEqual({ the: 'the', dogs: 'dog', ran: 'run' })
  })

  it('moving one lemma’s mark gives the same figure as counting again under the new marks', () => {
    const rows = [
      { lemma: 'dog', count: 5 },
      { lemma: 'run', count: 3 },
      { lemma: 'the', count: 2 },
    ]
    const before = new Map([['dog', 'known']])
    const after = new Map([
      ['run', 'learning'],
      ['the', 'ignored'],
    ])
    const moved = tallyOf(rows, before)
    for (const lemma of changedLemmas(before, after)) {
      const row = rows.find((r) => r.lemma === lemma)!
      remark(moved, row.count, before.get(lemma), after.get(lemma))
    }
    expect(moved).toEqual(tallyOf(rows, after))
    // dog new again (one lemma), run learning (3 of 8 words, apart from known), the ignored (left out).
    expect(comprehensionOf(moved)).toEqual({ known_share: 0, learning_share: 0.375, new_words: 1, learning_words: 1, words: 8 })
    expect(changedLemmas(after, after)).toEqual([])
  })

  it('gives an all-ignored transcript a share of 0, not a division by zero', () => {
    expect(comprehensionOf({ running: 4, ignored: 4, known: 0, learning: 0, newLemmas: 0, learningLemmas: 0 })).toEqual({ known_share: 0, learning_share: 0, new_words: 0, learning_words: 0, words: 0 })
  })
})
