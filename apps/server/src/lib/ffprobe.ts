import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { detectArgs, inputArgs, mediaInput, type MediaInput } from './media-input'
import { asMissingTool, toolPath } from './media-tools'

const run = promisify(execFile)

export interface ProbedStream {
  codecType: string
  codecName: string
  width?: number
  height?: number
  /** Cover art of an audio file: a picture, not a video. */
  attachedPic: boolean
}

export interface Probe {
  /** The file, to hand to ffmpeg (media-input.ts): every later run reads it with this demuxer and nothing else. */
  input: MediaInput
  /** ffprobe's demuxer names, e.g. 'mov,mp4,m4a,3gp,3g2,mj2'. */
  formatName: string
  durationSeconds: number | undefined
  tags: Record<string, string>
  streams: ProbedStream[]
}

interface RawProbe {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> }
  streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }>
}

/**
 * What a file of bytes from outside is, read from its content by Debian's
 * ffprobe (the file name is not consulted: temporary files have none), and
 * the way into it for ffmpeg. Undefined when ffprobe cannot read it as media
 * in one of the accepted containers (a playlist, a concat script, text...).
 * A server without ffprobe throws MissingToolError: that is not the file's fault.
 */
export async function probeMedia(file: string): Promise<Probe | undefined> {
  const ffprobe = toolPath('ffprobe')
  let stdout: string
  try {
    ;({ stdout } = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...detectArgs(file)], { timeout: 60_000, maxBuffer: 8 << 20 }))
  } catch (error) {
    const missing = asMissingTool(error, 'ffprobe')
    if (missing !== error) throw missing
    return undefined
  }
  const raw = JSON.parse(stdout) as RawProbe
  const formatName = raw.format?.format_name
  const input = formatName ? mediaInput(file, formatName) : undefined
  if (!formatName || !input) return undefined
  const duration = Number(raw.format!.duration)
  return {
    input,
    formatName,
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : undefined,
    tags: raw.format!.tags ?? {},
    streams: (raw.streams ?? []).map((s) => ({
      codecType: s.codec_type ?? '',
      codecName: s.codec_name ?? '',
      width: s.width,
      height: s.height,
      attachedPic: s.disposition?.attached_pic === 1,
    })),
  }
}

/** Where the last decoded frame ends, in seconds, from ffmpeg's framecrc lines and their time bases. */
export function lastFrameEnd(framecrc: string): number {
  const timeBase = new Map<string, number>()
  let end = 0
  for (const line of framecrc.split('\n')) {
    const tb = /^#tb (\d+): (\d+)\/(\d+)/.exec(line)
    if (tb) timeBase.set(tb[1]!, Number(tb[2]) / Number(tb[3]))
    if (line.startsWith('#') || !line.trim()) continue
    const [stream, , pts, duration] = line.split(',').map((f) => f.trim())
    const base = timeBase.get(stream!)
    if (base === undefined) continue
    end = Math.max(end, (Number(pts) + Number(duration)) * base)
  }
  return end
}

/** Seconds decoded from the end: whole files decode about this much, truncated ones less. */
export const TAIL_SECONDS = 3

/**
 * How many seconds of the last TAIL_SECONDS decode cleanly (0 on any decode
 * error). A truncated upload comes up short here even when its header (an MP4
 * with the index first, an MP3 with a length frame) looks whole. Decodes only
 * the tail, so it costs the same on a 2 GB file as on a clip.
 */
export async function decodableTailSeconds(input: MediaInput): Promise<number> {
  const ffmpeg = toolPath('ffmpeg')
  try {
    const { stdout } = await run(
      ffmpeg,
      ['-nostdin', '-v', 'error', '-xerror', '-sseof', `-${TAIL_SECONDS}`, ...inputArgs(input), '-map', '0:v:0?', '-map', '0:a:0?', '-f', 'framecrc', '-'],
      { timeout: 120_000, maxBuffer: 64 << 20 },
    )
    return lastFrameEnd(stdout)
  } catch (error) {
    const missing = asMissingTool(error, 'ffmpeg')
    if (missing !== error) throw missing
    return 0
  }
}

/** Whether a file of `durationSeconds` played to its end, given its decodable tail (output times start at the seek point). */
export function playsToEnd(tailSeconds: number, durationSeconds: number): boolean {
  // A second of slack for codec padding and priming.
  return tailSeconds > 0 && tailSeconds >= Math.min(TAIL_SECONDS, durationSeconds) - 1
}
