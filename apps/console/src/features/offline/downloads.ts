import type { FeedItem } from '@lingocast/contract'
import { ApiError, NOT_THIS_SESSION } from '../../api/client'
import { proxiedMediaUrl } from '../../lib/media-proxy'
import { sessionAccount } from '../../lib/session-account'
import type { OpenedArticle } from '../../shared/episode-data'
import { downloadParts, type DownloadJob, type DownloadProgress, type EpisodeToDownload } from './download-parts'
import { claimMedia, deleteMedia, storeMedia } from './media-cache'
import { offlinePlugins } from './plugins'
import { allDownloads, getDownload, mediaInUse, moveDownload, putDownload, removeDownload, type DownloadRecord } from './store'

export type { DownloadProgress, DownloadStep, EpisodeToDownload } from './download-parts'

export const articleDownload = (article: OpenedArticle, address: string): EpisodeToDownload => ({ id: article.HashID, kind: 'article', title: article.Title, address, article })
export const feedEpisodeId = (item: Pick<FeedItem, 'id'>) => `feed:${item.id}`
/** A feed episode's download, or undefined when it has no file to keep (none, or YouTube). */
export function episodeDownload(item: FeedItem): EpisodeToDownload | undefined {
  const address = item.audio?.trim() || item.video?.trim()
  if (!address || address.startsWith('youtube:')) return undefined
  return { id: feedEpisodeId(item), kind: 'episode', title: item.title, address, item }
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

  // Each feature's part (the player's transcript, the vocabulary's words and lookups, the notes) fills its fields.
  const job: DownloadJob = { owner, episode, kept: { segments: [] }, onProgress, signal }
  await offlinePlugins()
  for (const part of downloadParts()) job.kept = { ...job.kept, ...(await part.fetch(job)) }
  const { segments, transcription, words, notes, lookups = {} } = job.kept

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
    ...(transcription ? { transcription } : {}),
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
