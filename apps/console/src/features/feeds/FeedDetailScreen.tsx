import { FEED_TOAST_MS, type Feed, type FeedItem } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { CircleAlert, Minus, Pencil, Plus, RotateCw } from 'lucide-react'
import { useCallback, useMemo, useRef, useState } from 'react'
import { useParams } from '../../lib/routing/navigation'
import { BackButton } from '../../components/ui/BackButton'
import { Button } from '../../components/ui/Button'
import { MediaPlaceholder } from '../../components/ui/MediaPlaceholder'
import { ShowMoreRows, useRowsShown } from '../../components/ui/ShowMoreRows'
import { SkeletonRows, SkeletonScreen } from '../../components/ui/StatusScreen'
import { Thumbnail } from '../../components/ui/Thumbnail'
import { Toast } from '../../components/ui/Toast'
import { thumbnailUrl } from '../../lib/thumbnail'
import { useFeedComprehension } from '../vocabulary/use-feed-comprehension'
import { feedItemsQuery, feedsQuery, subscribedIdsQuery, useRefreshFeed, useToggleSubscription } from './api'
import { categoryOf, channelStatusText, parseFeedId } from './channels'
import { TruncatedDescription } from './components/Description'
import { EmptyText, ErrorPanel } from './components/ErrorPanel'
import { FeedEpisode } from './components/FeedEpisode'
import { RenameFeedDialog } from './components/RenameFeedDialog'
import { useAddToStudy } from './hooks'
import { detailLoadMessage, errorLine, FEEDS_TEXT, refreshErrorText, toggleFailureAlert, toggleSuccessToast } from './messages'

const PAGE = 'mx-auto max-w-5xl px-4 pb-16 pt-5 sm:px-6 lg:pt-7'

/** The feed detail screen at /rss/{id} (spec 001 s2). */
export default function FeedDetailScreen() {
  const { id } = useParams()
  const rssId = parseFeedId(id)
  const feeds = useQuery(feedsQuery())
  const items = useQuery({ ...feedItemsQuery(rssId ?? 0), enabled: rssId !== undefined })
  const ids = useQuery(subscribedIdsQuery())
  const feed = rssId === undefined ? undefined : feeds.data?.find((f) => f.id === rssId)

  // spec 001 s8: one 'Error: {message}', in the order the screen needs its data.
  let error: { message: string; retry?: () => void; retrying?: boolean } | undefined
  // An id that is not a number names no feed, now or later: nothing to retry.
  if (rssId === undefined) error = { message: FEEDS_TEXT.feedNotFound }
  else if (feeds.isError && !feeds.data) error = { message: detailLoadMessage(feeds.error, 'feed'), retry: () => void feeds.refetch(), retrying: feeds.isFetching }
  else if (feeds.data && !feed) error = { message: FEEDS_TEXT.feedNotFound, retry: () => void feeds.refetch(), retrying: feeds.isFetching }
  // The steps after the feed itself only count once it is known to exist (a bad id's items fail too).
  else if (feed && items.isError && !items.data) error = { message: detailLoadMessage(items.error, 'items'), retry: () => void items.refetch(), retrying: items.isFetching }
  else if (feed && ids.isError && !ids.data) error = { message: detailLoadMessage(ids.error, 'subscription'), retry: () => void ids.refetch(), retrying: ids.isFetching }

  if (error)
    return (
      <section className={PAGE}>
        <div className="mb-4 flex items-center gap-2">
          <BackButton fallback="/discover" />
        </div>
        <ErrorPanel message={errorLine(error.message)} onRetry={error.retry} retrying={error.retrying ?? false} />
      </section>
    )
  if (!feed || !items.data || !ids.data) return <DetailSkeleton />
  return <FeedDetail key={feed.id} feed={feed} subscribed={ids.data.includes(feed.id)} items={items.data} />
}

function FeedDetail({ feed, subscribed, items }: { feed: Feed; subscribed: boolean; items: FeedItem[] }) {
  const [toast, setToast] = useState<string>()
  const closeToast = useCallback(() => setToast(undefined), [])
  const [renaming, setRenaming] = useState(false)
  const study = useAddToStudy()
  const toggle = useToggleSubscription({
    onSuccess: ({ subscribe }) => setToast(toggleSuccessToast(subscribe)),
    // spec 001 s8: subscribe failures on the feed screen are an alert with the server's msg.
    onError: (error, { subscribe }) => window.alert(toggleFailureAlert(error, subscribe)),
  })
  const refresh = useRefreshFeed()
  const figures = useFeedComprehension(useMemo(() => items.map((i) => i.id), [items]))
  const rows = useRowsShown(items.length, `channel|${feed.id}`)
  const list = useRef<HTMLUListElement>(null)

  return (
    <section className={PAGE}>
      <header className="flex items-start gap-2 sm:gap-4">
        <BackButton fallback="/discover" />
        <Thumbnail src={thumbnailUrl(feed.image)} placeholder={<MediaPlaceholder video={false} />} alt="" className="hidden w-40 shrink-0 rounded-xl sm:block" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium uppercase tracking-wider text-slate-400">{categoryOf(feed)}</p>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{feed.title}</h1>
            <Button variant="ghost" className="px-2 py-1" onClick={() => setRenaming(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {FEEDS_TEXT.rename}
            </Button>
          </div>
          <TruncatedDescription html={feed.description} className="mt-2" />
        </div>
        <Button variant={subscribed ? 'secondary' : 'primary'} loading={toggle.isPending} onClick={() => toggle.mutate({ rssId: feed.id, subscribe: !subscribed })} className="shrink-0">
          {!toggle.isPending && (subscribed ? <Minus className="h-4 w-4" aria-hidden="true" /> : <Plus className="h-4 w-4" aria-hidden="true" />)}
          {subscribed ? FEEDS_TEXT.unsubscribe : FEEDS_TEXT.subscribe}
        </Button>
      </header>

      <FeedStatus feed={feed} refreshing={refresh.isPending} onRefresh={() => refresh.mutate(feed.id)} refreshError={refresh.isError ? refreshErrorText(refresh.error) : undefined} />

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Episodes</h2>
      <div className="mt-3">
        {items.length === 0 ? (
          <EmptyText>{FEEDS_TEXT.noEpisodes}</EmptyText>
        ) : (
          <>
            <ul ref={list} aria-label="Episodes" className="space-y-3">
              {items.slice(0, rows.shown).map((item) => (
                <li key={item.id}>
                  <FeedEpisode item={item} comprehension={figures.get(item.id)} channelImage={feed.image} studying={study.pendingId === item.id} onPlay={study.add} />
                </li>
              ))}
            </ul>
            <ShowMoreRows shown={rows.shown} total={items.length} list={list} noun="episodes" onMore={rows.more} />
          </>
        )}
      </div>
      {renaming && <RenameFeedDialog feed={feed} onClose={() => setRenaming(false)} onRenamed={() => setToast(FEEDS_TEXT.renamed)} />}
      <Toast message={toast} onClose={closeToast} duration={FEED_TOAST_MS} />
    </section>
  )
}

/** Ours: a channel whose feed failed, is paused or was never loaded says so, with a way to fetch it now. */
function FeedStatus({ feed, refreshing, onRefresh, refreshError }: { feed: Feed; refreshing: boolean; onRefresh: () => void; refreshError?: string }) {
  if (feed.status === 'ok' && !refreshError) return null
  const text = channelStatusText(feed)
  return (
    <div className="mt-5 space-y-2">
      {text && (
        <div className={`flex flex-wrap items-center gap-3 rounded-lg px-4 py-3 text-sm ring-1 ${feed.status === 'pending' ? 'bg-slate-50 text-slate-700 ring-slate-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}>
          <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1" data-testid="feed-status">
            {text}
          </p>
          <Button variant="secondary" loading={refreshing} onClick={onRefresh}>
            {!refreshing && <RotateCw className="h-4 w-4" aria-hidden="true" />}
            {feed.status === 'pending' ? FEEDS_TEXT.loadNow : FEEDS_TEXT.refreshNow}
          </Button>
        </div>
      )}
      {refreshError && (
        <p role="alert" className="text-sm text-red-600">
          {refreshError}
        </p>
      )}
    </div>
  )
}

function DetailSkeleton() {
  return (
    <SkeletonScreen label="Loading feed" className={PAGE}>
      <div className="flex gap-4">
        <div className="hidden aspect-video w-40 rounded-xl bg-slate-200 sm:block" />
        <div className="flex-1 space-y-3">
          <div className="h-7 w-1/2 rounded-lg bg-slate-200" />
          <div className="h-4 w-3/4 rounded bg-slate-200/70" />
        </div>
      </div>
      <SkeletonRows className="mt-10" />
    </SkeletonScreen>
  )
}
