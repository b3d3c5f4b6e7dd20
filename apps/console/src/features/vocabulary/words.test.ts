import { describe, expect, it } from 'vitest'
import { daysBetween, knownSeries } from './known-history'
import { comprehensionLabel, comprehensionTitle, easiestFirst } from './comprehension'
import { bulkResult, chunks, countFor, importResult, markedWords, pageLabel, parseWordFilter, placementProgress, placementResult } from './words'

const counts = { new: 40, learning: 3, known: 1200, ignored: 7 }
const fig = (known_share: number, new_words: number, learning_share = 0, learning_words = 0) => ({ known_share, learning_share, new_words, learning_words, words: 1000 })

describe('status filter and counts', () => {
  it('reads a filter from the address, anything unknown being All', () => {
    expect(parseWordFilter('Known')).toBe('known')
    expect(parseWordFilter('ignored')).toBe('ignored')
    expect(parseWordFilter('bogus')).toBe('all')
    expect(parseWordFilter(null)).toBe('all')
  })

  it('counts one status, or every status for All; marked words leave new out', () => {
    expect(countFor(counts, 'known')).toBe(1200)
    expect(countFor(counts, 'all')).toBe(1250)
    expect(markedWords(counts)).toBe(1210)
    expect(markedWords({ new: 900, learning: 0, known: 0, ignored: 0 })).toBe(0)
  })

  it('labels a page of the table', () => {
    expect(pageLabel(0, 50, 1234)).toBe('1–50 of 1,234')
    expect(pageLabel(1200, 34, 1234)).toBe('1,201–1,234 of 1,234')
    expect(pageLabel(0, 0, 0)).toBe('0 of 0')
  })
})

describe('comprehension', () => {
  it('shows the known share rounded down and the new words', () => {
    expect(comprehensionLabel(fig(0.874, 42))).toBe('87% known · 42 new')
    expect(comprehensionLabel(fig(0.996, 1))).toBe('99% known · 1 new')
    expect(comprehensionLabel(fig(1, 0))).toBe('100% known · 0 new')
    // 0.29 * 100 is 28.999999999999996 in floating point: still 29%.
    expect(comprehensionLabel(fig(0.29, 1500))).toBe('29% known · 1,500 new')
  })

  it('counts learning words apart from known ones, and says what each figure counts', () => {
    // An episode whose 11 rare words are all being learned once read "100% known".
    expect(comprehensionLabel(fig(0.9725, 0, 0.0275, 11))).toBe('97% known · 0 new · 11 learning')
    expect(comprehensionLabel(fig(0.5, 3, 0.004, 1))).toBe('50% known · 3 new · 1 learning')
    expect(comprehensionTitle(fig(0.9725, 1, 0.0275, 11))).toBe("97% of the text's words you know; 1 word still new to you; 11 words you are learning (2% of the text)")
    expect(comprehensionTitle(fig(0.8, 42))).toBe("80% of the text's words you know; 42 words still new to you")
  })

  it('sorts easiest first: fewest new running words, then highest known share, then fewer new words, items without a figure last in their order', () => {
    const figures: Record<string, ReturnType<typeof fig> | undefined> = { a: fig(0.5, 10), b: undefined, c: fig(0.9, 30), d: fig(0.9, 5), e: undefined }
    expect(easiestFirst(['a', 'b', 'c', 'd', 'e'], (x) => figures[x])).toEqual(['d', 'c', 'a', 'b', 'e'])
    // Learning words are not new: 60% known and 35% learning is easier than 80% known and 20% new.
    const split: Record<string, ReturnType<typeof fig>> = { known: fig(0.8, 40), learning: fig(0.6, 10, 0.35, 30), same: fig(0.95, 12) }
    expect(easiestFirst(['known', 'learning', 'same'], (x) => split[x])).toEqual(['same', 'learning', 'known'])
  })
})

describe('texts', () => {
  it('says what a placement and an import did', () => {
    expect(placementResult(3000)).toBe('About 3,000 words marked known')
    expect(placementProgress(4000)).toBe('Marking the 4,000 most common words as known…')
    expect(placementProgress(undefined)).toBe('Estimating your level and marking the words you know…')
    expect(importResult(1, 0)).toBe('Imported 1 word, skipped 0')
    expect(bulkResult(3, 'known')).toBe('3 words now known')
    expect(bulkResult(1, 'new')).toBe('1 word now new')
    expect(importResult(2500, 3)).toBe('Imported 2,500 words, skipped 3')
  })

  it('splits feed ids into calls of at most 500', () => {
    const ids = Array.from({ length: 1001 }, (_, i) => i)
    expect(chunks(ids, 500).map((c) => c.length)).toEqual([500, 500, 1])
    expect(chunks([], 500)).toEqual([])
  })
})

describe('known-words line', () => {
  it('lists every day of the period, across a month end', () => {
    expect(daysBetween('2025-02-27', '2025-03-02')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02'])
  })

  it('carries the last count forward and leaves the days before the first change empty', () => {
    const series = knownSeries(
      [
        { date: '2025-03-04', known: 520 },
        { date: '2025-03-02', known: 500 },
      ],
      '2025-03-01',
      '2025-03-05',
    )
    expect(series.map((d) => d.known)).toEqual([null, 500, 500, 520, 520])
  })
})
