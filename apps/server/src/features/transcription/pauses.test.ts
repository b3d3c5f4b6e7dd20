import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoredWord } from '../../db/schema'
import { cuesBy, joinLibrivox, librivoxPresent, makePausedSpeech, PAUSED_SENTENCES, PAUSES_MS, startErrors, type PausedSpeech } from '../../../../../test/speech'
import { alignChunk, alignSpan, type AlignOptions } from './align'
import { decodeToPcm } from './audio'
import { planCueChunks } from './chunks'
import { alignmentFsg, parseAlignment, PAUSE_WORD } from './grammar'
import { DEFAULT_MODEL_DIR, loadDictionary } from './sphinx'
import { regluePhrases } from './timing'
import { phraseEnds, tokenize } from './words'

/**
 * One cue for several phrases with pauses between them (paragraph cues, a
 * minute-long SRT cue) must come out as well timed as a cue per phrase: a
 * phrase lit up before it is spoken is worse than no highlight at all.
 */
const present = librivoxPresent()
if (!present && process.env.CI) throw new Error('pocketsphinx, pocketsphinx-en-us and pocketsphinx-testdata must be installed in CI')
const LAYOUTS = ['phrase', 'sentence', 'whole'] as const

let dir: string
let options: AlignOptions

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-pauses-test-'))
  if (present) options = { dictionary: await loadDictionary(), modelDir: DEFAULT_MODEL_DIR, workDir: dir }
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function alignAll(pcm: string, cues: PausedSpeech['phrases'], durationMs: number): Promise<StoredWord[]> {
  const words: StoredWord[] = []
  for (const chunk of planCueChunks(cues, durationMs)) words.push(...(await alignChunk(pcm, chunk, options)).words)
  return words
}

/** The first word of each phrase, as timed: the one that lights the phrase up. */
function phraseStarts(words: StoredWord[], phrases: PausedSpeech['phrases']): number[] {
  let k = 0
  return phrases.map((p) => {
    const first = words[k]!.start
    k += tokenize(p.text).length
    return first
  })
}

describe('the grammar lets the speaker pause where the text ends a phrase', () => {
  it('makes a pause free after words ending in punctuation and dear elsewhere, and never reports it as a word', () => {
    const tokens = tokenize('Her brother — he said, "painted it." And left')
    const spoken = tokens.flatMap((t) => t.spoken)
    expect([...phraseEnds(tokens)].map((i) => spoken[i])).toEqual(['said', 'it'])
    const fsg = alignmentFsg({ words: spoken, phraseEnds: phraseEnds(tokens), unitStarts: [0], skippable: false })
    const pauses = fsg.split('\n').filter((l) => l.endsWith(PAUSE_WORD)).map((l) => l.split(' ').slice(1, 4))
    // State k is before word k: free after "said" (state 4) and "it" (state 6), and at both ends of the text.
    expect(pauses.filter(([, , p]) => p === '0.5').map(([k]) => Number(k))).toEqual([0, 4, 6, 8])
    expect(pauses.filter(([, , p]) => p !== '0.5')).toHaveLength(5)
    // A pause entry is never a word; a word is read back with its place in the text.
    const seg = `u S 0 T -1 A -1 L 0 0 -1 0 ${PAUSE_WORD} 40 -1 0 w0_hour(2) 90 -1 0 ${PAUSE_WORD} 120 -1 0 w1_her 150 -1 0 w2_brother`
    const decoded = parseAlignment(seg, 1800)!
    expect(decoded.placed.map((w) => [w.index, w.word, w.start, w.end])).toEqual([[0, 'hour', 400, 900], [1, 'her', 1200, 1500], [2, 'brother', 1500, 1800]])
    expect(decoded.pauses).toEqual([{ start: 0, end: 400 }, { start: 900, end: 1200 }])
  })
})

describe('words the decoder glued across a pause go back to their phrase', () => {
  const w = (word: string, start: number, end: number) => ({ word, start, end })

  it('moves a squeezed first word of a phrase after the pause, against the word it is spoken with', () => {
    // "for an hour. A <1.4 s> quiet student": "a" squeezed onto the end of "hour".
    const placed = [w('hour', 0, 300), w('a', 300, 390), w('quiet', 1790, 2100), w('student', 2100, 2500)]
    expect(regluePhrases(placed, [{ start: 390, end: 1790 }], new Set([0]))).toEqual([w('hour', 0, 300), w('a', 1700, 1790), w('quiet', 1790, 2100), w('student', 2100, 2500)])
    // The same at the very start of the window.
    expect(regluePhrases(placed.slice(1), [{ start: 390, end: 1790 }], new Set())[0]).toEqual(w('a', 1700, 1790))
  })

  it('moves a squeezed last word of a phrase back before the pause', () => {
    const placed = [w('the', 0, 100), w('green', 100, 400), w('hills', 1400, 1480), w('described', 1480, 2000)]
    expect(regluePhrases(placed, [{ start: 400, end: 1400 }], new Set([2]))[2]).toEqual(w('hills', 400, 480))
  })

  it("leaves a speaker's pause inside a phrase, and a phrase's first word that is really spoken before a pause", () => {
    // "a small garden <pause for breath> before breakfast,"
    const breath = [w('small', 0, 300), w('garden', 300, 700), w('before', 1200, 1500), w('breakfast', 1500, 2000)]
    expect(regluePhrases(breath, [{ start: 700, end: 1200 }], new Set([3]))).toEqual(breath)
    // "an hour. Then <pause> we left": "then" lasts as long as a spoken word does.
    const hesitation = [w('hour', 0, 300), w('then', 300, 600), w('we', 1400, 1600), w('left', 1600, 1900)]
    expect(regluePhrases(hesitation, [{ start: 600, end: 1400 }], new Set([0]))).toEqual(hesitation)
    // A short silence is a gap between words, not a pause.
    const short = [w('hour', 0, 300), w('a', 300, 390), w('quiet', 590, 900)]
    expect(regluePhrases(short, [{ start: 390, end: 590 }], new Set([0]))).toEqual(short)
  })
})

describe.skipIf(!present)('word timing with pauses inside a cue (espeak-ng phrases, pauses of 0.4 to 1.5 s)', () => {
  let speech: PausedSpeech
  let pcm: string
  let durationMs: number
  /** Where each word is spoken: every phrase aligned alone, inside its own voiced span (the short cue that is known to time well). */
  const spoken: StoredWord[] = []

  beforeAll(async () => {
    speech = await makePausedSpeech(dir, PAUSED_SENTENCES.flat(), PAUSES_MS)
    pcm = path.join(dir, 'paused.pcm')
    durationMs = await decodeToPcm(speech.file, pcm)
    for (const p of speech.phrases) spoken.push(...(await alignSpan(pcm, p.text, Math.max(0, p.start - 100), p.end + 100, options)).words)
    // The reference itself starts each phrase where its voice does (measured on the samples).
    expect(Math.max(...phraseStarts(spoken, speech.phrases).map((s, k) => Math.abs(s - speech.phrases[k]!.start)))).toBeLessThanOrEqual(100)
  }, 60_000)

  for (const layout of LAYOUTS) {
    it(`times words within 200 ms with a cue per ${layout}, no phrase early`, async () => {
      const cues = cuesBy(layout, speech.phrases, PAUSED_SENTENCES.map((s) => s.length), durationMs)
      const words = await alignAll(pcm, cues, durationMs)
      expect(words.map((w) => w.word)).toEqual(spoken.map((w) => w.word))
      const { within200 } = startErrors(words, spoken)
      expect(within200, `share of words within 200 ms (cue per ${layout})`).toBeGreaterThanOrEqual(0.9)
      // How early each phrase lights up against where its voice begins, measured on the samples.
      const early = phraseStarts(words, speech.phrases).map((s, k) => speech.phrases[k]!.start - s)
      expect(Math.max(...early), `phrases early by ${early.join(', ')} ms`).toBeLessThanOrEqual(200)
    }, 60_000)
  }
})

describe.skipIf(!present)('word timing with pauses inside a cue (LibriVox real speech, sentence times known)', () => {
  let clips: Awaited<ReturnType<typeof joinLibrivox>>
  let pcm: string
  let durationMs: number
  const spoken: StoredWord[] = []

  beforeAll(async () => {
    clips = await joinLibrivox(dir, [700, 1200, 500, 1000])
    pcm = path.join(dir, 'librivox.pcm')
    durationMs = await decodeToPcm(clips.file, pcm)
    // Each clip aligned alone, inside exactly its own audio: real speech has no sample-exact word times.
    for (const s of clips.sentences) spoken.push(...(await alignSpan(pcm, s.text, s.start, s.end, options)).words)
  }, 60_000)

  // The LibriVox text has no punctuation, so it has no phrases shorter than its sentences.
  for (const layout of ['sentence', 'whole'] as const) {
    it(`times words within 200 ms with a cue per ${layout}, no sentence before its clip`, async () => {
      const cues = cuesBy(layout, clips.sentences, clips.sentences.map(() => 1), durationMs)
      const words = await alignAll(pcm, cues, durationMs)
      expect(words.map((w) => w.word)).toEqual(spoken.map((w) => w.word))
      expect(startErrors(words, spoken).within200).toBeGreaterThanOrEqual(0.9)
      // Before a clip's first sample there is only the padding: its sentence cannot be spoken there.
      const early = phraseStarts(words, clips.sentences).map((s, k) => clips.sentences[k]!.start - s)
      expect(Math.max(...early), `sentences early by ${early.join(', ')} ms`).toBeLessThanOrEqual(200)
    }, 60_000)
  }
})
