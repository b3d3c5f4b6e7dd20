import type { Feed } from '@lingocast/contract'
import { CircleAlert, Clock, Minus, Play, Plus } from 'lucide-react'
import { useEffect, useId, useMemo, useRef } from 'react'
import { Link } from '../../../lib/routing/navigation'
import { MediaPlaceholder } from '../../../components/ui/MediaPlaceholder'
import { Spinner } from '../../../components/ui/Spinner'
import { Thumbnail } from '../../../components/ui/Thumbnail'
import { thumbnailUrl } from '../../../lib/thumbnail'
import { channelStatusLabel } from '../channels'
import { descriptionText } from '../description'
import { minutesLabel } from '../episodes'
import { FEEDS_TEXT } from '../messages'

interface Props {
  feed: Feed
  subscribed: boolean
  /** Its subscribe or unsubscribe call is under way. */
  toggling: boolean
  onToggle: (feed: Feed, subscribe: boolean) => void
  onPlayLatest: (feed: Feed) => void
  /** Its latest episode is being added to study (YouTube). */
  studying: boolean
  /** Just imported: scrolled into view and its link focused. */
  highlighted: boolean
}

/**
 * A channel in Explore Channels (spec 001 s2): its link to /rss/{id}, the
 * subscribe/unsubscribe toggle, and a button that plays the latest episode,
 * showing its minutes rounded up.
 */
export function ChannelCard({ feed, subscribed, toggling, onToggle, onPlayLatest, studying, highlighted }: Props) {
  const titleId = useId()
  const link = useRef<HTMLAnchorElement>(null)
  const text = useMemo(() => descriptionText(feed.description), [feed.description])
  const status = channelStatusLabel(feed)
  const latest = feed.latest_episode
  const minutes = latest ? minutesLabel(latest.duration) : undefined

  useEffect(() => {
    if (!highlighted) return
    link.current?.scrollIntoView({ block: 'center' })
    link.current?.focus({ preventScroll: true })
  }, [highlighted])

  return (
    <article
      aria-labelledby={titleId}
      className={`group relative flex w-full flex-col rounded-xl bg-white shadow-sm ring-1 transition hover:shadow-md ${highlighted ? 'ring-2 ring-indigo-500' : 'ring-slate-200 hover:ring-slate-300'}`}
    >
      <Thumbnail src={thumbnailUrl(feed.image)} placeholder={<MediaPlaceholder video={false} />} className="rounded-t-xl">
        {status && (
          <span
            title={feed.error ?? undefined}
            className={`absolute left-2 top-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium shadow-sm ring-1 ${
              feed.status === 'pending' ? 'bg-white/95 text-slate-600 ring-slate-200' : 'bg-amber-50/95 text-amber-800 ring-amber-200'
            }`}
          >
            {feed.status !== 'pending' && <CircleAlert className="h-3.5 w-3.5" aria-hidden="true" />}
            {status}
          </span>
        )}
      </Thumbnail>
      <div className="flex-1 p-3">
        <h3 id={titleId} className="line-clamp-2 text-sm font-semibold leading-snug text-slate-900" title={feed.title}>
          <Link ref={link} to={`/rss/${feed.id}`} className="rounded hover:text-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
            {feed.title}
          </Link>
        </h3>
        {text && <p className="mt-1 line-clamp-2 text-xs leading-relaxed text-slate-500">{text}</p>}
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-3 py-2">
        {latest ? (
          <button
            type="button"
            onClick={() => onPlayLatest(feed)}
            disabled={studying}
            aria-busy={studying || undefined}
            aria-label={`Play latest episode${minutes ? `, ${minutes}` : ''}: ${latest.title}`}
            title={latest.title}
            className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1.5 text-xs font-semibold text-indigo-700 transition hover:bg-indigo-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60"
          >
            {studying ? <Spinner className="h-3.5 w-3.5" /> : <Play className="h-3.5 w-3.5" aria-hidden="true" />}
            {minutes ?? 'Play'}
          </button>
        ) : (
          <span className="inline-flex items-center gap-1 text-xs text-slate-400">
            <Clock className="h-3.5 w-3.5" aria-hidden="true" />
            No episodes yet
          </span>
        )}
        <button
          type="button"
          onClick={() => onToggle(feed, !subscribed)}
          disabled={toggling}
          aria-busy={toggling || undefined}
          aria-label={subscribed ? `${FEEDS_TEXT.unsubscribe} from ${feed.title}` : `${FEEDS_TEXT.subscribe} to ${feed.title}`}
          className={`inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-xs font-semibold transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60 ${
            subscribed ? 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50' : 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500'
          }`}
        >
          {subscribed ? <Minus className="h-3.5 w-3.5" aria-hidden="true" /> : <Plus className="h-3.5 w-3.5" aria-hidden="true" />}
          {subscribed ? FEEDS_TEXT.unsubscribe : FEEDS_TEXT.subscribe}
        </button>
      </div>
    </article>
  )
}

export function ChannelCardSkeleton() {
  return (
    <div className="flex flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-hidden="true">
      <div className="aspect-video rounded-t-xl bg-slate-200/70 motion-safe:animate-pulse" />
      <div className="space-y-2 p-3">
        <div className="h-3.5 w-4/5 rounded bg-slate-200/70 motion-safe:animate-pulse" />
        <div className="h-3 w-full rounded bg-slate-100 motion-safe:animate-pulse" />
      </div>
    </div>
  )
}
