import type { Article } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { Spinner } from '../../../components/ui/Spinner'
import { articlePlaylistsQuery, playlistsQuery, useAddToPlaylists } from '../api'
import { PLAYLIST_TEXT } from '../messages'

interface Props {
  article: Pick<Article, 'CollectionID' | 'Title'>
  onClose: () => void
}

/**
 * Add to Collection (spec 000 s2): a checklist of the user's own playlists,
 * those already holding the article ticked. Mount it to open it. Used by the
 * library's card menu and the player's actions menu.
 */
export function AddToCollectionDialog({ article, onClose }: Props) {
  const playlists = useQuery(playlistsQuery())
  const mine = (playlists.data ?? []).filter((p) => p.is_mine)
  // Nothing to tick without own playlists: the membership call is not needed then.
  const current = useQuery({ ...articlePlaylistsQuery(article.CollectionID), enabled: mine.length > 0 })
  // Edits made here; untouched rows follow the server's membership.
  const [edits, setEdits] = useState<Map<number, boolean>>(() => new Map())
  const save = useAddToPlaylists({ onSuccess: onClose })

  // After a failed read nothing is ticked, and nothing will be removed: only what the user ticks is added.
  const holding = current.isError ? undefined : current.data
  const isChecked = (id: number) => edits.get(id) ?? holding?.includes(id) ?? false
  const toggle = (id: number) => setEdits((prev) => new Map(prev).set(id, !isChecked(id)))

  const loading = playlists.isPending || (mine.length > 0 && current.isPending)
  const onSave = () => {
    if (save.isPending || mine.length === 0) return
    save.mutate({
      collectionId: article.CollectionID,
      playlistIds: mine.filter((p) => isChecked(p.id)).map((p) => p.id),
      removeIds: mine.filter((p) => holding?.includes(p.id) && !isChecked(p.id)).map((p) => p.id),
    })
  }

  return (
    <Dialog
      title={PLAYLIST_TEXT.addToCollection}
      onClose={onClose}
      busy={save.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={loading || mine.length === 0}>
            Save Changes
          </Button>
        </>
      }
    >
      <p className="-mt-2 mb-4 line-clamp-2 text-sm text-slate-500">{article.Title}</p>
      {loading ? (
        <div className="flex items-center justify-center py-8 text-indigo-600">
          <Spinner className="h-6 w-6" label="Loading collections" />
        </div>
      ) : mine.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{PLAYLIST_TEXT.noCollections}</p>
      ) : (
        <>
          {current.isError && (
            <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {PLAYLIST_TEXT.loadCurrentFailed}
            </p>
          )}
          <fieldset>
            <legend className="sr-only">Collections</legend>
            <ul className="-mx-2 max-h-72 space-y-0.5 overflow-y-auto px-0.5 py-0.5">
              {mine.map((p, i) => (
                <li key={p.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm text-slate-800 hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500">
                    <span className="relative inline-flex h-4 w-4 shrink-0">
                      <input
                        type="checkbox"
                        checked={isChecked(p.id)}
                        onChange={() => toggle(p.id)}
                        disabled={save.isPending}
                        autoFocus={i === 0}
                        data-autofocus={i === 0 ? '' : undefined}
                        className="peer h-4 w-4 appearance-none rounded border border-slate-300 bg-white transition checked:border-indigo-600 checked:bg-indigo-600 focus:outline-none disabled:opacity-50"
                      />
                      <Check className="pointer-events-none absolute inset-0 m-auto hidden h-3 w-3 text-white peer-checked:block" strokeWidth={3} aria-hidden="true" />
                    </span>
                    <span className="truncate">{p.title}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </>
      )}
      {save.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {PLAYLIST_TEXT.addFailed}
        </p>
      )}
    </Dialog>
  )
}
