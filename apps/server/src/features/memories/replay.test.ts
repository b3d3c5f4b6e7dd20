import type { ReviewRating } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { newCardSchedule, replayAnswers, scheduleReview, type CardSchedule } from './schedule'

/*
 * Two devices reviewed one card offline: whatever order their
 * answers reach the server in, the card ends as if each answer had been
 * given on top of the one before it, in the order they were given.
 */

const DAY = 86_400_000
const created = new Date('2026-10-01T08:00:00.000Z')
const at = (days: number, minutes = 0) => new Date(created.getTime() + days * DAY + minutes * 60_000)

/** The card after answers given one after the other, as the server applies them online. */
function online(answers: Array<{ rating: ReviewRating; at: Date }>, name: 'fsrs' | 'sm2', buttons: 2 | 4 = 2): CardSchedule {
  return answers.reduce((s, a) => scheduleReview(s, a.rating, a.at, name, buttons), newCardSchedule(created))
}

describe('replayAnswers', () => {
  const given = [
    { rating: 'Good' as const, at: at(0, 5), device: 'phone' },
    { rating: 'Again' as const, at: at(3), device: 'laptop' },
    { rating: 'Good' as const, at: at(3, 12), device: 'laptop' },
    { rating: 'Easy' as const, at: at(9), device: 'phone' },
  ]

  for (const name of ['fsrs', 'sm2'] as const) {
    it(`${name}: answers that arrive out of order end where the same answers given in order end`, () => {
      // The phone's answers reach the server after the laptop's: an arrival order, not the order given.
      const arrived = [given[1]!, given[2]!, given[0]!, given[3]!]
      const replayed = replayAnswers(newCardSchedule(created), arrived, name)
      expect(replayed.map((r) => r.answer.device + ' ' + r.answer.rating)).toEqual(['phone Good', 'laptop Again', 'laptop Good', 'phone Easy'])
      const expected = online(given, name)
      expect(replayed.at(-1)!.next).toEqual(expected)
      expect(replayed.at(-1)!.next.reps).toBe(4)
      expect(replayed.at(-1)!.next.lastReviewed).toEqual(at(9))
      // Each answer starts from the one before: the chain the review log keeps.
      for (let k = 1; k < replayed.length; k++) expect(replayed[k]!.previous).toEqual(replayed[k - 1]!.next)
      expect(replayed[0]!.previous).toEqual(newCardSchedule(created))
    })
  }

  it('applies the later answer on top of the earlier one: Again then Good is not Good then Again', () => {
    const earlyAgain = replayAnswers(newCardSchedule(created), [{ rating: 'Good', at: at(2) }, { rating: 'Again', at: at(1) }], 'fsrs')
    const earlyGood = replayAnswers(newCardSchedule(created), [{ rating: 'Again', at: at(2) }, { rating: 'Good', at: at(1) }], 'fsrs')
    // The later answer decides: Good last graduates the card to days, Again last sends it to a 10-minute step.
    expect(earlyAgain.at(-1)!.next.nextReview!.getTime() - at(2).getTime()).toBeGreaterThanOrEqual(DAY)
    expect(earlyGood.at(-1)!.next.nextReview!.getTime() - at(2).getTime()).toBe(10 * 60_000)
    expect(earlyGood.at(-1)!.next.repetition).toBe(0)
    expect(earlyAgain.at(-1)!.next.repetition).toBe(1)
  })

  it('keeps the order answers came in when two were given at the same instant', () => {
    const same = at(1)
    const replayed = replayAnswers(newCardSchedule(created), [{ rating: 'Again', at: same, n: 1 }, { rating: 'Good', at: same, n: 2 }], 'fsrs', 4)
    expect(replayed.map((r) => r.answer.n)).toEqual([1, 2])
    expect(replayed.at(-1)!.next).toEqual(online([{ rating: 'Again', at: same }, { rating: 'Good', at: same }], 'fsrs', 4))
  })

  it('never schedules an answer before the state it starts from (a start reviewed later than every answer)', () => {
    const start = scheduleReview(newCardSchedule(created), 'Good', at(5), 'fsrs')
    const [only] = replayAnswers(start, [{ rating: 'Good', at: at(4) }], 'fsrs')
    expect(only!.next).toEqual(scheduleReview(start, 'Good', at(5), 'fsrs'))
    expect(only!.answer.at).toEqual(at(4))
  })

  it('answers nothing for no answers and leaves its inputs as they were', () => {
    expect(replayAnswers(newCardSchedule(created), [], 'fsrs')).toEqual([])
    const answers = [{ rating: 'Good' as const, at: at(2) }, { rating: 'Hard' as const, at: at(1) }]
    replayAnswers(newCardSchedule(created), answers, 'sm2')
    expect(answers.map((a) => a.rating)).toEqual(['Good', 'Hard'])
  })
})
