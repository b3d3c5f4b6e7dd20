import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { inputArgs, type MediaInput } from './media-input'

const run = promisify(execFile)

/**
 * One JPEG frame of a video (Debian's ffmpeg). Seeks before decoding, so it is
 * fast on long files; a clip shorter than `atSeconds` falls back to its first frame.
 */
export async function grabFrame(video: MediaInput, outFile: string, options: { atSeconds?: number; width?: number } = {}): Promise<void> {
  const width = options.width ?? 480
  const args = (at: number) => ['-v', 'error', '-y', '-ss', String(at), ...inputArgs(video), '-frames:v', '1', '-vf', `scale=${width}:-2`, '-q:v', '4', '-f', 'image2', outFile]
  try {
    await run('ffmpeg', args(options.atSeconds ?? 1), { timeout: 30_000 })
  } catch {
    await run('ffmpeg', args(0), { timeout: 30_000 })
  }
}
