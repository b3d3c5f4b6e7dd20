import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { useAuth } from '../../lib/auth-context'
import { deleteDownload, downloadEpisode, storageFigure, type DownloadProgress, type EpisodeToDownload } from './downloads'
import { offlineKeys } from './api'
import { listDownloads } from './store'

export { offlineKeys }


/** The learner's downloads, newest first: read from this browser, never the network. */
export const downloadsQuery = (owner: string) =>
  queryOptions({ queryKey: offlineKeys.downloads(owner), queryFn: () => listDownloads(owner), networkMode: 'always', staleTime: Number.POSITIVE_INFINITY })

/** The browser's storage estimate for the site. */
export const storageQuery = () => queryOptions({ queryKey: offlineKeys.storage(), queryFn: async () => (await storageFigure()) ?? null, networkMode: 'always', staleTime: 0 })

export type TaskState = { state: 'running'; progress: DownloadProgress } | { state: 'failed'; message: string }

/**
 * Downloads under way (or failed), by owner and id, outside React: a download
 * goes on while the learner moves to another screen, and every button and
 * list showing it follows.
 */
const tasks = new Map<string, TaskState>()
const listeners = new Set<() => void>()
const taskKey = (owner: string, id: string) => `${owner}|${id}`
function setTask(key: string, state: TaskState | undefined) {
  if (state) tasks.set(key, state)
  else tasks.delete(key)
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function refreshLists(client: QueryClient) {
  void client.invalidateQueries({ queryKey: offlineKeys.all })
}

/** Starts a download unless one of the same episode runs; failures stay shown until the next try. */
export function startDownload(client: QueryClient, owner: string, episode: EpisodeToDownload): void {
  const key = taskKey(owner, episode.id)
  if (tasks.get(key)?.state === 'running') return
  setTask(key, { state: 'running', progress: { step: 'media', done: 0 } })
  downloadEpisode(owner, episode, (progress) => setTask(key, { state: 'running', progress }))
    .then(() => setTask(key, undefined))
    .catch((error: unknown) => setTask(key, { state: 'failed', message: downloadErrorText(error) }))
    .finally(() => refreshLists(client))
}

export function downloadErrorText(error: unknown): string {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return 'Download failed: there is no room left on this device.'
  return `Download failed: ${error instanceof Error ? error.message : String(error)}`
}

/** The download of one episode: stored, under way, failed, or none; with start and delete. */
export function useDownload(episode: EpisodeToDownload | undefined) {
  const client = useQueryClient()
  const owner = useAuth().account ?? ''
  const list = useQuery({ ...downloadsQuery(owner), enabled: owner !== '' })
  const key = episode ? taskKey(owner, episode.id) : ''
  const task = useSyncExternalStore(subscribe, () => tasks.get(key), () => undefined)
  const stored = episode ? list.data?.find((d) => d.id === episode.id) : undefined
  const start = useCallback(() => {
    if (owner && episode) startDownload(client, owner, episode)
  }, [client, owner, episode])
  const remove = useCallback(async () => {
    if (!owner || !episode) return
    await deleteDownload(owner, episode.id)
    refreshLists(client)
  }, [client, owner, episode])
  return { stored, task, start, remove }
}

/** Deletes one of the learner's downloads and refreshes what shows them. */
export function useDeleteDownload() {
  const client = useQueryClient()
  const owner = useAuth().account ?? ''
  return useCallback(
    async (id: string) => {
      await deleteDownload(owner, id)
      refreshLists(client)
    },
    [client, owner],
  )
}

/** "Downloading 45 %", "Looking up words 120 of 800" */
export function progressText(p: DownloadProgress): string {
  if (p.step === 'media') return p.total ? `Downloading ${Math.floor((p.done / p.total) * 100)} %` : `Downloading ${formatBytes(p.done)}`
  if (p.step === 'transcript') return 'Saving the transcript'
  if (p.step === 'words') return 'Saving word statuses'
  return `Looking up words ${p.done} of ${p.total ?? 0}`
}

/** Bytes as a learner reads them: "850 KB", "12.4 MB", "1.2 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} KB`
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`
}
