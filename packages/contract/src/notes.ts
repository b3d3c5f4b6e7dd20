import { z } from 'zod'
import { defineRoute, okBody } from './http'
import { NOTES_MSG } from './notes-messages'
import { lazySchema } from './lazy-schema'

/** Spec 000 s7: the notes document of an article lives at /storage/api/config/{HashID}_outline.txt. */
export const NOTES_FILE_SUFFIX = '_outline.txt'

/** Notes saves are throttled to at most one per 3 seconds (spec 000 s9). */
export const NOTES_SAVE_THROTTLE_MS = 3000
/** Ours: a note is text typed by hand; 200,000 characters is a short book. */
export const NOTES_MAX_LENGTH = 200_000

/**
 * Optional headers that order the saves of one editor: the server keeps a
 * save only if it is not older than the last one from the same editor, so a
 * slow earlier save can never overwrite the final one sent on leaving.
 */
export const NOTES_EDITOR_HEADER = 'x-notes-editor'
export const NOTES_REVISION_HEADER = 'x-notes-revision'
/**
 * When the notes were written, on a save that waited offline (decision 0016, ISO
 * 8601 as `changed_at`): the server keeps it only if the stored notes are not
 * newer (last write wins); an older save is answered ok and not applied.
 */
export const NOTES_CHANGED_AT_HEADER = 'x-notes-changed-at'

export const notesFileName = (hashId: string) => `${hashId}${NOTES_FILE_SUFFIX}`

/** The HashID named by a notes file name, or undefined when the name is not `{HashID}_outline.txt`. */
export function hashIdOfNotesFile(file: string): string | undefined {
  if (!file.endsWith(NOTES_FILE_SUFFIX)) return undefined
  const hashId = file.slice(0, -NOTES_FILE_SUFFIX.length)
  return /^[A-Za-z0-9_-]{1,64}$/.test(hashId) ? hashId : undefined
}

const params = lazySchema(() => z.object({ file: z.string().max(200) }))

/** Plain text; 404 means no notes yet (the console then starts the default template). */
export const getNotes = defineRoute({
  method: 'GET',
  path: '/storage/api/config/:file',
  auth: 'bearer',
  params,
  response: lazySchema(() => z.string()),
  responseType: 'text',
})

export const putNotes = defineRoute({
  method: 'PUT',
  path: '/storage/api/config/:file',
  auth: 'bearer',
  params,
  bodyEncoding: 'text',
  body: lazySchema(() => z.string().max(NOTES_MAX_LENGTH, NOTES_MSG.tooLong)),
  response: okBody,
})
