import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoredWord } from '../../db/schema'
import { librivoxClip, librivoxPresent, librivoxTexts } from '../../../../../test/speech'
import { alignChunk, recogniseChunk, type AlignOptions } from './align'
import { decodeToPcm, findSilences } from './audio'
import { planCueChunks } from './chunks'
import { segmentWords } from './segmenter'
import { DEFAULT_MODEL_DIR, loadDictionary } from './sphinx'
import { tokenize } from './words'

/**
 * Real read speech: Debian's pocketsphinx-testdata, five LibriVox clips of
 * Sense and Sensibility with their transcripts. CI installs the package; on
 * a machine without it these tests say so and skip.
 */
const present = librivoxPresent() && existsSync(DEFAULT_MODEL_DIR)
if (!present && process.env.CI) throw new Error('pocketsphinx, pocketsphinx-en-us and pocketsphinx-testdata must be installed in CI')

const CLIPS = ['0870', '0880', '0890', '0920', '0930']
const GAP_MS = 600

let dir: string
let options: AlignOptions
let pcm: string
let durationMs: number
/** Each clip's place in the joined audio and its transcript (lower case, as LibriVox's file has it). */
const cues: Array<{ start: number; end: number; text: string }> = []

beforeAll(async () => {
  if (!present) return
  dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-align-test-'))
  const texts = librivoxTexts()
  // Two rounds of the five clips with pauses between: long enough for several chunks.
  const files = [...CLIPS, ...CLIPS].map(librivoxClip)
  const joined = path.join(dir, 'joined.wav')
  const filter = files.map((_, i) => `[${i}:a]apad=pad_dur=${GAP_MS / 1000}[a${i}]`).join(';') + ';' + files.map((_, i) => `[a${i}]`).join('') + `concat=n=${files.length}:v=0:a=1[out]`
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...files.flatMap((f) => ['-i', f]), '-filter_complex', filter, '-map', '[out]', '-ac', '1', '-ar', '16000', joined])
  let at = 0
  for (const [k, file] of files.entries()) {
    const ms = Math.round(Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' })) * 1000)
    cues.push({ start: at, end: at + ms, text: texts.get([...CLIPS, ...CLIPS][k]!)! })
    at += ms + GAP_MS
  }
  pcm = path.join(dir, 'joined.pcm')
  durationMs = await decodeToPcm(joined, pcm)
  options = { dictionary: await loadDictionary(), modelDir: DEFAULT_MODEL_DIR, workDir: dir }
}, 60_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function alignAll(withCues: typeof cues): Promise<{ words: StoredWord[]; units: number; alignedUnits: number }> {
  const words: StoredWord[] = []
  let units = 0
  let alignedUnits = 0
  for (const chunk of planCueChunks(withCues, durationMs)) {
    const result = await alignChunk(pcm, chunk, options)
    words.push(...result.words)
    units += result.units
    alignedUnits += result.alignedUnits
  }
  return { words, units, alignedUnits }
}

describe.skipIf(!present)('forced alignment on real speech (LibriVox clips)', () => {
  let clean: StoredWord[]

  it('gives every transcript word a time, in order, inside the audio, with segments starting at pauses', async () => {
    const result = await alignAll(cues)
    clean = result.words
    expect(result.alignedUnits).toBe(result.units)
    expect(clean.map((w) => w.word).join(' ')).toBe(cues.map((c) => c.text).join(' '))
    for (const [i, w] of clean.entries()) {
      expect(w.end).toBeGreaterThanOrEqual(w.start)
      expect(w.start).toBeGreaterThanOrEqual(i > 0 ? clean[i - 1]!.start : 0)
      expect(w.end).toBeLessThanOrEqual(durationMs)
    }
    // Every clip's first word starts where the pause before it ends (ffmpeg silencedetect).
    const silences = await findSilences(pcm)
    let index = 0
    for (const cue of cues) {
      const first = clean[index]!
      index += tokenize(cue.text).length
      if (cue.start === 0) continue
      const pause = silences.find((s) => s.start < cue.start + 100 && s.end > cue.start - 100)
      expect(pause, `a silence before ${cue.text.slice(0, 20)}`).toBeDefined()
      expect(Math.abs(first.start - pause!.end)).toBeLessThan(350)
    }
    const segments = segmentWords(clean)
    for (const s of segments.slice(1)) expect(silences.some((p) => Math.abs(p.end - s.start) < 400 || (s.start >= p.start && s.start <= p.end + 400))).toBe(true)
  }, 120_000)

  it('still aligns a transcript with a word the dictionary does not have', async () => {
    const odd = cues.map((c, k) => (k === 1 ? { ...c, text: c.text.replace('young man', 'young zorblaxian man') } : c))
    const { words, units, alignedUnits } = await alignAll(odd)
    expect(alignedUnits).toBe(units)
    const at = words.findIndex((w) => w.word === 'zorblaxian')
    expect(words[at - 1]!.word).toBe('young')
    expect(words[at]!.start).toBeGreaterThanOrEqual(words[at - 1]!.end)
    expect(words[at]!.end).toBeLessThanOrEqual(words[at + 1]!.start)
  }, 120_000)

  it('degrades locally: words nobody says are left out, a shortened cue stays in its span, and the other cues do not move', async () => {
    const extra = 'and then the whole family went to london for the winter'
    const wrong = cues.map((c, k) => {
      if (k === 2) return { ...c, text: `${c.text} ${extra}` }
      if (k === 7) return { ...c, text: 'he was not' }
      return c
    })
    const { words } = await alignAll(wrong)
    // None of the words nobody says is placed as if spoken.
    expect(words.map((w) => w.word)).not.toContain('london')
    expect(words.map((w) => w.word)).not.toContain('winter')
    // The shortened cue's three words are spoken at the start of its sentence: found there.
    const shortened = words.filter((w) => w.start >= cues[7]!.start - 300 && w.end <= cues[7]!.end + 300).map((w) => w.word)
    expect(shortened.slice(0, 3)).toEqual(['he', 'was', 'not'])
    // Every word of the untouched cues is within 50 ms of where the clean run put it.
    let ic = 0
    for (const [k, cue] of cues.entries()) {
      const n = tokenize(cue.text).length
      if (k !== 2 && k !== 7) {
        for (let j = 0; j < n; j++) {
          const at = clean[ic + j]!
          const same = words.find((w) => w.word === at.word && Math.abs(w.start - at.start) <= 50)
          expect(same, `${at.word} at ${at.start} (cue ${k})`).toBeDefined()
        }
      }
      ic += n
    }
  }, 120_000)

  it('recognises words freely when no transcript exists, in time order', async () => {
    const words = await recogniseChunk(pcm, { index: 0, start: 0, end: cues[1]!.end }, options)
    expect(words.length).toBeGreaterThan(10)
    expect(words.every((w, i) => w.end >= w.start && (i === 0 || w.start >= words[i - 1]!.start))).toBe(true)
    expect(words.map((w) => w.word)).toContain('consider')
  }, 60_000)
})
