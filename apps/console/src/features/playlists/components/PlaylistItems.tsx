import type { PlaylistArticle } from '@lingocast/contract'
import { AudioLines, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '../../../lib/routing/navigation'
import { MediaPlaceholder } from '../../../components/ui/MediaPlaceholder'
import { Thumbnail } from '../../../components/ui/Thumbnail'
import { formatDuration } from '../../../lib/format'
import { thumbnailUrl } from '../../../lib/thumbnail'
import { playerPath } from '../../library/items'

interface Props {
  items: readonly PlaylistArticle[]
  /** The item in the player bar, marked in the list. */
  playingId: number | undefined
  /** Only for the owner: the remove-from-playlist button of each item. */
  onRemove?: (item: PlaylistArticle) => void
}

/**
 * The numbered items (spec 000 s2): lazy thumbnail, title on at most two
 * lines, m:ss. A click opens the video or audio player; an item without a
 * HashID does not navigate.
 */
export function PlaylistItems({ items, playingId, onRemove }: Props) {
  return (
    <ol aria-label="Playlist items" className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item, i) => {
        const playing = item.ArticleID === playingId
        const body = (
          <>
            <span className="w-6 shrink-0 text-right text-sm font-medium tabular-nums text-slate-400">
              {playing ? <AudioLines className="ml-auto h-4 w-4 text-indigo-600" aria-label="Playing" /> : i + 1}
            </span>
            <Thumbnail src={thumbnailUrl(item.Thumbnail, item.Video)} placeholder={<MediaPlaceholder video={Boolean(item.Video)} size="sm" />} className="w-24 shrink-0 rounded-lg sm:w-32" />
            <span className="min-w-0 flex-1">
              <span className={`line-clamp-2 text-sm font-semibold leading-snug ${playing ? 'text-indigo-700' : 'text-slate-900'}`} title={item.Title}>
                {item.Title}
              </span>
              <span className="mt-1 block text-xs tabular-nums text-slate-500">
                <span className="sr-only">Duration </span>
                {formatDuration(item.Duration)}
              </span>
            </span>
          </>
        )
        return (
          <li key={item.ArticleID} aria-current={playing || undefined} className={`group flex items-center gap-1 pr-2 ${playing ? 'bg-indigo-50/60' : 'hover:bg-slate-50'}`}>
            <ItemLink item={item}>{body}</ItemLink>
            {onRemove && (
              <button
                type="button"
                aria-label={`Remove ${item.Title} from playlist`}
                title="Remove from playlist"
                onClick={() => onRemove(item)}
                className="shrink-0 rounded-lg p-2 text-slate-400 transition hover:bg-red-50 hover:text-red-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
          </li>
        )
      })}
    </ol>
  )
}

const ROW = 'flex min-w-0 flex-1 items-center gap-3 px-3 py-3 sm:gap-4 sm:px-4'

function ItemLink({ item, children }: { item: PlaylistArticle; children: ReactNode }) {
  if (!item.HashID) return <div className={ROW}>{children}</div>
  return (
    <Link to={playerPath({ HashID: item.HashID, Video: item.Video ?? null })} className={`${ROW} rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500`}>
      {children}
    </Link>
  )
}
