import { CircleCheck, Download, Trash } from 'lucide-react'
import { Link } from '../../lib/routing/navigation'
import type { EpisodeToDownload } from './downloads'
import { formatBytes, progressText, useDownload } from './use-downloads'

const BUTTON =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:text-slate-400'

/**
 * "Download for offline" for an article in the player or a feed episode:
 * the progress while it runs, then "Available offline" with its
 * size, a link to the Downloads list and a delete.
 */
export function DownloadButton({ episode, compact = false }: { episode: EpisodeToDownload; compact?: boolean }) {
  const { stored, task, start, remove } = useDownload(episode)
  if (task?.state === 'running') {
    const { done, total } = task.progress
    return (
      <div className="flex items-center gap-2 text-xs text-slate-600" role="status">
        <progress className="h-1.5 w-24 accent-indigo-600" aria-label={`Downloading ${episode.title}`} {...(total ? { value: done, max: total } : {})} />
        <span>{progressText(task.progress)}</span>
      </div>
    )
  }
  if (stored) {
    return (
      <div className="flex flex-wrap items-center gap-1 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1 font-medium text-emerald-700" data-testid="downloaded">
          <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />
          Available offline
        </span>
        {!compact && <span>· {formatBytes(stored.bytes)} ·</span>}
        {!compact && (
          <Link to="/downloads" className="font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
            Downloads
          </Link>
        )}
        <button type="button" className={BUTTON} onClick={() => void remove()} aria-label={`Delete the download of ${episode.title}`} title="Delete the download">
          <Trash className="h-3.5 w-3.5" aria-hidden="true" />
          {!compact && 'Delete the download'}
        </button>
      </div>
    )
  }
  return (
    <div className="flex flex-wrap items-center gap-1 text-xs text-slate-500">
      <button type="button" className={BUTTON} onClick={start} aria-label={compact ? `Download ${episode.title} for offline` : undefined} title="Download for offline">
        <Download className="h-3.5 w-3.5" aria-hidden="true" />
        {compact ? null : 'Download for offline'}
      </button>
      {task?.state === 'failed' && (
        <span role="alert" className="text-red-700">
          {task.message}
        </span>
      )}
    </div>
  )
}
