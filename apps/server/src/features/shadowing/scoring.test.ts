import { describe, expect, it } from 'vitest'
import { tokenize } from '../transcription/words'
import { JUNK_WORD, matchSlots, MISSING_BELOW, parseTakeHypseg, scoreTake, takeGrammar, UNCLEAR_BELOW, wordsPerMinute, wordVerdict, type PlacedTakeWord } from './scoring'

const at = (word: string, start: number, end: number, perFrame = -40): PlacedTakeWord => ({ word, start, end, perFrame })

describe('the take grammar', () => {
  it('lets every word be garbage, pauses come anywhere, and the learner stop early', () => {
    const fsg = takeGrammar(['he', 'was', 'not'], 'pause_')
    const lines = fsg.trim().split('\n')
    expect(lines.slice(0, 4)).toEqual(['FSG_BEGIN take', 'NUM_STATES 4', 'START_STATE 0', 'FINAL_STATE 3'])
    expect(lines).toContain('TRANSITION 0 1 0.979 he')
    expect(lines).toContain(`TRANSITION 1 2 0.01 ${JUNK_WORD}`)
    expect(lines).toContain('TRANSITION 2 2 0.01 pause_')
    expect(lines).toContain(`TRANSITION 0 3 0.001 ${JUNK_WORD}`)
    // The last word has no early stop (it is the end already): its arcs' probabilities add up to less than 1 with the pause loop.
    expect(lines).toContain('TRANSITION 2 3 0.98 not')
    expect(lines.at(-1)).toBe('FSG_END')
    // Every state but the last leaves by its word or by garbage.
    for (let k = 0; k < 3; k++) expect(lines.filter((l) => l.startsWith(`TRANSITION ${k} ${k + 1} `))).toHaveLength(2)
  })
})

describe('reading the decoder', () => {
  it('turns -hypseg into words with their times and per-frame scores, without silence or null passes', () => {
    const seg = `take S 0 T -9000 A -8000 L 0 0 -100 0 pause_ 40 -800 0 he 60 0 0 (NULL) 60 -2000 0 was(2) 80 -300 0 ${JUNK_WORD} 83 -200 0 pause_ 120`
    expect(parseTakeHypseg(seg, 'pause_', 1300)).toEqual([
      { word: 'he', start: 400, end: 600, perFrame: -40 },
      { word: 'was', start: 600, end: 800, perFrame: -100 },
      { word: JUNK_WORD, start: 800, end: 830, perFrame: -100 },
    ])
    expect(parseTakeHypseg('', 'pause_', 1000)).toEqual([])
    // The last entry runs to the end of the take.
    expect(parseTakeHypseg('t S 0 T 0 A 0 L 0 10 -500 0 he', 'pause_', 300)).toEqual([{ word: 'he', start: 100, end: 300, perFrame: -25 }])
  })

  it('gives each spoken word its placement, in order, and none where garbage stood or the take stopped', () => {
    const words = ['to', 'be', 'or', 'to']
    const slots = matchSlots(words, [at('to', 0, 200), at(JUNK_WORD, 200, 230), at('or', 230, 400), at(JUNK_WORD, 400, 430), at(JUNK_WORD, 430, 900)])
    expect(slots.map((s) => s?.word)).toEqual(['to', undefined, 'or', undefined])
    expect(matchSlots(words, [at('to', 0, 200)]).map((s) => s?.word)).toEqual(['to', undefined, undefined, undefined])
  })
})

describe('verdicts', () => {
  it('calls a word missing when it sounds like something else, unclear when only somewhat like itself', () => {
    expect(wordVerdict(at('was', 0, 300, -40), 3, undefined)).toBe('clear')
    expect(wordVerdict(at('was', 0, 300, UNCLEAR_BELOW - 1), 3, undefined)).toBe('unclear')
    expect(wordVerdict(at('was', 0, 300, MISSING_BELOW - 1), 3, undefined)).toBe('missing')
  })

  it('calls a word unclear when its length is implausible', () => {
    // Squeezed to the model's least: 3 frames a phone.
    expect(wordVerdict(at('was', 0, 90), 3, undefined)).toBe('unclear')
    expect(wordVerdict(at('was', 0, 200), 3, 250)).toBe('clear')
    expect(wordVerdict(at('was', 0, 2000), 3, 250)).toBe('unclear')
    expect(wordVerdict(at('was', 0, 120), 3, 600)).toBe('unclear')
  })

  it('words per minute need two words and a span', () => {
    expect(wordsPerMinute(10, 4000)).toBe(150)
    expect(wordsPerMinute(1, 4000)).toBeNull()
    expect(wordsPerMinute(5, 0)).toBeNull()
  })
})

describe('scoring a take', () => {
  const tokens = tokenize('He was not an ill-disposed man')
  const speaker = ['He', 'was', 'not', 'an', 'ill-disposed', 'man'].map((word, i) => ({ word, start: i * 400, end: i * 400 + 350 }))
  const phones = [2, 3, 3, 2, 2, 5, 3]

  it('scores every word clear at 100, with the learner\'s and the speaker\'s rates', () => {
    const slots = ['he', 'was', 'not', 'an', 'ill', 'disposed', 'man'].map((w, i) => at(w, 1000 + i * 300, 1000 + i * 300 + 280))
    const result = scoreTake({ tokens, slots, phones, speaker })
    expect(result.score).toBe(100)
    expect(result.words.map((w) => w.verdict)).toEqual(['clear', 'clear', 'clear', 'clear', 'clear', 'clear'])
    expect(result.words[0]).toEqual({ word: 'He', verdict: 'clear', start: 1000, end: 1280 })
    expect(result.learnerWpm).toBe(Math.round((7 / (1000 + 6 * 300 + 280 - 1000)) * 60_000))
    expect(result.speakerWpm).toBe(Math.round((6 / (5 * 400 + 350)) * 60_000))
  })

  it('counts missing words as nothing and unclear ones as half; a word said in part is unclear', () => {
    const all = ['he', 'was', 'not', 'an', 'ill', 'disposed', 'man'].map((w, i) => at(w, i * 300, i * 300 + 280))
    const slots = [all[0], undefined, all[2], { ...all[3]!, perFrame: UNCLEAR_BELOW - 5 }, all[4], undefined, { ...all[6]!, perFrame: MISSING_BELOW - 5 }]
    const result = scoreTake({ tokens, slots, phones, speaker })
    expect(result.words.map((w) => `${w.word}:${w.verdict}`)).toEqual(['He:clear', 'was:missing', 'not:clear', 'an:unclear', 'ill-disposed:unclear', 'man:missing'])
    expect(result.words[1]).toMatchObject({ start: null, end: null })
    expect(result.score).toBe(Math.round((100 * (2 + 0.5 + 0.5)) / 6))
  })

  it('scores an empty take 0 with no learner rate', () => {
    const result = scoreTake({ tokens, slots: [], phones, speaker })
    expect(result.score).toBe(0)
    expect(result.words.every((w) => w.verdict === 'missing')).toBe(true)
    expect(result.learnerWpm).toBeNull()
  })

  it('leaves words the dictionary lacks out of the score, shown with their neighbours', () => {
    const withName = tokenize('He met 1984 there').map((t) => (t.text === '1984' ? { ...t, spoken: [] } : t))
    const slots = [at('he', 0, 200), at('met', 200, 400), at('there', 600, 800)]
    const result = scoreTake({ tokens: withName, slots, phones: [2, 3, 2], speaker: [] })
    expect(result.score).toBe(100)
    expect(result.words.map((w) => w.verdict)).toEqual(['clear', 'clear', 'clear', 'clear'])
  })
})
