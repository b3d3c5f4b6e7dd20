import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { detectArgs, inputArgs, type MediaInput } from './media-input'
import { toolPath } from './media-tools'

const run = promisify(execFile)

/**
 * One JPEG frame of a video (ffmpeg, lib/media-tools.ts). Seeks before decoding, so it is
 * fast on long files; a clip shorter than `atSeconds` falls back to its first frame.
 */
export async function grabFrame(video: MediaInput, outFile: string, options: { atSeconds?: number; width?: number } = {}): Promise<void> {
  const width = options.width ?? 480
  const args = (at: number) => ['-v', 'error', '-y', '-ss', String(at), ...inputArgs(video), '-frames:v', '1', '-vf', `scale=${width}:-2`, '-q:v', '4', '-f', 'image2', outFile]
  const ffmpeg = toolPath('ffmpeg')
  try {
    await run(ffmpeg, args(options.atSeconds ?? 1), { timeout: 30_000 })
  } catch {
    await run(ffmpeg, args(0), { timeout: 30_000 })
  }
}

/**
 * A stretch of a file's audio as a small mono MP3 (what Anki plays
 * everywhere). One ffmpeg run finds the container and cuts: only our
 * demuxers and the file protocol are allowed, as in the probe of
 * detectArgs, so a playlist or concat script is refused, never followed;
 * a separate probe would double the cost of a short clip. The seek before
 * the input is exact when re-encoding.
 */
export async function cutAudioClip(file: string, startMs: number, endMs: number, outFile: string, signal?: AbortSignal): Promise<void> {
  const seconds = (ms: number) => (ms / 1000).toFixed(3)
  await run(
    toolPath('ffmpeg'),
    ['-v', 'error', '-nostdin', '-y', '-ss', seconds(startMs), '-t', seconds(endMs - startMs), ...detectArgs(file), '-vn', '-ac', '1', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', outFile],
    { timeout: 60_000, signal },
  )
}
