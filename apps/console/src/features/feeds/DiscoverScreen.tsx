import { FEED_TOAST_MS, type Feed } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { Rss } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { Button } from '../../components/ui/Button'
import { Toast } from '../../components/ui/Toast'
import { feedsQuery, subscribedIdsQuery, useToggleSubscription } from './api'
import { filterChannels, groupByCategory } from './channels'
import { ChannelCard, ChannelCardSkeleton } from './components/ChannelCard'
import { EmptyText, ErrorPanel } from './components/ErrorPanel'
import { ImportFeedDialog } from './components/ImportFeedDialog'
import { EpisodeBar } from './components/MiniPlayer'
import { SearchBox } from './components/SearchBox'
import { playTarget } from './episodes'
import { useAddToStudy, useMiniPlayer } from './hooks'
import { FEEDS_TEXT, toggleFailureToast, toggleSuccessToast } from './messages'

const PAGE = 'mx-auto max-w-7xl px-4 pb-32 pt-6 sm:px-6 lg:px-8 lg:pt-8'
const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'

/** Explore Channels at /discover (spec 001 s2): every channel by category, to subscribe, open or sample. */
export default function DiscoverScreen() {
  const feeds = useQuery(feedsQuery())
  const ids = useQuery(subscribedIdsQuery())
  const [query, setQuery] = useState('')
  const [importing, setImporting] = useState(false)
  const [highlightId, setHighlightId] = useState<number>()
  const [toast, setToast] = useState<string>()
  const closeToast = useCallback(() => setToast(undefined), [])
  const mini = useMiniPlayer()
  const study = useAddToStudy()
  const toggle = useToggleSubscription({
    onSuccess: ({ subscribe }) => setToast(toggleSuccessToast(subscribe)),
    onError: (error, { subscribe }) => setToast(toggleFailureToast(error, subscribe)),
  })

  const subscribed = useMemo(() => new Set(ids.data ?? []), [ids.data])
  const groups = useMemo(() => groupByCategory(filterChannels(feeds.data ?? [], query)), [feeds.data, query])

  const onToggle = (feed: Feed, subscribe: boolean) => toggle.mutate({ rssId: feed.id, subscribe })
  const onPlayLatest = (feed: Feed) => {
    const latest = feed.latest_episode
    if (!latest) return
    const episode = { id: latest.id, rss_id: feed.id, title: latest.title, channel: feed.title, audio: latest.audio, video: latest.video, duration: latest.duration, image: feed.image }
    if (playTarget(episode).kind === 'study') study.add(episode)
    else mini.play(episode)
  }

  const loadFailed = (feeds.isError && !feeds.data) || (ids.isError && !ids.data)
  const retry = () => {
    if (feeds.isError) void feeds.refetch()
    if (ids.isError) void ids.refetch()
  }

  return (
    <section className={PAGE}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{FEEDS_TEXT.explore}</h1>
          <p className="mt-1 text-sm text-slate-500">Podcasts for learners of English. Subscribe to see their new episodes in My Feed.</p>
        </div>
        <Button onClick={() => setImporting(true)} className="self-start sm:self-auto">
          <Rss className="h-4 w-4" aria-hidden="true" />
          {FEEDS_TEXT.importRss}
        </Button>
      </div>

      <SearchBox label={FEEDS_TEXT.searchChannels} value={query} onChange={setQuery} className="mt-6 max-w-md" />

      <div className="mt-6">
        {feeds.isPending || (ids.isPending && !loadFailed) ? (
          <div aria-busy="true">
            <span role="status" className="sr-only">
              Loading channels
            </span>
            <div className={GRID}>
              {Array.from({ length: 8 }, (_, i) => (
                <ChannelCardSkeleton key={i} />
              ))}
            </div>
          </div>
        ) : loadFailed ? (
          <ErrorPanel message={FEEDS_TEXT.fetchRssFailed} onRetry={retry} retrying={feeds.isFetching || ids.isFetching} />
        ) : groups.length === 0 ? (
          <EmptyText>{query.trim() ? FEEDS_TEXT.noChannelMatch : FEEDS_TEXT.noChannels}</EmptyText>
        ) : (
          <div className="space-y-10">
            {groups.map((group) => (
              <section key={group.category} aria-label={group.category}>
                <h2 className="mb-3 text-lg font-semibold text-slate-900">{group.category}</h2>
                <ul className={GRID}>
                  {group.feeds.map((feed) => (
                    <li key={feed.id} className="flex">
                      <ChannelCard
                        feed={feed}
                        subscribed={subscribed.has(feed.id)}
                        toggling={toggle.isPending && toggle.variables?.rssId === feed.id}
                        onToggle={onToggle}
                        onPlayLatest={onPlayLatest}
                        studying={study.pendingId !== undefined && study.pendingId === feed.latest_episode?.id}
                        highlighted={highlightId === feed.id}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>

      {importing && (
        <ImportFeedDialog
          onClose={() => setImporting(false)}
          onImported={({ rssId }) => {
            setQuery('')
            setHighlightId(rssId)
          }}
        />
      )}
      <EpisodeBar mini={mini} study={study} />
      <Toast message={toast} onClose={closeToast} duration={FEED_TOAST_MS} />
    </section>
  )
}
