import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { wavHeader } from '../apps/server/src/features/transcription/wav'

const run = promisify(execFile)
const RATE = 16_000

/**
 * Real recordings are not clean: a noise floor (room tone, a hiss) or a
 * music bed runs under the voice. This mixes clean speech with either at a
 * known signal-to-noise ratio, measured on the samples: the speech's power
 * over its voiced frames (the pauses between sentences left out) against the
 * bed's power over the whole file.
 */
export type Bed = 'noise' | 'music'

/** The bed's lavfi source: pink noise (a hiss with most energy low, like room tone), or a four-chord pad with a beat. */
function bedSource(bed: Bed, seconds: number): string {
  if (bed === 'noise') return `anoisesrc=color=pink:amplitude=0.5:seed=20261126:duration=${seconds}`
  // Chords change every 2 s (C, A minor, F, G), each three sines an octave below the voice's formants, pulsed at 2 beats a second.
  const chords = [
    [261.63, 329.63, 392.0],
    [220.0, 261.63, 329.63],
    [174.61, 220.0, 261.63],
    [196.0, 246.94, 293.66],
  ]
  const note = (k: number) => chords.map((c, i) => `between(mod(t,8),${i * 2},${i * 2 + 2})*sin(2*PI*${c[k]}*t)`).join('+')
  const pulse = '(0.6+0.4*pow(cos(PI*2*t),2))'
  return `aevalsrc=exprs='${pulse}*(${note(0)}+${note(1)}+${note(2)})/3':s=${RATE}:d=${seconds}`
}

/** 16 kHz mono s16le samples of any media file. */
async function pcmOf(file: string): Promise<Int16Array> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-nostdin', '-i', file, '-ac', '1', '-ar', String(RATE), '-f', 's16le', '-'], { encoding: 'buffer', maxBuffer: 1 << 30 })
  const buf = stdout as unknown as Buffer
  return new Int16Array(buf.buffer, buf.byteOffset, buf.length / 2)
}

/** Mean power of the 20 ms frames louder than 1/100 of the loudest frame's power: the speech, not its pauses. */
export function voicedPower(samples: Int16Array): number {
  const frame = RATE / 50
  const powers: number[] = []
  for (let i = 0; i + frame <= samples.length; i += frame) {
    let sum = 0
    for (let j = i; j < i + frame; j++) sum += samples[j]! * samples[j]!
    powers.push(sum / frame)
  }
  const loudest = Math.max(...powers)
  const voiced = powers.filter((p) => p > loudest / 100)
  return voiced.reduce((a, b) => a + b, 0) / Math.max(1, voiced.length)
}

function power(samples: Float64Array | Int16Array): number {
  let sum = 0
  for (const s of samples) sum += s * s
  return sum / Math.max(1, samples.length)
}

/** `speech` with `bed` under it at `snrDb`, written to `out` as a 16 kHz mono WAV. */
export async function mixUnder(speech: string, bed: Bed, snrDb: number, out: string): Promise<void> {
  const voice = await pcmOf(speech)
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', bedSource(bed, Math.ceil(voice.length / RATE) + 1), '-ac', '1', '-ar', String(RATE), '-f', 's16le', '-'],
    { encoding: 'buffer', maxBuffer: 1 << 30 },
  )
  const raw = stdout as unknown as Buffer
  const under = new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2).subarray(0, voice.length)
  const gain = Math.sqrt(voicedPower(voice) / (power(under) * 10 ** (snrDb / 10)))
  const mixed = Buffer.alloc(voice.length * 2)
  for (let i = 0; i < voice.length; i++) mixed.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(voice[i]! + gain * under[i]!))), i * 2)
  writeFileSync(out, Buffer.concat([wavHeader(mixed.length, RATE), mixed]))
}

/** The signal-to-noise ratio of `mixed` against the clean `speech`, in dB, measured the way mixUnder sets it (for the test of the material itself). */
export async function measuredSnr(speech: string, mixed: string): Promise<number> {
  const voice = await pcmOf(speech)
  const all = await pcmOf(mixed)
  const rest = new Float64Array(voice.length)
  for (let i = 0; i < voice.length; i++) rest[i] = all[i]! - voice[i]!
  return 10 * Math.log10(voicedPower(voice) / power(rest))
}

/** For the sizes of WAV files written here. */
export const wavSamples = (file: string) => (readFileSync(file).length - 44) / 2
