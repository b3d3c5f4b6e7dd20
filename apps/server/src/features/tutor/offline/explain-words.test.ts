import { flashcardSuggestionsIn, type WordStatus } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import type { LearnerWords, SegmentContext } from '../provider'
import { answerQuestion, explainSegment } from './explain-words'
import { createWordNet } from './wordnet'
import { leastKnownWords, pickHardWords, resolveWord, senseInContext, supportedSynonyms } from './words'

/** The offline tutor's answers that once read wrong, and what it knows of the learner. */
const wordnet = createWordNet()
const segment = (text: string): SegmentContext => ({ previous: [], current: { startMs: 7_500, text }, next: [] })
const text = async (blocks: Promise<string[]>) => (await blocks).join('\n\n')
const learner = (statuses: Record<string, WordStatus>, known = Object.values(statuses).filter((s) => s === 'known').length): LearnerWords => ({
  statuses: new Map(Object.entries(statuses)),
  known,
})
const lemmas = async (words: Promise<Array<{ lemma: string; form: string; parts?: unknown }>>) => (await words).map((w) => (w.parts ? w.form : w.lemma))

const PLEASE = 'Please repeat this sentence.'
const PRUDENTLY = 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.'
const ILL_DISPOSED = 'He was not an ill-disposed young man,'

describe('the sense chosen for the sentence', () => {
  it('reads "please" in "Please repeat this sentence" as the polite adverb, not "give pleasure to"', async () => {
    const card = await text(explainSegment(wordnet, 'T', segment(PLEASE), { wantFlashcards: true, front: 'please' }))
    expect(card).toContain('### **please** · adverb')
    expect(card).toContain('In this sentence it means: *used in polite request*.')
    expect(flashcardSuggestionsIn(card)[0]).toEqual({ front: 'please', back: '(adverb) used in polite request' })
    expect(card).not.toContain('give pleasure')

    const asked = await text(answerQuestion(wordnet, 'What does "please" mean?', PLEASE))
    expect(asked).toContain('In this sentence it means: *used in polite request*.')
    expect(asked).not.toContain('give pleasure')
    // Without a sentence, the most frequent sense leads and the others follow.
    expect(await text(answerQuestion(wordnet, 'What does "please" mean?', undefined))).toContain('Other meanings:')
  })
})

describe('similar words', () => {
  it('offers no "Similar: providentially" for "prudently": WordNet shares the sense, but providentially mostly means something else', async () => {
    const answer = await text(explainSegment(wordnet, 'T', segment(PRUDENTLY), { wantFlashcards: false }))
    expect(answer).toContain('### **prudently** · adverb')
    expect(answer).not.toContain('providentially')
    const prudently = (await resolveWord(wordnet, 'prudently'))!
    expect(await supportedSynonyms(wordnet, await senseInContext(wordnet, prudently, PRUDENTLY))).toEqual([])
  })

  it('keeps the similar words whose own first sense this is, without WordNet markers', async () => {
    const leisure = (await resolveWord(wordnet, 'leisure'))!
    expect(await supportedSynonyms(wordnet, leisure.senses[0]!)).toEqual(['leisure time'])
    const disposed = (await resolveWord(wordnet, 'disposed'))!
    for (const s of await supportedSynonyms(wordnet, disposed.senses[1]!)) expect(s).not.toMatch(/\(|^disposed$/)
  })
})

describe('what is hard', () => {
  it('counts "ill-disposed" rare and explains it from its parts, never "every word is an everyday word"', async () => {
    const answer = await text(explainSegment(wordnet, 'T', segment(ILL_DISPOSED), { wantFlashcards: false }))
    expect(answer).not.toMatch(/everyday word/)
    expect(answer).toContain('### **ill-disposed** · adjective')
    expect(answer).toContain('- *ill* (adverb): in a poor or improper or unsatisfactory manner')
    expect(flashcardSuggestionsIn(answer).map((c) => c.front)).toEqual(['ill-disposed'])
    // "young" and "man" are among the most frequent words of spoken English.
    expect(answer).not.toMatch(/Front: (young|man)\n/)
  })

  it("leaves out the learner's known and ignored words, and keeps words they are learning", async () => {
    expect(await lemmas(pickHardWords(wordnet, PRUDENTLY))).toEqual(['prudently', 'leisure'])
    expect(await lemmas(pickHardWords(wordnet, PRUDENTLY, learner({ prudently: 'known', leisure: 'ignored' })))).toEqual([])
    // "consider" is an everyday word, but this learner is learning it.
    expect(await lemmas(pickHardWords(wordnet, PRUDENTLY, learner({ consider: 'learning' })))).toEqual(['prudently', 'leisure', 'consider'])
  })

  it('counts every word still new to a learner whose marks cover a beginner vocabulary', async () => {
    const beginner = learner({ man: 'known', not: 'known' }, 500)
    expect(await lemmas(pickHardWords(wordnet, ILL_DISPOSED, beginner))).toEqual(['ill-disposed', 'young'])
    expect(await lemmas(pickHardWords(wordnet, ILL_DISPOSED, learner({ man: 'known' }, 499)))).toEqual(['ill-disposed'])
  })

  it('picks the word this learner knows least: new before learning before known, rarer first', async () => {
    expect(await lemmas(leastKnownWords(wordnet, PRUDENTLY, undefined, 1))).toEqual(['prudently'])
    expect(await lemmas(leastKnownWords(wordnet, PRUDENTLY, learner({ prudently: 'known', leisure: 'learning' }), 2))).toEqual(['consider', 'power'])
    const knowsAll = learner({ prudently: 'known', leisure: 'known', consider: 'known', power: 'known', much: 'known', then: 'known' })
    expect((await leastKnownWords(wordnet, PRUDENTLY, knowsAll, 1)).length).toBe(1)
  })
})

describe('a flashcard request', () => {
  it("proposes the card of the learner's least known word first, its back the meaning here without the sentence", async () => {
    const answer = await text(explainSegment(wordnet, 'Sense', segment(PRUDENTLY), { wantFlashcards: true }))
    expect(answer.split('\n\n')[0]).toBe(`A flashcard from **0:07** in *Sense*: “${PRUDENTLY}”`)
    expect(flashcardSuggestionsIn(answer)).toEqual([
      { front: 'prudently', back: '(adverb) in a prudent manner' },
      { front: 'leisure', back: '(noun) time available for ease and relaxation' },
    ])
    const knowsPrudently = await text(explainSegment(wordnet, 'Sense', segment(PRUDENTLY), { wantFlashcards: true, learner: learner({ prudently: 'known' }) }))
    expect(flashcardSuggestionsIn(knowsPrudently)[0]!.front).toBe('leisure')
  })

  it('proposes a card even when every word is an everyday one, and for a compound from its parts', async () => {
    const everyday = await text(explainSegment(wordnet, 'T', segment('He went to the bank.'), { wantFlashcards: true }))
    expect(flashcardSuggestionsIn(everyday).length).toBeGreaterThan(0)
    const compound = await text(explainSegment(wordnet, 'T', segment(ILL_DISPOSED), { wantFlashcards: true }))
    expect(flashcardSuggestionsIn(compound)[0]).toEqual({
      front: 'ill-disposed',
      back: '(adjective) ill: in a poor or improper or unsatisfactory manner; disposed: having made preparations',
    })
  })

  it("puts the learner's picked word first, as written, and says so when the dictionary lacks it", async () => {
    const picked = await text(explainSegment(wordnet, 'T', segment(PRUDENTLY), { wantFlashcards: true, front: 'power' }))
    expect(flashcardSuggestionsIn(picked).map((c) => c.front)).toEqual(['power', 'prudently', 'leisure'])
    const unknown = await text(explainSegment(wordnet, 'T', segment(PRUDENTLY), { wantFlashcards: true, front: 'Dashwood' }))
    expect(unknown).toContain('I could not find “Dashwood” in the offline dictionary')
    expect(flashcardSuggestionsIn(unknown).map((c) => c.front)).not.toContain('Dashwood')
  })
})
