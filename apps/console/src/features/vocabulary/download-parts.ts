import { vocabularyRoutes, type Segment } from '@lingocast/contract'
import { apiCall, ApiError } from '../../api/client'
import type { WordLookup } from '../../shared/episode-data'
import { registerDownloadPart } from '../offline/download-parts'
import { normaliseForm } from './statuses'

/** How many lookups run at once while downloading: the server answers one in a few ms, the tab stays usable. */
const LOOKUPS_AT_ONCE = 4

/** Each distinct word of the transcript (as the popover names it) with the first sentence it is in. */
export function wordsToLookUp(segments: readonly Segment[]): Array<{ form: string; word: string; sentence: string }> {
  const seen = new Map<string, { form: string; word: string; sentence: string }>()
  for (const segment of segments) {
    for (const w of segment.word_timestamps) {
      const word = w.word.trim()
      const form = normaliseForm(word)
      if (!form || seen.has(form)) continue
      seen.set(form, { form, word, sentence: segment.text.trim() })
    }
  }
  return [...seen.values()]
}

/** Runs `work` over the items, `atOnce` at a time, in order of start. */
async function inPool<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker))
}

/**
 * A download keeps the word statuses of the learner's own article and the
 * lookup popover's data of each word of the transcript, so the player marks
 * and explains words offline. Imported by the shell, as the sender of marks is.
 */
registerDownloadPart('words', {
  async fetch({ owner, episode, kept, signal, onProgress }) {
    if (!episode.article?.isMine || kept.segments.length === 0) return {}
    onProgress({ step: 'words', done: 0, total: 1 })
    const res = await apiCall(vocabularyRoutes.articleWords, { query: { article_id: episode.id }, signal, account: owner })
    return { words: { forms: res.forms, statuses: res.statuses, levels: res.levels, hints: res.hints, comprehension: res.comprehension } }
  },
})

registerDownloadPart('lookups', {
  async fetch({ owner, kept, signal, onProgress }) {
    const toLookUp = wordsToLookUp(kept.segments)
    const lookups: Record<string, WordLookup> = {}
    let looked = 0
    onProgress({ step: 'lookups', done: 0, total: toLookUp.length })
    await inPool(toLookUp, LOOKUPS_AT_ONCE, async ({ form, word, sentence }) => {
      try {
        lookups[form] = await apiCall(vocabularyRoutes.lookupWord, { query: { word, sentence }, signal, account: owner })
      } catch (error) {
        // A word the server refuses (too long, a stray symbol) has no lookup offline; the rest still do.
        // A session that ended (or is another account's now) ends the download.
        if ((error as Error).name === 'AbortError' || (error instanceof ApiError && error.status === 401)) throw error
      }
      onProgress({ step: 'lookups', done: ++looked, total: toLookUp.length })
    })
    return { lookups }
  },
})
