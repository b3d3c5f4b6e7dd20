import type { Comprehension, FeedItem } from '@lingocast/contract'
import { Play } from 'lucide-react'
import { useId } from 'react'
import { MediaPlaceholder } from '../../../components/ui/MediaPlaceholder'
import { Spinner } from '../../../components/ui/Spinner'
import { Thumbnail } from '../../../components/ui/Thumbnail'
import { thumbnailUrl } from '../../../lib/thumbnail'
import { ComprehensionBadge } from '../../vocabulary/components/ComprehensionBadge'
import { formatDay, minutesLabel } from '../episodes'
import { TruncatedDescription } from './Description'

interface Props {
  item: FeedItem
  /** How much of its transcript the user knows; absent when no transcript is known. */
  comprehension?: Comprehension
  /** Fallback picture: the channel's image. */
  channelImage: string | null
  studying: boolean
  onPlay: (item: FeedItem) => void
}

/**
 * An episode on the feed detail screen (spec 001 s2): thumbnail, title,
 * date as yyyy-MM-dd, the description cut at 200 characters with Show more,
 * and a play button with its whole minutes that opens it in the player.
 */
export function FeedEpisode({ item, comprehension, channelImage, studying, onPlay }: Props) {
  const titleId = useId()
  const day = formatDay(item.pub_date)
  const minutes = minutesLabel(item.duration)
  return (
    <article aria-labelledby={titleId} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:gap-4">
      <Thumbnail src={thumbnailUrl(item.thumbnail ?? channelImage)} placeholder={<MediaPlaceholder video={Boolean(item.video)} size="sm" />} className="w-24 shrink-0 self-start rounded-lg sm:w-36" />
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="text-sm font-semibold leading-snug text-slate-900">
          {item.title}
        </h3>
        {(day || comprehension) && (
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs tabular-nums text-slate-500">
            {day && (
              <time dateTime={item.pub_date ?? undefined} data-testid="episode-date">
                {day}
              </time>
            )}
            <ComprehensionBadge figure={comprehension} />
          </p>
        )}
        <TruncatedDescription html={item.description} className="mt-2" />
      </div>
      <button
        type="button"
        onClick={() => onPlay(item)}
        disabled={studying}
        aria-busy={studying || undefined}
        aria-label={`Play ${item.title}${minutes ? `, ${minutes}` : ''}`}
        className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-full bg-indigo-600 px-3 py-1.5 text-xs font-semibold text-white shadow-sm transition hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:bg-indigo-300"
      >
        {studying ? <Spinner className="h-3.5 w-3.5" /> : <Play className="h-3.5 w-3.5" aria-hidden="true" />}
        {minutes ?? 'Play'}
      </button>
    </article>
  )
}
