import { formatCardBack, parseCardBack, type Segment } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { pickableWords, segmentContext } from './segment-context'
import { activeDays, monthDay, periodRange } from './stats-period'

const seg = (i: number): Segment => ({ start: i * 5000, end: i * 5000 + 4000, text: `Sentence ${i}.`, word_timestamps: [] })
const segments = Array.from({ length: 10 }, (_, i) => seg(i))

describe('a card from the current segment', () => {
  it('takes up to 5 previous and 2 next segments, the position as m:ss and the article id', () => {
    const context = segmentContext({ HashID: 'aB3dE5fG7hJ9', Title: 'Episode' }, segments, segments[6]!)
    expect(context).toEqual({
      Article: 'aB3dE5fG7hJ9',
      Title: 'Episode',
      Position: '0:30',
      PreviousSentences: 'Sentence 1. Sentence 2. Sentence 3. Sentence 4. Sentence 5.',
      Sentence: 'Sentence 6.',
      NextSentences: 'Sentence 7. Sentence 8.',
    })
    expect(parseCardBack(formatCardBack({ context, cue: 'cue' })).context).toEqual(context)
  })

  it('copes with the first and last segments', () => {
    expect(segmentContext({ HashID: 'x', Title: 't' }, segments, segments[0]!).PreviousSentences).toBe('')
    expect(segmentContext({ HashID: 'x', Title: 't' }, segments, segments[9]!).NextSentences).toBe('')
  })

  it('offers the words of the sentence without punctuation', () => {
    expect(pickableWords('"Well," she said — don\'t go!')).toEqual(['Well', 'she', 'said', "don't", 'go'])
  })
})

describe('statistics period', () => {
  it('ends today and spans the chosen number of days', () => {
    expect(periodRange(7, new Date(2025, 2, 10, 1))).toEqual({ start: '2025-03-04', end: '2025-03-10' })
    expect(periodRange(30, new Date(2025, 2, 10, 23))).toEqual({ start: '2025-02-09', end: '2025-03-10' })
  })
  it('labels days month/day and lists active days newest first', () => {
    expect(monthDay('2025-03-07')).toBe('3/7')
    const stats = [
      { date: '2025-03-01', cards_added: 1, cards_reviewed: 0 },
      { date: '2025-03-02', cards_added: 0, cards_reviewed: 0 },
      { date: '2025-03-03', cards_added: 0, cards_reviewed: 2 },
    ]
    expect(activeDays(stats).map((s) => s.date)).toEqual(['2025-03-03', '2025-03-01'])
  })
})
