import { execFile } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { wavHeader } from '../apps/server/src/features/transcription/wav'

export { wavHeader }

const run = promisify(execFile)

const SUBJECTS = ['The teacher', 'My neighbour', 'A young farmer', 'The old captain', 'Her brother', 'Our guide', 'The doctor', 'A quiet student']
const VERBS = ['walked to', 'talked about', 'looked at', 'waited near', 'painted', 'remembered', 'visited', 'described']
const OBJECTS = ['the river', 'a small garden', 'the busy market', 'an empty station', 'the green hills', 'a long letter', 'the winter sky', 'the harbour']
const ENDINGS = ['before breakfast.', 'in the evening.', 'with great care.', 'after the storm.', 'for an hour.', 'without a word.']

/** A known sentence for index i: the text of a synthetic episode, seldom repeating (a fixed pseudo-random pick). */
export function sentence(i: number): string {
  const pick = (list: string[], salt: number) => list[Math.floor(hash(i * 4 + salt) * list.length)]!
  return `${pick(SUBJECTS, 0)} ${pick(VERBS, 1)} ${pick(OBJECTS, 2)} ${pick(ENDINGS, 3)}`
}

/** Deterministic 0..1 from an integer (mulberry32's mixing step). */
function hash(n: number): number {
  let t = (n + 0x6d2b79f5) | 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

export interface SyntheticEpisode {
  file: string
  durationMs: number
  /** One cue per sentence, where it was placed in the audio. */
  cues: Array<{ start: number; end: number; text: string }>
}

/**
 * Speech from known text with espeak-ng, one sentence at a time so every
 * sentence's place is known, joined with short pauses into one WAV of at
 * least `minutes`. What a publisher's transcript with cue times looks like.
 */
export async function makeEpisode(dir: string, minutes: number): Promise<SyntheticEpisode> {
  const RATE = 16_000
  const pauseMs = 300
  const cues: SyntheticEpisode['cues'] = []
  const parts: Buffer[] = []
  let at = 0
  for (let i = 0; at < minutes * 60_000; i += 2) {
    // Two espeak-ng processes at a time: most of the time is process start.
    const pcm = await Promise.all([i, i + 1].map((k) => run('espeak-ng', ['--stdout', '-s', '170', sentence(k)], { encoding: 'buffer', maxBuffer: 64 << 20 })))
    for (const [j, { stdout }] of pcm.entries()) {
      const wav = stdout as unknown as Buffer
      const data = wavData(wav)
      const resampled = await resample(data, wavRate(wav), RATE)
      const ms = Math.round((resampled.length / 2 / RATE) * 1000)
      cues.push({ start: at, end: at + ms, text: sentence(i + j) })
      parts.push(resampled, Buffer.alloc(Math.round((pauseMs / 1000) * RATE) * 2))
      at += ms + pauseMs
    }
  }
  const pcmAll = Buffer.concat(parts)
  const file = path.join(dir, 'episode.wav')
  writeFileSync(file, Buffer.concat([wavHeader(pcmAll.length, RATE), pcmAll]))
  return { file, durationMs: at, cues }
}

function wavRate(wav: Buffer): number {
  return wav.readUInt32LE(24)
}

/** The PCM of a WAV: espeak-ng writes a streaming header, so the data chunk runs to the end. */
function wavData(wav: Buffer): Buffer {
  let offset = 12
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4)
    if (id === 'data') return wav.subarray(offset + 8)
    offset += 8 + wav.readUInt32LE(offset + 4)
  }
  throw new Error('no data chunk')
}

async function resample(pcm: Buffer, from: number, to: number): Promise<Buffer> {
  const samples = Math.floor(pcm.length / 2)
  const out = Buffer.alloc(Math.floor((samples * to) / from) * 2)
  for (let i = 0; i < out.length / 2; i++) {
    const src = Math.min(samples - 1, Math.floor((i * from) / to))
    out.writeInt16LE(pcm.readInt16LE(src * 2), i * 2)
  }
  return out
}

export interface PausedSpeech {
  file: string
  durationMs: number
  /** Each phrase, `start` where its voice begins (not where its synthesis does: espeak-ng leads with a little silence). */
  phrases: Array<{ start: number; end: number; text: string }>
}

/**
 * Phrases spoken one by one with espeak-ng and joined with pauses of known
 * length (`pausesMs[k]` after phrase k): a transcript whose pause positions
 * are known to the sample. The voice onset of each phrase is measured on its
 * own synthesis, where nothing else can blur it.
 */
export async function makePausedSpeech(dir: string, phrases: string[], pausesMs: number[], name = 'paused'): Promise<PausedSpeech> {
  const RATE = 16_000
  const parts: Buffer[] = []
  const out: PausedSpeech['phrases'] = []
  let bytes = 0
  for (const [k, text] of phrases.entries()) {
    const { stdout } = await run('espeak-ng', ['--stdout', '-s', '170', text], { encoding: 'buffer', maxBuffer: 64 << 20 })
    const wav = stdout as unknown as Buffer
    const pcm = await resample(wavData(wav), wavRate(wav), RATE)
    const at = bytes / 2 / (RATE / 1000)
    const { first, last } = voiced(pcm, RATE)
    out.push({ start: Math.round(at + first), end: Math.round(at + last), text })
    const pause = Buffer.alloc(Math.round(((pausesMs[k] ?? 0) / 1000) * RATE) * 2)
    parts.push(pcm, pause)
    bytes += pcm.length + pause.length
  }
  const all = Buffer.concat(parts)
  const file = path.join(dir, `${name}.wav`)
  writeFileSync(file, Buffer.concat([wavHeader(all.length, RATE), all]))
  return { file, durationMs: Math.floor(all.length / 2 / (RATE / 1000)), phrases: out }
}

/** First and last ms with voice in synthetic PCM (its silence is digital: a small threshold is enough). */
function voiced(pcm: Buffer, rate: number): { first: number; last: number } {
  const n = pcm.length / 2
  let first = 0
  let last = n - 1
  while (first < n && Math.abs(pcm.readInt16LE(first * 2)) < 300) first++
  while (last > first && Math.abs(pcm.readInt16LE(last * 2)) < 300) last--
  return { first: (first / rate) * 1000, last: (last / rate) * 1000 }
}

/**
 * Four sentences of two or three phrases, and the pause after each phrase
 * (0.4 to 1.5 s; two phrases end with no comma before their pause, as a
 * speaker pausing for breath does). Two sentences start with a short word
 * after "an hour.", which the decoder likes to glue to the "hour" before the pause.
 */
export const PAUSED_SENTENCES = [
  ['The old captain walked to the harbour,', 'looked at the winter sky,', 'and waited there for an hour.'],
  ['Her brother painted a small garden', 'before breakfast,', 'then visited the busy market.'],
  ['Our guide remembered the green hills,', 'described a long letter,', 'and read it for an hour.'],
  ['A quiet student waited near the station', 'without a word.'],
]
export const PAUSES_MS = [600, 1100, 1500, 400, 900, 1300, 700, 1000, 1400, 500, 0]

/** Cues for the same speech, one per phrase, per sentence (each phrase's place known), or one for it all. */
export function cuesBy(layout: 'phrase' | 'sentence' | 'whole', phrases: PausedSpeech['phrases'], sentences: number[], durationMs: number): PausedSpeech['phrases'] {
  if (layout === 'phrase') return phrases
  if (layout === 'whole') return [{ start: 0, end: durationMs, text: phrases.map((p) => p.text).join(' ') }]
  const cues: PausedSpeech['phrases'] = []
  let k = 0
  for (const n of sentences) {
    const group = phrases.slice(k, k + n)
    cues.push({ start: group[0]!.start, end: group.at(-1)!.end, text: group.map((p) => p.text).join(' ') })
    k += n
  }
  return cues
}

/** How far word starts are from where they are spoken: share within 200 ms, median and worst error (ms). */
export function startErrors(found: Array<{ start: number }>, spoken: Array<{ start: number }>): { within200: number; median: number; worst: number } {
  if (found.length !== spoken.length) throw new Error(`${found.length} words timed for ${spoken.length} spoken`)
  const errors = found.map((w, i) => Math.abs(w.start - spoken[i]!.start)).sort((a, b) => a - b)
  return { within200: errors.filter((e) => e <= 200).length / errors.length, median: errors[Math.floor(errors.length / 2)] ?? 0, worst: errors.at(-1) ?? 0 }
}

/** Debian's pocketsphinx-testdata: five LibriVox clips of Sense and Sensibility, one sentence each, with their transcripts. */
export const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox'
export const librivoxPresent = () => existsSync(path.join(LIBRIVOX, 'transcription'))

/** Each clip's id ('0870'...) and what is said in it, lower case without punctuation, as the testdata transcribes it. */
export function librivoxTexts(): Map<string, string> {
  const texts = new Map<string, string>()
  for (const line of readFileSync(path.join(LIBRIVOX, 'transcription'), 'utf8').trim().split('\n')) {
    const m = /^<s> (.*) <\/s> \(.*-(\d{4})\)$/.exec(line)
    if (m) texts.set(m[2]!, m[1]!)
  }
  return texts
}

export const librivoxClip = (id: string) => path.join(LIBRIVOX, `sense_and_sensibility_01_austen_64kb-${id}.wav`)

/** Word error rate: the fewest substitutions, deletions and insertions turning the reference into the hypothesis, per reference word. */
export function wordErrorRate(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j)
  for (let i = 1; i <= reference.length; i++) {
    const row = [i]
    for (let j = 1; j <= hypothesis.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1))
    previous = row
  }
  return previous[hypothesis.length]! / reference.length
}

/**
 * The LibriVox clips joined with digital silence of known length between
 * them (`gapsMs[k]` after clip k): real speech whose sentence times are
 * known, each cue the span of its clip.
 */
export async function joinLibrivox(dir: string, gapsMs: number[]): Promise<{ file: string; durationMs: number; sentences: PausedSpeech['phrases'] }> {
  const texts = librivoxTexts()
  const ids = [...texts.keys()]
  const files = ids.map(librivoxClip)
  const file = path.join(dir, 'librivox-joined.wav')
  const filter = files.map((_, i) => `[${i}:a]apad=pad_dur=${(gapsMs[i] ?? 0) / 1000}[a${i}]`).join(';') + ';' + files.map((_, i) => `[a${i}]`).join('') + `concat=n=${files.length}:v=0:a=1[out]`
  await run('ffmpeg', ['-v', 'error', '-y', ...files.flatMap((f) => ['-i', f]), '-filter_complex', filter, '-map', '[out]', '-ac', '1', '-ar', '16000', file])
  const sentences: PausedSpeech['phrases'] = []
  let at = 0
  for (const [k, f] of files.entries()) {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', f], { encoding: 'utf8' })
    const ms = Math.round(Number(stdout) * 1000)
    sentences.push({ start: at, end: at + ms, text: texts.get(ids[k]!)! })
    at += ms + (gapsMs[k] ?? 0)
  }
  return { file, durationMs: at, sentences }
}
