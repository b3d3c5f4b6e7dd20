import type { FeedItem, Segment, TranscriptionStatus } from '@lingocast/contract'
import type { DBSchema } from 'idb'
import type { ArticleWords, OpenedArticle, WordLookup } from '../../shared/episode-data'
import { oneConnection } from './one-connection'

/**
 * What "Download for offline" keeps of one episode besides its media (which
 * is in Cache Storage, media-cache.ts): everything the player reads from the
 * API, as the API answered it, so that the same screens open from it.
 */
export interface DownloadRecord {
  /** `${owner}|${id}`: two accounts on one browser never see each other's downloads. */
  key: string
  /** The account (its `user_id`) that downloaded it. */
  owner: string
  /** An article's HashID, or `feed:{item id}` for a feed episode. */
  id: string
  kind: 'article' | 'episode'
  title: string
  /** The media address (Audio or Video of the article, the enclosure of an episode). */
  address: string
  /** The media proxy URL its bytes are stored under in Cache Storage. */
  mediaUrl: string
  /** Bytes of the stored media. */
  bytes: number
  savedAt: number
  /** The article as the player opens it (articles only). */
  article?: OpenedArticle
  /** The episode as My Feed lists it (feed episodes only). */
  item?: FeedItem
  /** The whole transcript, as get_speech_segments answered it. */
  segments: Segment[]
  transcription?: TranscriptionStatus
  /** The article's word statuses (articles only: a feed episode's statuses are read from its article once studied). */
  words?: ArticleWords
  /** The article's notes when downloaded (null: none yet), with what was written offline since (articles only). */
  notes?: string | null
  /** The lookup popover's data of each distinct word of the transcript (lower case), looked up in its first sentence. */
  lookups: Record<string, WordLookup>
}

interface DownloadsSchema extends DBSchema {
  downloads: { key: string; value: DownloadRecord; indexes: { 'by-owner': string } }
}

/**
 * Its own database, as the kept review decks have theirs: the outbox's
 * (offline-db.ts) has its own versions, and a download can always be made again.
 */
const DB_NAME = 'lingocast-downloads'

const connection = oneConnection<DownloadsSchema>(DB_NAME, 1, (database) => {
  database.createObjectStore('downloads', { keyPath: 'key' }).createIndex('by-owner', 'owner')
})
const db = () => connection.open()

export const recordKey = (owner: string, id: string) => `${owner}|${id}`

export async function putDownload(record: DownloadRecord): Promise<void> {
  await (await db()).put('downloads', record)
}

export async function getDownload(owner: string, id: string): Promise<DownloadRecord | undefined> {
  return (await db()).get('downloads', recordKey(owner, id))
}

/** The owner's downloads, newest first. */
export async function listDownloads(owner: string): Promise<DownloadRecord[]> {
  const all = await (await db()).getAllFromIndex('downloads', 'by-owner', owner)
  return all.sort((a, b) => b.savedAt - a.savedAt)
}

/** True when another download of the owner plays the media stored under this URL (each account has its own copy). */
export async function mediaInUse(owner: string, mediaUrl: string): Promise<boolean> {
  return (await listDownloads(owner)).some((r) => r.mediaUrl === mediaUrl)
}

/** Every download on this browser, of every account (only to keep one account's and delete the rest). */
export async function allDownloads(): Promise<DownloadRecord[]> {
  return (await db()).getAll('downloads')
}

/** Gives a download to another owner (data kept under a username before accounts had ids). */
export async function moveDownload(record: DownloadRecord, owner: string): Promise<void> {
  const tx = (await db()).transaction('downloads', 'readwrite')
  await tx.store.delete(record.key)
  await tx.store.put({ ...record, owner, key: recordKey(owner, record.id) })
  await tx.done
}

export async function removeDownload(owner: string, id: string): Promise<void> {
  await (await db()).delete('downloads', recordKey(owner, id))
}

/** Changes every download of the owner in one transaction (an offline word mark shown in each). */
export async function updateDownloads(owner: string, change: (record: DownloadRecord) => DownloadRecord | undefined): Promise<void> {
  const tx = (await db()).transaction('downloads', 'readwrite')
  for (const record of await tx.store.index('by-owner').getAll(owner)) {
    const next = change(record)
    if (next) await tx.store.put(next)
  }
  await tx.done
}
