import { describe, expect, it } from 'vitest'
import { comprehensionOf, tallyOf } from './comprehension'
import { phraseUnits } from './phrase-units'

const counts = (rows: Record<string, number>) => (lemma: string) => rows[lemma] ?? 0

/** A transcript's figure with the phrases as units, as phrase-coverage makes it: the words taken leave, the units come in. */
function figure(rows: Record<string, number>, marks: Record<string, string>, phrases: Array<{ phrase: string; status: string; count: number }>) {
  const { taken, units } = phraseUnits(phrases, counts(rows))
  const words = Object.entries(rows).map(([lemma, count]) => ({ lemma, count: count - (taken.get(lemma) ?? 0) }))
  const all = [...words.filter((w) => w.count > 0), ...units.map((u) => ({ lemma: u.phrase, count: u.count }))]
  return comprehensionOf(tallyOf(all, new Map([...Object.entries(marks), ...phrases.map((p) => [p.phrase, p.status] as const)])))
}

describe('a phrase counts as one unit where it occurs', () => {
  // "take off" said twice, "take" once more alone, "off" once alone; "plane" twice.
  const rows = { take: 3, off: 3, plane: 2 }

  it('leaves its known words known when the phrase is learning: one learning unit per occurrence, not two learning words', () => {
    const plain = figure(rows, { take: 'known', off: 'known' }, [])
    expect(plain).toMatchObject({ known_share: 0.75, learning_share: 0, words: 8 })
    const learning = figure(rows, { take: 'known', off: 'known' }, [{ phrase: 'take off', status: 'learning', count: 2 }])
    // Two units replace four words: 6 units, the 2 words alone still known, the phrase learning once each time.
    expect(learning).toMatchObject({ words: 6, known_share: 0.3333, learning_share: 0.3333, learning_words: 1, new_words: 1 })
  })

  it('counts a known phrase once per occurrence, and takes out of "new" the words said only inside it', () => {
    const { taken, units } = phraseUnits([{ phrase: 'take off', status: 'known', count: 2 }], counts({ take: 2, off: 2, plane: 2 }))
    expect(units).toEqual([{ phrase: 'take off', status: 'known', count: 2 }])
    expect(Object.fromEntries(taken)).toEqual({ take: 2, off: 2 })
    expect(figure({ take: 2, off: 2, plane: 2 }, {}, [{ phrase: 'take off', status: 'known', count: 2 }])).toMatchObject({ words: 4, known_share: 0.5, new_words: 1 })
  })

  it('gives an ignored phrase no weight either way', () => {
    expect(figure(rows, { take: 'known' }, [{ phrase: 'take off', status: 'ignored', count: 2 }])).toMatchObject({ words: 4, known_share: 0.25 })
  })

  it('never counts words twice when two phrases share them: the longest takes them first', () => {
    // "look forward to" three times, and "forward to" only inside it.
    const { taken, units } = phraseUnits(
      [
        { phrase: 'forward to', status: 'learning', count: 3 },
        { phrase: 'look forward to', status: 'known', count: 3 },
      ],
      counts({ look: 4, forward: 3, to: 10 }),
    )
    expect(units).toEqual([{ phrase: 'look forward to', status: 'known', count: 3 }])
    expect(Object.fromEntries(taken)).toEqual({ look: 3, forward: 3, to: 3 })
  })

  it('leaves out the names in a phrase, and a phrase of names only', () => {
    // "Mr Darcy arrive": "darcy" is a name the counts leave out.
    const { taken, units } = phraseUnits(
      [
        { phrase: 'mr darcy', status: 'known', count: 2 },
        { phrase: 'darcy arrive', status: 'known', count: 1 },
      ],
      counts({ mr: 2, arrive: 1 }),
    )
    expect(units.map((u) => [u.phrase, u.count])).toEqual([
      ['darcy arrive', 1],
      ['mr darcy', 2],
    ])
    expect(Object.fromEntries(taken)).toEqual({ arrive: 1, mr: 2 })
    expect(phraseUnits([{ phrase: 'new york', status: 'known', count: 4 }], counts({})).units).toEqual([])
  })

  it('takes a word a phrase holds twice twice', () => {
    const { taken, units } = phraseUnits([{ phrase: 'one by one', status: 'known', count: 2 }], counts({ one: 5, by: 2 }))
    expect(units[0]!.count).toBe(2)
    expect(Object.fromEntries(taken)).toEqual({ one: 4, by: 2 })
  })
})
