import { z } from 'zod'
import { defineRoute, okBody, withPath } from './http'
import { lazySchema } from './lazy-schema'

/** Multipart field names of upload_file: the media (spec 001 s7) and an optional subtitle (ours). */
export const UPLOAD_FILE_FIELD = 'file'
export const UPLOAD_SUBTITLE_FIELD = 'subtitle'

/** The extensions spec 001 s5 admits on save; the server names stored files with one of them. */
export const VIDEO_EXTENSIONS = ['mkv', 'mp4', 'mov', 'avi', 'webm'] as const
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'ogg', 'flac', 'm4a'] as const
export const SUBTITLE_EXTENSIONS = ['srt', 'vtt'] as const
/** A subtitle is text: a few MB hold hours of cues. */
export const SUBTITLE_MAX_BYTES = 5 * 1024 * 1024

/** The lower-case extension of a file name or path ('' when it has none). */
export function fileExtension(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
}

/** Spec 001 s5: saving an upload requires one of the common video or audio extensions. */
export function hasMediaExtension(name: string): boolean {
  const ext = fileExtension(name)
  return (VIDEO_EXTENSIONS as readonly string[]).includes(ext) || (AUDIO_EXTENSIONS as readonly string[]).includes(ext)
}

/** Uploaded media's information (spec 001 s3), read by ffprobe. Duration in seconds; no size for audio. */
export const mediaInfo = lazySchema(() => z.object({
  title: z.string(),
  format: z.string(),
  duration: z.number(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
}))
export type MediaInfo = z.infer<typeof mediaInfo>

/**
 * multipart/form-data with the media in `file` (and optionally an .srt/.vtt in
 * `subtitle`). No body schema: the body is a stream the server never buffers.
 */
export const uploadFile = defineRoute({
  method: 'POST',
  path: '/storage/api/upload_file',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), storage_path: z.string(), msg: z.literal('ok') })),
})

export const MEDIAINFO_PREFIX = '/storage/api/mediainfo'

/** GET /storage/api/mediainfo/{path without leading slash}. */
export const getMediaInfo = defineRoute({
  method: 'GET',
  path: `${MEDIAINFO_PREFIX}/*`,
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), media_info: mediaInfo, msg: z.literal('ok') })),
})

/** The concrete mediainfo route of a stored path, for the typed client. */
export function mediaInfoRoute(storagePath: string) {
  const rest = storagePath.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/')
  return withPath(getMediaInfo, `${MEDIAINFO_PREFIX}/${rest}`)
}

const optionalText = (max: number, name: string) =>
  z
    .string()
    .max(max, `${name} is too long`)
    .nullish()
    .transform((v) => v?.trim() ?? '')

/** Article save payload (spec 001 s3): the console sends the stored path as audio or video. */
export const collect = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/collect',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    title: z.string({ error: 'Please enter a title.' }).trim().min(1, 'Please enter a title.').max(500, 'title is too long'),
    url: optionalText(2048, 'url'),
    audio: optionalText(2048, 'audio'),
    video: optionalText(2048, 'video'),
    text: optionalText(1_000_000, 'text'),
    plainText: optionalText(1_000_000, 'plainText'),
    contentType: optionalText(100, 'contentType'),
  })),
  response: okBody,
})
