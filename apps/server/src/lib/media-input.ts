import path from 'node:path'

/**
 * ffmpeg's demuxers for the containers uploads accept (spec 001 s5, see
 * features/upload/media-kind.ts). None of them opens another file or address
 * (the mov demuxer only with drefs, which inputArgs keeps off). Playlists
 * (hls, dash), concat scripts, image sequences, sdp/rtp and the like are
 * absent on purpose: they read whatever path or address their text names,
 * which for bytes from outside could be another user's stored upload.
 */
export const MEDIA_DEMUXERS = ['mov', 'matroska', 'avi', 'mp3', 'wav', 'ogg', 'flac'] as const
export type MediaDemuxer = (typeof MEDIA_DEMUXERS)[number]

declare const checked: unique symbol

/**
 * A file whose container was detected as one of MEDIA_DEMUXERS. ffmpeg and
 * ffprobe take bytes from outside only as one of these, through inputArgs;
 * only mediaInput() makes one.
 */
export interface MediaInput {
  readonly file: string
  readonly demuxer: MediaDemuxer
  readonly [checked]: true
}

/** Only the file itself: no network, no data:, no concat:/subfile: tricks in the name or in the content. */
const PROTOCOLS = ['-protocol_whitelist', 'file']

/** The input as a file: URL, so a name with a colon or a leading dash is never read as a protocol or an option. */
const fileUrl = (file: string) => `file:${path.resolve(file)}`

/**
 * Options of the one ffprobe run that finds the container: ffmpeg probes the
 * first bytes, and refuses (before its demuxer reads a thing) any container
 * that is not on the list, so this run cannot open anything else either.
 */
export function detectArgs(file: string): string[] {
  return [...PROTOCOLS, '-format_whitelist', MEDIA_DEMUXERS.join(','), '-i', fileUrl(file)]
}

/** The demuxer among ffprobe's names for what it read (e.g. 'mov,mp4,m4a,3gp,3g2,mj2'), if it is one of ours. */
export function demuxerOf(formatName: string): MediaDemuxer | undefined {
  const names = formatName.split(',')
  return MEDIA_DEMUXERS.find((d) => names.includes(d))
}

/** The checked input of a file ffprobe read with detectArgs as `formatName`; undefined for any other container. */
export function mediaInput(file: string, formatName: string): MediaInput | undefined {
  const demuxer = demuxerOf(formatName)
  return demuxer ? ({ file: path.resolve(file), demuxer } as MediaInput) : undefined
}

/**
 * Input options for every later ffmpeg/ffprobe run on the file: its demuxer
 * forced (no probing again), external tracks of QuickTime files off, only
 * the file protocol. Goes where `-i file` would.
 */
export function inputArgs(input: MediaInput): string[] {
  const mov = input.demuxer === 'mov' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : []
  return [...PROTOCOLS, '-f', input.demuxer, ...mov, '-i', fileUrl(input.file)]
}
