import { beforeAll, describe, expect, it } from 'vitest'
import { evaluateSenseChoice, labelledCases, type SenseChoiceFigures } from '../../../../../../test/sense-choice/evaluate'
import { chooseSense, senseInSentence } from './sense-choice'
import { createWordNet } from './wordnet'
import { resolveWord } from './words'

const wordnet = createWordNet()
let figures: SenseChoiceFigures

beforeAll(async () => {
  figures = await evaluateSenseChoice(wordnet)
}, 120_000)

describe('the labelled set (test/sense-choice/labelled.tsv)', () => {
  it('holds at least 100 cases, each a word of its sentence with a WordNet sense key of that word', () => {
    const cases = labelledCases()
    expect(cases.length).toBeGreaterThanOrEqual(100)
    for (const c of cases) {
      expect(c.sentence.toLowerCase(), `line ${c.line}`).toContain(c.word.toLowerCase())
      expect(c.key, `line ${c.line}`).toMatch(/^[a-z_'-]+%[1-5]:\d\d:\d\d:[a-z_-]*:\d*$/)
    }
    // Every case was read: the right sense is among those the function ranked.
    for (const r of figures.results) expect(r.chosen, `line ${r.line}`).toBeDefined()
  })
})

describe('sense choice', () => {
  it('beats WordNet’s first sense on the labelled set, and on the half its weights were not set on', () => {
    expect(figures.right).toBeGreaterThan(figures.baselineRight)
    expect(figures.heldOut.right).toBeGreaterThan(figures.heldOut.baselineRight)
    // The figures reported in the README (npm run bench vocabulary): a drop shows here first.
    expect(figures.share).toBeGreaterThanOrEqual(0.6)
  })

  it('keeps the first sense where it is right in most cases: it moves away only on evidence', () => {
    const firstRight = figures.results.filter((r) => r.baselineRight)
    expect(firstRight.filter((r) => r.right).length / firstRight.length).toBeGreaterThanOrEqual(0.75)
  })

  it('reads the issue’s cases: "consider how much" is weighing, not deeming; the river bank and the money bank', async () => {
    const consider = await senseInSentence(wordnet, 'consider', 'You need to consider how much the trip will cost.')
    expect(consider!.choice.best.definition).not.toBe('deem to be')
    expect((await senseInSentence(wordnet, 'consider', 'I consider him my best friend.'))!.choice.best.definition).toBe('deem to be')
    const river = await senseInSentence(wordnet, 'bank', 'We sat on the grassy bank of the river and watched the water.')
    const money = await senseInSentence(wordnet, 'bank', 'The bank refused to lend him the money for the house.')
    expect(river!.choice.best.definition).toMatch(/sloping land/)
    expect(money!.choice.best.definition).toMatch(/financial institution/)
  })

  // Sentences outside the labelled set: each was read wrong before the rule it names.
  it('reads a verb after its subject with an object as the verb that takes one: running a business, not moving fast', async () => {
    for (const sentence of ['He runs a small company.', 'My aunt runs a little bakery in town.']) {
      const run = await senseInSentence(wordnet, 'runs', sentence)
      expect(run!.choice.best.definition, sentence).toBe('direct or control')
    }
    expect((await senseInSentence(wordnet, 'sleeps', 'The cat sleeps on the sofa all day.'))!.choice.best.definition).toBe('be asleep')
  })

  it('weighs only the noun senses of a noun after a possessive at the end of a sentence', async () => {
    const watch = await senseInSentence(wordnet, 'watch', 'I checked my watch.')
    expect(watch!.choice.ranked.every((r) => r.sense.pos === 'n')).toBe(true)
  })

  it('reads a name written capitalised inside a sentence as a name, and the same word in lower case as the common word', async () => {
    const name = await senseInSentence(wordnet, 'John', 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.')
    expect(name!.choice.best.proper).toBe(true)
    const common = await senseInSentence(wordnet, 'john', 'Where is the john in this building?')
    expect(common!.choice.best.proper).toBe(false)
  })

  it('reads a compound WordNet knows by the sense it is filed under: the kitchen table is the furniture', async () => {
    const table = await senseInSentence(wordnet, 'table', 'We ate dinner at the kitchen table.')
    expect(table!.choice.best.definition).toMatch(/^a piece of furniture having a smooth flat top/)
  })

  it('ranks every sense, best first, and without a context falls back on the most frequent one', async () => {
    const word = (await resolveWord(wordnet, 'bank'))!
    const { best, ranked } = await chooseSense(word, '', wordnet)
    expect(ranked.map((r) => r.sense)).toHaveLength(word.senses.length)
    expect(ranked[0]!.sense).toBe(best)
    expect(best.definition).toMatch(/sloping land/)
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score)
  })
})
