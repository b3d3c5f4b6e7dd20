import type { FeedItem, Segment } from '@lingocast/contract'
import type { OpenedArticle } from '../../shared/episode-data'
import type { DownloadRecord } from './store'

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

/** What the parts keep of an episode besides its media: the fields of a download they fill. */
export type KeptParts = Partial<Pick<DownloadRecord, 'segments' | 'transcription' | 'words' | 'notes' | 'lookups'>>

/** A part's task: the episode, whose session to ask in, and what the parts before it kept. */
export interface DownloadJob {
  owner: string
  episode: EpisodeToDownload
  /** The transcript part runs first: every later part finds the episode's segments here. */
  kept: KeptParts & { segments: Segment[] }
  signal?: AbortSignal
  onProgress(progress: DownloadProgress): void
}

/**
 * A feature's share of a download: what its screens read offline. The feature
 * registers it where it loads with the shell (as it does its outbox sender),
 * so the offline layer keeps the data without importing the feature.
 */
export interface DownloadPart {
  fetch(job: DownloadJob): Promise<KeptParts>
}

/** The order parts run in: the transcript first, since the words and their lookups are read from it. */
const PART_ORDER = ['transcript', 'words', 'notes', 'lookups'] as const
export type DownloadPartName = (typeof PART_ORDER)[number]

const parts = new Map<DownloadPartName, DownloadPart>()

/** Registers the one part of a name; the feature that owns it does it when its module loads. */
export function registerDownloadPart(name: DownloadPartName, part: DownloadPart): void {
  parts.set(name, part)
}

/** The registered parts, in the order they run. */
export function downloadParts(): DownloadPart[] {
  return PART_ORDER.flatMap((name) => parts.get(name) ?? [])
}
