import type { Probe } from '../../lib/ffprobe'

/** What the container and stream checks read of a probe. */
type ProbeFacts = Pick<Probe, 'formatName' | 'tags' | 'streams'>

export interface MediaKind {
  kind: 'audio' | 'video'
  /** The extension the stored file gets: one of spec 001 s5's list, decided by content. */
  ext: string
  width: number | null
  height: number | null
}

const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis'])

/** The container, from ffprobe's demuxer names (the first name is the demuxer that matched). */
function extension(probe: ProbeFacts, hasVideo: boolean): string | undefined {
  const names = probe.formatName.split(',')
  if (names.includes('mov') || names.includes('mp4')) {
    if (!hasVideo) return 'm4a'
    return probe.tags.major_brand?.trim() === 'qt' ? 'mov' : 'mp4'
  }
  if (names.includes('matroska') || names.includes('webm')) {
    return probe.streams.every((s) => s.codecType === 'attachment' || WEBM_CODECS.has(s.codecName)) ? 'webm' : 'mkv'
  }
  for (const name of ['avi', 'mp3', 'wav', 'ogg', 'flac']) if (names.includes(name)) return name
  return undefined
}

/**
 * Audio or video, and in which of the common containers, from what ffprobe
 * read in the content. Undefined for anything else (text, images, subtitles,
 * containers the spec does not list), whatever the file was called.
 */
export function classifyProbe(probe: ProbeFacts): MediaKind | undefined {
  const video = probe.streams.find((s) => s.codecType === 'video' && !s.attachedPic)
  const audio = probe.streams.find((s) => s.codecType === 'audio')
  if (!video && !audio) return undefined
  const ext = extension(probe, Boolean(video))
  if (!ext) return undefined
  return {
    kind: video ? 'video' : 'audio',
    ext,
    width: video?.width ?? null,
    height: video?.height ?? null,
  }
}

/** The embedded title tag, else the uploader's file name without its extension. */
export function mediaTitle(probe: ProbeFacts, originalName: string): string {
  const tag = Object.entries(probe.tags).find(([k]) => k.toLowerCase() === 'title')?.[1]?.trim()
  if (tag) return tag.slice(0, 200)
  const base = originalName.replace(/^.*[\\/]/, '')
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base
  return stem.trim().slice(0, 200) || 'Untitled'
}

/** A file name as sent by a browser, made safe to keep: no path, no control characters, bounded. */
export function cleanFileName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/^.*[\\/]/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
  return cleaned.slice(0, 255) || 'upload'
}
