import type { Article } from '@lingocast/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleAlert, RotateCw } from 'lucide-react'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from '../../lib/routing/navigation'
import { Button } from '../../components/ui/Button'
import { SegmentedControl } from '../../components/ui/SegmentedControl'
import { UploadMedia } from '../upload/UploadMedia'
import { libraryComprehensionQuery } from '../vocabulary/comprehension-queries'
import { easiestFirst } from '../vocabulary/comprehension'
import { libraryQuery, useDeleteArticle, useLibraryChangedEvent } from './api'
import { ItemCard, ItemCardSkeleton } from './components/ItemCard'
import {
  DEFAULT_STATUS_FILTER,
  deleteConfirmText,
  deleteErrorMessage,
  filterByStatus,
  LIBRARY_SORT_LABELS,
  LIBRARY_SORTS,
  LIBRARY_TEXT,
  parseLibrarySort,
  parseStatusFilter,
  type LibrarySort,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
} from './items'

// Its own chunk: only a new user sees it, and the first load stays small.
const PlacementOffer = lazy(() => import('../vocabulary/components/PlacementOffer'))
// Opened from a card's menu: its code comes then, not with the screen's first load.
const AddToCollectionDialog = lazy(() => import('../playlists/components/AddToCollectionDialog').then((m) => ({ default: m.AddToCollectionDialog })))

const FILTER_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: STATUS_FILTER_LABELS[value] }))
const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'
const SKELETONS = 8

/** The Learning (home) screen: the user's library as a grid of cards (spec 000 s2). */
export default function LearningScreen() {
  const library = useQuery(libraryQuery())
  useLibraryChangedEvent()
  const [params, setParams] = useSearchParams()
  const filter = parseStatusFilter(params.get('status'))
  const sort = parseLibrarySort(params.get('sort'))
  // The figures come apart from the list: the cards never wait for them, and a failure only hides them.
  // They are asked after the list, and again after each new list: the first list seeds the demo
  // articles, and figures asked beside it missed them for good (seen on PostgreSQL in CI).
  const comprehension = useQuery({ ...libraryComprehensionQuery(), enabled: library.isSuccess })
  const client = useQueryClient()
  const stale = comprehension.dataUpdatedAt > 0 && comprehension.dataUpdatedAt < library.dataUpdatedAt
  useEffect(() => {
    if (stale) void client.invalidateQueries({ queryKey: libraryComprehensionQuery().queryKey })
  }, [client, stale])
  const [collectionTarget, setCollectionTarget] = useState<Article>()

  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev)
        if (value === undefined) out.delete(name)
        else out.set(name, value)
        return out
      },
      { replace: true },
    )
  const setFilter = (next: StatusFilter) => setParam('status', next === DEFAULT_STATUS_FILTER ? undefined : next)
  const setSort = (next: LibrarySort) => setParam('sort', next === 'newest' ? undefined : next)

  const remove = useDeleteArticle({ onError: (error) => window.alert(deleteErrorMessage(error)) })
  const onDelete = (item: Article) => {
    if (window.confirm(deleteConfirmText(item.Title))) remove.mutate(item)
  }

  const figures = comprehension.data
  const items = useMemo(() => {
    const filtered = library.data ? filterByStatus(library.data, filter) : []
    return sort === 'easiest' ? easiestFirst(filtered, (item) => figures?.[item.HashID]) : filtered
  }, [library.data, filter, sort, figures])

  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Learning</h1>
          <p className="mt-1 text-sm text-slate-500">Listen, read along and study at your own pace.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3 self-start sm:self-auto">
          <UploadMedia />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <span>Sort</span>
            <select
              value={sort}
              onChange={(e) => setSort(parseLibrarySort(e.currentTarget.value))}
              className="rounded-lg border-0 bg-white py-2 pl-3 pr-8 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-500"
            >
              {LIBRARY_SORTS.map((value) => (
                <option key={value} value={value}>
                  {LIBRARY_SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <SegmentedControl label="Status filter" options={FILTER_OPTIONS} value={filter} onChange={setFilter} />
        </div>
      </div>

      <Suspense fallback={null}>
        <PlacementOffer />
      </Suspense>

      <div className="mt-6">
        {library.isPending ? (
          <div aria-busy="true">
            <span role="status" className="sr-only">
              Loading library
            </span>
            <div className={GRID}>
              {Array.from({ length: SKELETONS }, (_, i) => (
                <ItemCardSkeleton key={i} />
              ))}
            </div>
          </div>
        ) : library.isError && !library.data ? (
          <div className="flex flex-col items-center rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
            <CircleAlert className="h-8 w-8 text-red-500" strokeWidth={1.75} aria-hidden="true" />
            <div role="alert">
              <p className="mt-3 font-semibold text-slate-900">{LIBRARY_TEXT.loadFailed}</p>
              <p className="mt-1 max-w-md text-sm text-slate-500">{library.error.message}</p>
            </div>
            <Button variant="secondary" className="mt-5" loading={library.isFetching} onClick={() => void library.refetch()}>
              {!library.isFetching && <RotateCw className="h-4 w-4" aria-hidden="true" />}
              Retry
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center text-sm text-slate-500">{LIBRARY_TEXT.empty}</p>
        ) : (
          <ul className={GRID} aria-label={`${STATUS_FILTER_LABELS[filter]} items`}>
            {items.map((item) => (
              <li key={item.HashID} className="flex">
                <ItemCard item={item} comprehension={figures?.[item.HashID]} onAddToCollection={setCollectionTarget} onDelete={onDelete} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {collectionTarget && (
        <Suspense fallback={null}>
          <AddToCollectionDialog article={collectionTarget} onClose={() => setCollectionTarget(undefined)} />
        </Suspense>
      )}
    </section>
  )
}
