import { NOTES_CHANGED_AT_HEADER, notesFileName, notesRoutes } from '@lingocast/contract'
import { apiCall } from '../../api/client'
import { enqueue, registerSender } from '../offline/outbox'

/** The outbox kind of notes written offline. */
export const NOTES_KIND = 'notes'

export interface NotesPayload {
  hashId: string
  text: string
}

/**
 * Notes that waited offline go out with the time they were written: the
 * server keeps them only if the stored notes are not newer (last write wins),
 * so a replay or a stale draft never overwrites later notes. Imported by the
 * shell, so they go out from any screen.
 */
registerSender<NotesPayload>(NOTES_KIND, {
  async send(entry) {
    await apiCall(notesRoutes.putNotes, {
      params: { file: notesFileName(entry.payload.hashId) },
      body: entry.payload.text,
      headers: { [NOTES_CHANGED_AT_HEADER]: new Date(entry.madeAt).toISOString() },
      // Only in the session of the account that wrote them.
      account: entry.owner,
    })
  },
})

/**
 * Queues the article's notes (replacing an unsent older text of the same
 * article) and keeps them in its download, so the Notes tab opened again
 * offline shows them.
 */
export async function queueNotes(owner: string, hashId: string, text: string): Promise<void> {
  try {
    const { updateDownloads } = await import('../offline/store')
    await updateDownloads(owner, (record) => (record.id === hashId ? { ...record, notes: text } : undefined))
  } catch (error) {
    // A download that cannot be written never keeps the notes themselves from being queued.
    console.warn('The notes could not be written into the download', error)
  }
  await enqueue(owner, NOTES_KIND, { hashId, text }, { coalesceKey: hashId })
}
