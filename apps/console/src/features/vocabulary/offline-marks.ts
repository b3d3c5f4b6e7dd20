import { vocabularyRoutes as c, type WordStatus } from '@lingocast/contract'
import { apiCall } from '../../api/client'
import { enqueue, registerSender } from '../offline/outbox'
import { vocabularyKeys } from './keys'
import { applyLemmaStatus, lemmaInArticle, normaliseForm } from './statuses'

/** The outbox kind of a word mark made offline (decision 0016). */
export const WORD_STATUS_KIND = 'word-status'

export interface MarkPayload {
  words: string[]
  status: WordStatus
  level?: number
}

/**
 * A mark that waited offline is sent with the time it was made: the server
 * keeps it only if the term was not changed later (last write wins per term),
 * so sending it twice, or after a newer mark from another device, changes
 * nothing. Sent only in its owner's session (`account`). Imported by the
 * shell, so queued marks go out from any screen.
 */
registerSender<MarkPayload>(WORD_STATUS_KIND, {
  async send(entry) {
    await apiCall(c.setWordStatus, { body: { ...entry.payload, changed_at: new Date(entry.madeAt).toISOString() }, account: entry.owner })
  },
  staleQueries: [vocabularyKeys.all],
})

/**
 * Queues a mark made with no server, and writes it into the learner's
 * downloads: offline the player reads the statuses from there, so the mark
 * stays shown after the screen reads them again.
 */
export async function queueMark(owner: string, payload: MarkPayload): Promise<void> {
  // The downloads first: once the mark is queued it is shown wherever the statuses are read again.
  // A download that cannot be written never keeps the mark itself from being queued.
  await markInDownloads(owner, payload).catch((error: unknown) => console.warn('The mark could not be written into the downloads', error))
  await enqueue(owner, WORD_STATUS_KIND, payload)
}

async function markInDownloads(owner: string, payload: MarkPayload): Promise<void> {
  const { updateDownloads } = await import('../offline/store')
  await updateDownloads(owner, (record) => {
    const words = record.words
    if (!words) return undefined
    const lemmas = payload.words.map((w) => lemmaInArticle(words, w) ?? normaliseForm(w))
    const lookups = Object.fromEntries(
      Object.entries(record.lookups).map(([form, data]) =>
        lemmas.includes(data.lemma.toLowerCase())
          ? [form, { ...data, status: payload.status, level: payload.status === 'learning' ? (payload.level ?? data.level ?? 1) : null }]
          : [form, data],
      ),
    )
    return { ...record, words: applyLemmaStatus(words, lemmas, payload.status, payload.level), lookups }
  })
}
