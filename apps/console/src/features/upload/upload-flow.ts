import { fileExtension, hasMediaExtension, SUBTITLE_EXTENSIONS, UPLOAD_MSG } from '@lingocast/contract'
import { ApiError } from '../../api/client'

export const UPLOAD_TEXT = {
  uploadingTitle: 'Uploading',
  checking: 'Checking the file…',
  formTitle: 'Media Information',
  needMedia: 'Choose an audio or video file. A subtitle (.srt or .vtt) can be chosen together with it.',
  subtitleHint: 'Its words will be timed to the recording.',
  noSubtitle: 'None: the transcript will be recognised from the speech.',
} as const

export interface PickedFiles {
  media: File
  subtitle?: File
}

type Named = Pick<File, 'name'>

const isSubtitle = (f: Named) => (SUBTITLE_EXTENSIONS as readonly string[]).includes(fileExtension(f.name))

/** The media and the optional subtitle among the chosen files; undefined when no media was chosen. */
export function pickFiles<T extends Named>(files: readonly T[]): { media: T; subtitle?: T } | undefined {
  const media = files.find((f) => !isSubtitle(f))
  if (!media) return undefined
  return { media, subtitle: files.find(isSubtitle) }
}

/** Spec 001 s5, in order: a title non-blank after trimming, then a stored file of a common media type. */
export function validateSave(title: string, storagePath: string): string | undefined {
  if (!title.trim()) return UPLOAD_MSG.titleRequired
  if (!hasMediaExtension(storagePath)) return UPLOAD_MSG.unsupportedType
  return undefined
}

const reason = (error: unknown) => (error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error))

export const uploadErrorText = (error: unknown) => UPLOAD_MSG.uploadFailed(reason(error))
export const mediaInfoErrorText = (error: unknown) => UPLOAD_MSG.mediaInfoFailed(reason(error))
/** 'Failed to save article: {msg or Unknown error}': only the server's own msg, never a transport text. */
export const saveErrorText = (error: unknown) => UPLOAD_MSG.saveFailed(error instanceof ApiError ? error.msg : undefined)

/** The uploaded file's name without its extension: the title when media info could not be read. */
export function titleFromName(name: string): string {
  const dot = name.lastIndexOf('.')
  return (dot > 0 ? name.slice(0, dot) : name).trim()
}
