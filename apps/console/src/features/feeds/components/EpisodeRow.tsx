import type { Comprehension, FeedItem } from '@lingocast/contract'
import { Check, Clock, Play, RotateCcw } from 'lucide-react'
import { useId, useMemo } from 'react'
import { Link } from '../../../lib/routing/navigation'
import { MediaPlaceholder } from '../../../components/ui/MediaPlaceholder'
import { Spinner } from '../../../components/ui/Spinner'
import { Thumbnail } from '../../../components/ui/Thumbnail'
import { thumbnailUrl } from '../../../lib/thumbnail'
import { DownloadButton } from '../../offline/DownloadButton'
import { episodeDownload } from '../../offline/downloads'
import { ComprehensionBadge } from '../../vocabulary/components/ComprehensionBadge'
import { formatDayTime, isYouTube, minutesLabel } from '../episodes'
import { ExpandableDescription } from './Description'

interface Props {
  item: FeedItem
  /** How much of its transcript the user knows; absent when no transcript is known. */
  comprehension?: Comprehension
  /** The channel's image, shown when the episode has none of its own. */
  channelImage?: string | null
  /** The episode is in the mini player. */
  current: boolean
  /** Add to study is under way for it. */
  studying: boolean
  onPlay: (item: FeedItem) => void
  onTogglePlayed: (item: FeedItem, played: boolean) => void
}

const iconButton =
  'inline-flex items-center justify-center rounded-full p-2 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'

/**
 * One My Feed row (spec 001 s2): date and time, thumbnail, title, a link to
 * the channel, duration, a dot while unplayed, the description on demand,
 * the played mark (ours), and Play.
 */
export function EpisodeRow({ item, comprehension, channelImage, current, studying, onPlay, onTogglePlayed }: Props) {
  const titleId = useId()
  const when = formatDayTime(item.pub_date)
  const minutes = minutesLabel(item.duration)
  const youTube = isYouTube(item.video)
  const download = useMemo(() => episodeDownload(item), [item])
  return (
    <article
      aria-labelledby={titleId}
      aria-current={current || undefined}
      data-played={item.isPlayed}
      className={`flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 transition sm:gap-4 ${current ? 'ring-2 ring-indigo-400' : 'ring-slate-200'}`}
    >
      <Thumbnail src={thumbnailUrl(item.thumbnail ?? channelImage)} placeholder={<MediaPlaceholder video={Boolean(item.video)} size="sm" />} className="w-24 shrink-0 self-start rounded-lg sm:w-36" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500">
          {!item.isPlayed && <span role="img" aria-label="Unplayed" title="Unplayed" className="inline-block h-2 w-2 shrink-0 rounded-full bg-indigo-600" />}
          {when && <time dateTime={item.pub_date ?? undefined}>{when}</time>}
          <Link to={`/rss/${item.rss_id}`} className="max-w-full truncate font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
            {item.rss_channel_name}
          </Link>
          {minutes && (
            <span className="inline-flex items-center gap-1">
              <Clock className="h-3 w-3" aria-hidden="true" />
              {minutes}
            </span>
          )}
          <ComprehensionBadge figure={comprehension} />
        </p>
        <h2 id={titleId} className={`mt-1 line-clamp-2 text-sm font-semibold leading-snug ${item.isPlayed ? 'text-slate-500' : 'text-slate-900'}`} title={item.title}>
          {item.title}
        </h2>
        <ExpandableDescription html={item.description} title={item.title} />
        {download && (
          <div className="mt-1">
            <DownloadButton episode={download} compact />
          </div>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-center gap-1 sm:flex-row sm:self-center">
        <button
          type="button"
          aria-label={item.isPlayed ? 'Mark as unplayed' : 'Mark as played'}
          title={item.isPlayed ? 'Mark as unplayed' : 'Mark as played'}
          onClick={() => onTogglePlayed(item, !item.isPlayed)}
          className={iconButton}
        >
          {item.isPlayed ? <RotateCcw className="h-4 w-4" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
        </button>
        <button
          type="button"
          aria-label={youTube ? `Play ${item.title} in the player` : `Play ${item.title}`}
          title={youTube ? 'Play in the player' : 'Play'}
          onClick={() => onPlay(item)}
          disabled={studying}
          aria-busy={studying || undefined}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 text-white shadow-sm transition hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:bg-indigo-300"
        >
          {studying ? <Spinner className="h-5 w-5" /> : <Play className="ml-0.5 h-5 w-5" aria-hidden="true" />}
        </button>
      </div>
    </article>
  )
}

export function EpisodeRowSkeleton() {
  return (
    <div className="flex gap-4 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200" aria-hidden="true">
      <div className="aspect-video w-24 rounded-lg bg-slate-200/70 motion-safe:animate-pulse sm:w-36" />
      <div className="flex-1 space-y-2 py-1">
        <div className="h-3 w-1/3 rounded bg-slate-100 motion-safe:animate-pulse" />
        <div className="h-4 w-3/4 rounded bg-slate-200/70 motion-safe:animate-pulse" />
        <div className="h-3 w-1/4 rounded bg-slate-100 motion-safe:animate-pulse" />
      </div>
    </div>
  )
}
