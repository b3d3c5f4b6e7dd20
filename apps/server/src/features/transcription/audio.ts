import { execFile, spawn } from 'node:child_process'
import { open } from 'node:fs/promises'
import { promisify } from 'node:util'
import { probeMedia } from '../../lib/ffprobe'
import { inputArgs, type MediaInput } from '../../lib/media-input'
import { asMissingTool, toolPath } from '../../lib/media-tools'

const run = promisify(execFile)

/** What the recognisers read: 16 kHz, mono, signed 16-bit little-endian, no header. */
export const SAMPLE_RATE = 16_000
const BYTES_PER_MS = (SAMPLE_RATE * 2) / 1000

/** Why media is refused before decoding: not audio or video in a container of ours (a playlist, a concat script, a page...). */
export const NOT_MEDIA_MSG = 'The media is not audio or video in a format Lingocast reads (MP3, M4A, WAV, OGG, FLAC, MP4, MOV, MKV, WebM or AVI).'

/**
 * Decodes media to raw 16 kHz mono PCM; the duration in ms. A file is
 * probed first (lib/media-input.ts), so ffmpeg reads its bytes and nothing
 * they name; anything but audio or video in one of our containers is refused.
 */
export async function decodeToPcm(media: string | MediaInput, output: string, signal?: AbortSignal): Promise<number> {
  const input = typeof media === 'string' ? (await probeMedia(media))?.input : media
  if (!input) throw new Error(NOT_MEDIA_MSG)
  await new Promise<void>((resolve, reject) => {
    const proc = spawn(toolPath('ffmpeg'), ['-v', 'error', '-nostdin', '-y', ...inputArgs(input), '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', output], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    })
    let err = ''
    proc.stderr.on('data', (c: Buffer) => {
      if (err.length < 4000) err += c.toString()
    })
    proc.on('error', (error) => reject(asMissingTool(error, 'ffmpeg')))
    proc.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not decode the audio: ${err.trim().split('\n').at(-1) ?? `exit ${code}`}`))))
  })
  const file = await open(output)
  try {
    return Math.floor((await file.stat()).size / BYTES_PER_MS)
  } finally {
    await file.close()
  }
}

/** Silences of at least 0.3 s (ffmpeg silencedetect), where chunks may be cut. */
export async function findSilences(pcm: string, signal?: AbortSignal): Promise<Array<{ start: number; end: number }>> {
  const { stderr } = await run(
    toolPath('ffmpeg'),
    ['-nostdin', '-hide_banner', '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', pcm, '-af', 'silencedetect=noise=-35dB:d=0.3', '-f', 'null', '-'],
    { signal, maxBuffer: 64 * 1024 * 1024 },
  )
  return parseSilences(stderr)
}

export function parseSilences(log: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = []
  let start: number | undefined
  for (const line of log.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line)
    if (s) start = Math.max(0, Number(s[1]) * 1000)
    const e = /silence_end: ([\d.]+)/.exec(line)
    if (e && start !== undefined) {
      out.push({ start: Math.round(start), end: Math.round(Number(e[1]) * 1000) })
      start = undefined
    }
  }
  return out
}

/** Copies [startMs, endMs) of the PCM file to its own file, for one recogniser run. */
export async function slicePcm(pcm: string, startMs: number, endMs: number, output: string): Promise<void> {
  const from = Math.floor(startMs * BYTES_PER_MS) & ~1
  const length = Math.max(0, (Math.floor(endMs * BYTES_PER_MS) & ~1) - from)
  const src = await open(pcm)
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await src.read(buffer, 0, length, from)
    const dst = await open(output, 'w')
    try {
      await dst.write(buffer, 0, bytesRead)
    } finally {
      await dst.close()
    }
  } finally {
    await src.close()
  }
}
