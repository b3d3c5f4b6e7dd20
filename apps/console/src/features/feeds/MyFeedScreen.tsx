import { FEED_TOAST_MS, type FeedItem } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useRef, useState } from 'react'
import { Link, useSearchParams } from '../../lib/routing/navigation'
import { ShowMoreRows, useRowsShown } from '../../components/ui/ShowMoreRows'
import { Toast } from '../../components/ui/Toast'
import { useFeedComprehension } from '../vocabulary/use-feed-comprehension'
import { feedsQuery, subscribedIdsQuery, subscribedItemsQuery } from './api'
import { setAsideChannels } from './channels'
import { EpisodeRow, EpisodeRowSkeleton } from './components/EpisodeRow'
import { EmptyText, ErrorPanel } from './components/ErrorPanel'
import { EpisodeBar } from './components/MiniPlayer'
import { OpmlActions } from './components/OpmlActions'
import { SetAsideChannels } from './components/SetAsideChannels'
import { SearchBox } from './components/SearchBox'
import { DEFAULT_EPISODE_SORT, emptyState, EPISODE_SORT_LABELS, EPISODE_SORTS, filterEpisodes, parseEpisodeSort, playTarget, sortEpisodes, type EpisodeSort } from './episodes'
import { miniEpisodeOf, useAddToStudy, useMiniPlayer, usePlayedToggle } from './hooks'
import { errorLine, FEEDS_TEXT, loadFailureMessage } from './messages'

/** Room at the bottom for the fixed mini player. */
const PAGE = 'mx-auto max-w-5xl px-4 pb-32 pt-6 sm:px-6 lg:pt-8'

/** My Feed at /feeds (spec 001 s2): the episodes of the channels the user subscribes to. */
export default function MyFeedScreen() {
  const items = useQuery(subscribedItemsQuery())
  // Only for the channels' pictures beside episodes that have none: a failure here shows placeholders.
  const feeds = useQuery(feedsQuery())
  const images = useMemo(() => new Map((feeds.data ?? []).map((f) => [f.id, f.image])), [feeds.data])
  const subscribedIds = useQuery(subscribedIdsQuery())
  const setAside = useMemo(() => setAsideChannels(feeds.data ?? [], subscribedIds.data ?? []), [feeds.data, subscribedIds.data])
  const [params, setParams] = useSearchParams()
  // Local state drives the screen at once; the address keeps them for a reload or a shared link.
  const [sort, setSort] = useState(() => parseEpisodeSort(params.get('sort')))
  const [hidePlayed, setHidePlayed] = useState(() => params.get('hide_played') === '1')
  const [query, setQuery] = useState('')
  const [toast, setToast] = useState<string>()
  const closeToast = useCallback(() => setToast(undefined), [])
  const mini = useMiniPlayer()
  const study = useAddToStudy()
  const togglePlayed = usePlayedToggle()

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

  const changeSort = (next: EpisodeSort) => {
    setSort(next)
    setParam('sort', next === DEFAULT_EPISODE_SORT ? undefined : next)
  }
  const changeHidePlayed = (next: boolean) => {
    setHidePlayed(next)
    setParam('hide_played', next ? '1' : undefined)
  }

  const episodeIds = useMemo(() => (items.data ?? []).map((i) => i.id), [items.data])
  const figures = useFeedComprehension(episodeIds)
  const shown = useMemo(() => sortEpisodes(filterEpisodes(items.data ?? [], { query, hidePlayed }), sort), [items.data, query, hidePlayed, sort])
  const empty = items.data ? emptyState(items.data.length, shown.length) : undefined
  const rows = useRowsShown(shown.length, `my-feed|${sort}|${hidePlayed}|${query}`)
  const list = useRef<HTMLUListElement>(null)

  const onPlay = (item: FeedItem) => {
    if (playTarget(item).kind === 'study') study.add(item)
    else mini.play(miniEpisodeOf(item, images.get(item.rss_id)))
  }

  return (
    <section className={PAGE}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{FEEDS_TEXT.myFeed}</h1>
          <p className="mt-1 text-sm text-slate-500">
            New episodes from your channels. Find more in <Link to="/discover" className="font-medium text-indigo-600 hover:underline">Discover</Link>.
          </p>
        </div>
        <OpmlActions onMessage={setToast} />
      </div>
      <SetAsideChannels feeds={setAside} />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox label={FEEDS_TEXT.searchEpisodes} value={query} onChange={setQuery} className="flex-1" />
        <div className="flex items-center gap-4">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <span>{FEEDS_TEXT.sort}</span>
            <select
              value={sort}
              onChange={(e) => changeSort(parseEpisodeSort(e.currentTarget.value))}
              className="rounded-lg border-0 bg-white py-2 pl-3 pr-8 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-500"
            >
              {EPISODE_SORTS.map((value: EpisodeSort) => (
                <option key={value} value={value}>
                  {EPISODE_SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-700">
            <input
              type="checkbox"
              checked={hidePlayed}
              onChange={(e) => changeHidePlayed(e.currentTarget.checked)}
              className="h-4 w-4 rounded border-slate-300 text-indigo-600 accent-indigo-600 focus:ring-indigo-500"
            />
            {FEEDS_TEXT.hidePlayed}
          </label>
        </div>
      </div>

      <div className="mt-6">
        {items.isPending ? (
          <div aria-busy="true" className="space-y-3">
            <span role="status" className="sr-only">
              Loading episodes
            </span>
            {Array.from({ length: 5 }, (_, i) => (
              <EpisodeRowSkeleton key={i} />
            ))}
          </div>
        ) : items.isError && !items.data ? (
          <ErrorPanel message={errorLine(loadFailureMessage(items.error))} onRetry={() => void items.refetch()} retrying={items.isFetching} />
        ) : empty === 'none' ? (
          <EmptyText>{FEEDS_TEXT.noSubscriptions}</EmptyText>
        ) : empty === 'no-match' ? (
          <EmptyText>{FEEDS_TEXT.noMatch}</EmptyText>
        ) : (
          <>
            <ul ref={list} aria-label="Episodes" className="space-y-3">
              {shown.slice(0, rows.shown).map((item) => (
                <li key={item.id}>
                  <EpisodeRow item={item} comprehension={figures.get(item.id)} channelImage={images.get(item.rss_id)} current={mini.episode?.id === item.id} studying={study.pendingId === item.id} onPlay={onPlay} onTogglePlayed={togglePlayed} />
                </li>
              ))}
            </ul>
            <ShowMoreRows shown={rows.shown} total={shown.length} list={list} noun="episodes" onMore={rows.more} />
          </>
        )}
      </div>

      <EpisodeBar mini={mini} study={study} />
      <Toast message={toast} onClose={closeToast} duration={FEED_TOAST_MS} />
    </section>
  )
}
