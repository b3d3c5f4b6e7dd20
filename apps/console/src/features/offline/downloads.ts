import { mediaRoutes, vocabularyRoutes, type FeedItem, type Segment } from '@lingocast/contract'
import { apiCall, ApiError, NOT_THIS_SESSION } from '../../api/client'
import { sessionAccount } from '../../lib/session-account'
import type { OpenedArticle } from '../library/api'
import { fetchNotes } from '../notes/api'
import { proxiedMediaUrl } from '../player/messages'
import { prepareSegments } from '../player/segments'
import type { WordLookup } from '../vocabulary/api'
import { normaliseForm } from '../vocabulary/statuses'
import { claimMedia, deleteMedia, storeMedia } from './media-cache'
import { allDownloads, getDownload, mediaInUse, moveDownload, putDownload, removeDownload, type DownloadRecord } from './store'

/** How many lookups run at once while downloading: the server answers one in a few ms, the tab stays usable. */
const LOOKUPS_AT_ONCE = 4

export type DownloadStep = 'media' | 'transcript' | 'words' | 'lookups'
export interface DownloadProgress {
  step: DownloadStep
  done: number
  /** Unknown while the media's length is not known. */
  total?: number
}

/** What is downloaded: an article of the library, or a feed episode (its enclosure). */
export interface EpisodeToDownload {
  id: string
  kind: 'article' | 'episode'
  title: string
  address: string
  article?: OpenedArticle
  item?: FeedItem
}

export const articleDownload = (article: OpenedArticle, address: string): EpisodeToDownload => ({ id: article.HashID, kind: 'article', title: article.Title, address, article })
export const feedEpisodeId = (item: Pick<FeedItem, 'id'>) => `feed:${item.id}`
/** A feed episode's download, or undefined when it has no file to keep (none, or YouTube). */
export function episodeDownload(item: FeedItem): EpisodeToDownload | undefined {
  const address = item.audio?.trim() || item.video?.trim()
  if (!address || address.startsWith('youtube:')) return undefined
  return { id: feedEpisodeId(item), kind: 'episode', title: item.title, address, item }
}

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
 * Downloads an episode for offline use: its media into Cache Storage, then
 * its whole transcript, the article's word statuses and the lookup data of
 * each of its words into IndexedDB (one record). The record is written last,
 * so a download cut short leaves no half record; a new download replaces the
 * old one. Asks the browser to keep the site's storage (persist). Every call
 * is made in the owner's session only: a download still running when another
 * account signs in fails instead of mixing that account's data into it.
 */
export async function downloadEpisode(owner: string, episode: EpisodeToDownload, onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<DownloadRecord> {
  void navigator.storage?.persist?.().catch(() => false)
  const mediaUrl = proxiedMediaUrl(episode.address)
  onProgress({ step: 'media', done: 0 })
  const bytes = await storeMedia(owner, mediaUrl, (done, total) => onProgress({ step: 'media', done, ...(total ? { total } : {}) }), signal)

  onProgress({ step: 'transcript', done: 0, total: 1 })
  const transcript = await apiCall(mediaRoutes.getSpeechSegments, { query: { audio_url: episode.address }, signal, account: owner })
  const segments = prepareSegments(transcript.segments)

  let words: DownloadRecord['words']
  if (episode.article?.isMine && segments.length > 0) {
    onProgress({ step: 'words', done: 0, total: 1 })
    const res = await apiCall(vocabularyRoutes.articleWords, { query: { article_id: episode.id }, signal, account: owner })
    words = { forms: res.forms, statuses: res.statuses, levels: res.levels, hints: res.hints, comprehension: res.comprehension }
  }

  // The notes of the learner's own article: the Notes tab opens offline with them.
  const notes = episode.article?.isMine ? await fetchNotes(episode.id, signal, owner) : undefined

  const toLookUp = wordsToLookUp(segments)
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

  const record: DownloadRecord = {
    key: `${owner}|${episode.id}`,
    owner,
    id: episode.id,
    kind: episode.kind,
    title: episode.title,
    address: episode.address,
    mediaUrl,
    bytes,
    savedAt: Date.now(),
    ...(episode.article ? { article: episode.article } : {}),
    ...(episode.item ? { item: episode.item } : {}),
    segments,
    ...(transcript.transcription ? { transcription: transcript.transcription } : {}),
    ...(words ? { words } : {}),
    ...(notes !== undefined ? { notes } : {}),
    lookups,
  }
  // The media was fetched with the cookies of the moment: kept only if the session is still the owner's.
  if (sessionAccount() !== owner) {
    if (!(await mediaInUse(owner, mediaUrl))) await deleteMedia(mediaUrl)
    throw new ApiError(401, undefined, NOT_THIS_SESSION)
  }
  await putDownload(record)
  return record
}

/** Deletes a download; its media goes too unless another download plays the same file. */
export async function deleteDownload(owner: string, id: string): Promise<void> {
  const record = await getDownload(owner, id)
  if (!record) return
  await removeDownload(owner, id)
  if (!(await mediaInUse(owner, record.mediaUrl))) await deleteMedia(record.mediaUrl)
}

/**
 * Another account may have used this browser: keeps only `account`'s
 * downloads and media, after giving it those an older console kept under its
 * username (`adopt`); everything else is deleted (a download can be made again).
 */
export async function keepOnlyDownloadsOf(account: string, adopt?: string): Promise<void> {
  const kept = new Set<string>()
  for (const record of await allDownloads()) {
    if (record.owner === account) kept.add(record.mediaUrl)
    else if (adopt !== undefined && record.owner === adopt) {
      await moveDownload(record, account)
      kept.add(record.mediaUrl)
    } else await removeDownload(record.owner, record.id)
  }
  await claimMedia(account, kept)
}

export interface StorageFigure {
  usage: number
  quota: number
  persisted: boolean
}

/** The browser's storage estimate for the site (all of it: downloads, the shell, the outbox). */
export async function storageFigure(): Promise<StorageFigure | undefined> {
  if (!navigator.storage?.estimate) return undefined
  const { usage = 0, quota = 0 } = await navigator.storage.estimate()
  const persisted = (await navigator.storage.persisted?.().catch(() => false)) ?? false
  return { usage, quota, persisted }
}
