import path from 'node:path'
import type { Segment } from '@lingocast/contract'
import type { StoredCue, StoredWord } from '../apps/server/src/db/schema'
import { alignSpan, type AlignOptions } from '../apps/server/src/features/transcription/align'
import { decodeToPcm, findSilences } from '../apps/server/src/features/transcription/audio'
import { planCueChunks, planUntimedChunk } from '../apps/server/src/features/transcription/chunks'
import { transcribeKnownChunk } from '../apps/server/src/features/transcription/known-text'
import { createRecogniser } from '../apps/server/src/features/transcription/recogniser'
import type { Span } from '../apps/server/src/features/transcription/timing'
import { type Bed, mixUnder } from './noisy-speech'
import { joinLibrivox, makePausedSpeech, sentence } from './speech'

/**
 * The material of decision 0011: a publisher's transcript must be kept on real
 * recordings, with a noise floor or a music bed under the voice and cue
 * times that are off, and another recording's text must be caught. Shared
 * by transcript-fit.test.ts and the transcription bench.
 */

export interface FitSpeech {
  name: 'librivox' | 'espeak'
  /** The clean recording (16 kHz mono WAV). */
  file: string
  durationMs: number
  /** Each sentence where its voice is, and its text. */
  sentences: Array<{ start: number; end: number; text: string }>
  /** Where each word is spoken: every sentence aligned alone inside its own span of the clean recording. */
  words: StoredWord[]
}

/** Real read speech (the five LibriVox clips, pauses of 0.5-0.9 s) and synthetic speech (eight espeak-ng sentences). */
export async function makeFitSpeech(dir: string, options: AlignOptions): Promise<FitSpeech[]> {
  const librivox = await joinLibrivox(dir, [700, 500, 900, 600])
  const texts = Array.from({ length: 8 }, (_, i) => sentence(i + 40))
  const espeak = await makePausedSpeech(dir, texts, [600, 800, 500, 900, 700, 600, 800], 'fit-espeak')
  const out: FitSpeech[] = []
  for (const [name, source] of [['librivox', { ...librivox, phrases: librivox.sentences }], ['espeak', espeak]] as const) {
    const pcm = path.join(dir, `${name}-clean.pcm`)
    await decodeToPcm(source.file, pcm)
    const words: StoredWord[] = []
    for (const s of source.phrases) words.push(...(await alignSpan(pcm, s.text, Math.max(0, s.start - 100), s.end + 100, options)).words)
    out.push({ name, file: source.file, durationMs: source.durationMs, sentences: source.phrases, words })
  }
  return out
}

export const SHIFTS_MS = [-2000, -1000, -600, -300, 300, 600, 1000, 2000] as const
export const CUE_SETS = ['whisper', 'sentence', 'whole', ...SHIFTS_MS.map((s) => `shift${s > 0 ? '+' : ''}${s / 1000}` as const), 'dropped', 'extra', 'untimed'] as const
export type CueSet = (typeof CUE_SETS)[number]

/** A text of words nobody says in either recording. */
const UNSPOKEN = 'Meanwhile seventeen purple umbrellas floated quietly over Copenhagen.'

export interface FitCase {
  cues: StoredCue[]
  /** The text's words a right transcript shows, in order (as displayed, compared without case and punctuation). */
  expected: string[]
  /** Words that must never be shown as heard (the other recording's, the unspoken cue's). */
  foreign: Set<string>
  /** Words of the text nobody says: kept, in order, marked uncertain. */
  uncertain?: string[]
}

const plain = (word: string) => word.toLowerCase().replace(/[^a-z0-9']/g, '')
const wordsOf = (text: string) => text.split(/\s+/).map(plain).filter(Boolean)

/** The cues a publisher might ship for the right text, and what the transcript must then show. */
export function rightCase(set: CueSet, speech: FitSpeech): FitCase {
  const all = speech.sentences.flatMap((s) => wordsOf(s.text))
  const sentences = speech.sentences.map((s) => ({ start: s.start, end: s.end, text: s.text }))
  const clamp = (ms: number) => Math.max(0, Math.min(speech.durationMs, ms))
  if (set === 'whisper') {
    // Whisper writes a cue every few words, timed to the words.
    const cues: StoredCue[] = []
    for (let i = 0; i < speech.words.length; i += 4) {
      const group = speech.words.slice(i, i + 4)
      cues.push({ start: group[0]!.start, end: group.at(-1)!.end, text: group.map((w) => w.word).join(' ') })
    }
    return { cues, expected: all, foreign: new Set() }
  }
  if (set === 'sentence') return { cues: sentences, expected: all, foreign: new Set() }
  if (set === 'whole') return { cues: [{ start: 0, end: speech.durationMs, text: sentences.map((s) => s.text).join(' ') }], expected: all, foreign: new Set() }
  if (set === 'untimed') return { cues: [{ text: sentences.map((s) => s.text).join(' ') }], expected: all, foreign: new Set() }
  if (set === 'dropped') {
    // The publisher's file misses a sentence that is spoken.
    return { cues: sentences.filter((_, k) => k !== 2), expected: speech.sentences.filter((_, k) => k !== 2).flatMap((s) => wordsOf(s.text)), foreign: new Set() }
  }
  if (set === 'extra') {
    // A cue of words nobody says, in the pause after the second sentence.
    const gap = { start: sentences[1]!.end + 50, end: sentences[2]!.start - 50 }
    const cues = [...sentences.slice(0, 2), { ...gap, text: UNSPOKEN }, ...sentences.slice(2)]
    return { cues, expected: all, foreign: new Set(wordsOf(UNSPOKEN).filter((w) => !all.includes(w))), uncertain: wordsOf(UNSPOKEN) }
  }
  const shift = Number(set.slice('shift'.length)) * 1000
  return { cues: sentences.map((s) => ({ start: clamp(s.start + shift), end: clamp(s.end + shift), text: s.text })), expected: all, foreign: new Set() }
}

/** Another recording's text on this recording's sentence times. */
export function otherTextCase(speech: FitSpeech, other: FitSpeech): FitCase {
  const mine = new Set(speech.sentences.flatMap((s) => wordsOf(s.text)))
  const texts = other.sentences.map((s) => s.text)
  const cues = speech.sentences.map((s, k) => ({ start: s.start, end: s.end, text: texts[k % texts.length]! }))
  return { cues, expected: [], foreign: new Set(texts.flatMap(wordsOf).filter((w) => !mine.has(w) && w.length > 3)) }
}

export interface Condition {
  bed: Bed | 'clean'
  snrDb: number
}
export const CONDITIONS: Condition[] = [{ bed: 'clean', snrDb: Infinity }, ...(['noise', 'music'] as const).flatMap((bed) => [30, 20, 10].map((snrDb) => ({ bed, snrDb })))]
export const conditionName = (c: Condition) => (c.bed === 'clean' ? 'clean' : `${c.bed} ${c.snrDb} dB`)

export interface Recording {
  pcm: string
  durationMs: number
  silences: Span[]
}

/** The speech under a bed at a SNR, decoded as the job decodes it, with the silences the job would find. */
export async function record(dir: string, speech: FitSpeech, condition: Condition): Promise<Recording> {
  const name = `${speech.name}-${condition.bed}-${condition.snrDb}`
  const wav = path.join(dir, `${name}.wav`)
  if (condition.bed !== 'clean') await mixUnder(speech.file, condition.bed, condition.snrDb, wav)
  const pcm = path.join(dir, `${name}.pcm`)
  const durationMs = await decodeToPcm(condition.bed === 'clean' ? speech.file : wav, pcm)
  return { pcm, durationMs, silences: await findSilences(pcm) }
}

export interface FitOutcome {
  segments: Segment[]
  unmatched: Span[]
  /** The words shown as heard (outside unmatched stretches, not marked uncertain), compared plain. */
  shown: string[]
  /** The text's words kept but marked uncertain (not found in the audio), compared plain. */
  uncertain: string[]
  /** The right text was kept word for word (right cases) / none of the other text was shown and most of the speech was marked unmatched (other text). */
  ok: boolean
  /** Right cases kept word for word: share of words starting within 200 ms of where they are spoken. */
  within200?: number
  /** Share of the speech marked unmatched. */
  unmatchedShare: number
}

/** Runs the job's known-text path over every chunk, with the always-available recogniser (pocketsphinx). */
export async function runCase(recording: Recording, speech: FitSpeech, fitCase: FitCase, options: AlignOptions, right: boolean): Promise<FitOutcome> {
  const recogniser = createRecogniser({ whisperModel: undefined, transcribeApi: undefined })
  const timed = fitCase.cues.every((c) => c.start !== undefined)
  const chunks = timed ? planCueChunks(fitCase.cues, recording.durationMs) : planUntimedChunk(fitCase.cues, recording.durationMs)
  const segments: Segment[] = []
  const unmatched: Span[] = []
  for (const chunk of chunks) {
    const out = await transcribeKnownChunk(recording.pcm, chunk, recording.silences, recogniser, options)
    segments.push(...out.segments)
    unmatched.push(...out.unmatched)
  }
  segments.sort((a, b) => a.start - b.start)
  const inUnmatched = (ms: number) => unmatched.some((u) => ms >= u.start && ms < u.end)
  const outside = segments.filter((s) => !inUnmatched(s.start)).flatMap((s) => s.word_timestamps)
  const shownWords = outside.filter((w) => !w.uncertain)
  const shown = shownWords.map((w) => plain(w.word)).filter(Boolean)
  const uncertain = outside.filter((w) => w.uncertain).map((w) => plain(w.word)).filter(Boolean)
  const speechMs = speech.sentences.reduce((sum, s) => sum + s.end - s.start, 0)
  const covered = speech.sentences.reduce((sum, s) => sum + unmatched.reduce((n, u) => n + Math.max(0, Math.min(u.end, s.end) - Math.max(u.start, s.start)), 0), 0)
  const unmatchedShare = covered / speechMs
  // Words recognised in unmatched stretches are the recogniser's; only the text's words shown as exact count.
  const noForeign = !shown.some((w) => fitCase.foreign.has(w))
  if (!right) return { segments, unmatched, shown, uncertain, ok: noForeign && unmatchedShare >= 0.8, unmatchedShare }
  const ok = noForeign && shown.join(' ') === fitCase.expected.join(' ')
  let within200: number | undefined
  if (ok) {
    // Each shown word against the reference word of the same place in the text.
    const reference = speech.words.filter((w) => plain(w.word))
    const byText = new Map<number, StoredWord>()
    let r = 0
    shownWords.filter((w) => plain(w.word)).forEach((w, k) => {
      while (r < reference.length && plain(reference[r]!.word) !== fitCase.expected[k]) r++
      if (r < reference.length) byText.set(k, reference[r++]!)
    })
    const timedWords = shownWords.filter((w) => plain(w.word))
    const close = [...byText].filter(([k, ref]) => Math.abs(timedWords[k]!.start - ref.start) <= 200).length
    within200 = byText.size ? close / byText.size : 0
  }
  return { segments, unmatched, shown, uncertain, ok, within200, unmatchedShare }
}
