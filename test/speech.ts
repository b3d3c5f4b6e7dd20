import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
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
