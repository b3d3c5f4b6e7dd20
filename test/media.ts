import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * A small real video (test pattern plus a tone) made with ffmpeg: H.264/AAC MP4, or VP8/Vorbis for a .webm name. `faststart`
 * puts the MP4 index first, so a truncated copy still has a readable header.
 */
export async function makeVideo(dir: string, options: { name?: string; seconds?: number; title?: string; faststart?: boolean } = {}): Promise<string> {
  const file = path.join(dir, options.name ?? 'clip.mp4')
  const seconds = String(options.seconds ?? 4)
  await run('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    ...(file.endsWith('.webm') ? ['-c:v', 'libvpx', '-b:v', '400k', '-c:a', 'libvorbis'] : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']),
    '-shortest',
    ...(options.title ? ['-metadata', `title=${options.title}`] : []),
    ...(options.faststart ? ['-movflags', '+faststart'] : []),
    file,
  ], { timeout: 60_000 })
  return file
}

/** A tone as audio in the container the name's extension says (wav, mp3, ogg, flac, m4a). */
export async function makeAudio(dir: string, name: string, seconds = 3): Promise<string> {
  const file = path.join(dir, name)
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, file], { timeout: 60_000 })
  return file
}
