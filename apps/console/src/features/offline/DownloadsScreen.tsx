import { useQuery } from '@tanstack/react-query'
import { Trash } from 'lucide-react'
import { useState } from 'react'
import { Link } from '../../lib/routing/navigation'
import { Spinner } from '../../components/ui/Spinner'
import { useAuth } from '../../lib/auth-context'
import { formatBytes, downloadsQuery, storageQuery, useDeleteDownload } from './use-downloads'
import { formatDateTime } from '../../lib/format'

/**
 * Downloads (ours, decision 0016): what this browser keeps for offline use, how
 * much room the site uses of what the browser allows, and a delete per episode.
 */
export default function DownloadsScreen() {
  const owner = useAuth().account ?? ''
  const list = useQuery({ ...downloadsQuery(owner), enabled: owner !== '' })
  const storage = useQuery(storageQuery())
  const remove = useDeleteDownload()
  const [removing, setRemoving] = useState<string>()
  const figure = storage.data

  return (
    <section className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Downloads</h1>
      <p className="mt-1 text-sm text-slate-600" data-testid="storage-estimate">
        {storage.isPending
          ? 'Checking the room on this device…'
          : figure
          ? `Using ${formatBytes(figure.usage)} of ${formatBytes(figure.quota)} on this device${figure.persisted ? '; the browser keeps it' : '; the browser may clear it when space runs low'}.`
          : 'This browser does not say how much room it has.'}
      </p>
      {list.isPending ? (
        <Spinner className="mt-6 h-5 w-5 text-indigo-500" label="Loading downloads" />
      ) : !list.data?.length ? (
        <p className="mt-6 rounded-xl bg-white px-5 py-8 text-center text-sm text-slate-500 shadow-sm ring-1 ring-slate-200">
          Nothing is downloaded yet. Use "Download for offline" in the player or on a feed episode.
        </p>
      ) : (
        <ul aria-label="Downloaded episodes" className="mt-6 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {list.data.map((d) => (
            <li key={d.key} className="flex items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                {d.kind === 'article' ? (
                  <Link to={`/player/audio/${encodeURIComponent(d.id)}`} className="block truncate text-sm font-semibold text-slate-900 hover:text-indigo-700 hover:underline">
                    {d.title}
                  </Link>
                ) : (
                  <p className="truncate text-sm font-semibold text-slate-900">{d.title}</p>
                )}
                <p className="text-xs text-slate-500">
                  {d.kind === 'article' ? 'Article' : 'Feed episode'} · {formatBytes(d.bytes)} · {d.segments.length} {d.segments.length === 1 ? 'segment' : 'segments'} · {Object.keys(d.lookups).length} words looked up · saved {formatDateTime(new Date(d.savedAt))}
                </p>
              </div>
              <button
                type="button"
                onClick={() => {
                  setRemoving(d.id)
                  void remove(d.id).finally(() => setRemoving(undefined))
                }}
                disabled={removing === d.id}
                aria-label={`Delete the download of ${d.title}`}
                className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60"
              >
                <Trash className="h-4 w-4" aria-hidden="true" />
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
