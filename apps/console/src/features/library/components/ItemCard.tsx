import type { Article, Comprehension } from '@lingocast/contract'
import { CircleCheck, EllipsisVertical, Film, Headphones, ListPlus, Trash } from 'lucide-react'
import { useState } from 'react'
import { Link } from '../../../lib/routing/navigation'
import { MediaPlaceholder } from '../../../components/ui/MediaPlaceholder'
import { Menu } from '../../../components/ui/Menu'
import { Thumbnail } from '../../../components/ui/Thumbnail'
import { formatDuration } from '../../../lib/format'
import { thumbnailUrl } from '../../../lib/thumbnail'
import { ComprehensionBadge } from '../../vocabulary/components/ComprehensionBadge'
import { playerPath } from '../items'

interface Props {
  item: Article
  /** How much of its transcript the user knows; absent without a transcript. */
  comprehension?: Comprehension
  onAddToCollection: (item: Article) => void
  onDelete: (item: Article) => void
}

/**
 * One library item: the whole card opens the player (the title link is
 * stretched over it), the menu button sits above that link.
 */
export function ItemCard({ item, comprehension, onAddToCollection, onDelete }: Props) {
  const [menuOpen, setMenuOpen] = useState(false)
  const video = Boolean(item.Video)
  return (
    <article
      className={`group relative flex w-full flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-500 ${menuOpen ? 'z-10' : ''}`}
    >
      <Thumbnail src={thumbnailUrl(item.Thumbnail, item.Video)} placeholder={<MediaPlaceholder video={video} />} className="rounded-t-xl">
        {item.IsFinished && (
          <span className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-medium text-indigo-700 shadow-sm ring-1 ring-indigo-100">
            <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />
            Finished
          </span>
        )}
        <span className="absolute bottom-2 right-2 rounded-md bg-slate-900/75 px-1.5 py-0.5 text-xs font-medium tabular-nums text-white">
          <span className="sr-only">Duration </span>
          <span>{formatDuration(item.Duration)}</span>
        </span>
      </Thumbnail>

      <div className="flex items-start gap-1 p-3 pr-1.5">
        <div className="min-w-0 flex-1 py-0.5">
          <h2 className="line-clamp-2 text-sm font-semibold leading-snug text-slate-900" title={item.Title}>
            <Link to={playerPath(item)} className="rounded after:absolute after:inset-0 after:rounded-xl after:content-[''] focus:outline-none">
              {item.Title}
            </Link>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
            {video ? <Film className="h-3.5 w-3.5" aria-hidden="true" /> : <Headphones className="h-3.5 w-3.5" aria-hidden="true" />}
            {video ? 'Video' : 'Audio'}
            <ComprehensionBadge figure={comprehension} className="ml-auto" />
          </p>
        </div>
        {/* Above the stretched link, so it stays clickable. */}
        <div className="relative z-10">
          <Menu
            label={`More actions for ${item.Title}`}
            trigger={<EllipsisVertical className="h-4 w-4" aria-hidden="true" />}
            triggerClassName="p-1.5"
            onOpenChange={setMenuOpen}
            items={[
              { label: 'Add to Collection...', icon: <ListPlus aria-hidden="true" />, onSelect: () => onAddToCollection(item) },
              { label: 'Delete Item', icon: <Trash aria-hidden="true" />, danger: true, onSelect: () => onDelete(item) },
            ]}
          />
        </div>
      </div>
    </article>
  )
}

export function ItemCardSkeleton() {
  return (
    <div className="flex flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-hidden="true">
      <div className="aspect-video rounded-t-xl bg-slate-200/70 motion-safe:animate-pulse" />
      <div className="space-y-2 p-3">
        <div className="h-3.5 w-4/5 rounded bg-slate-200/70 motion-safe:animate-pulse" />
        <div className="h-3.5 w-1/2 rounded bg-slate-200/70 motion-safe:animate-pulse" />
        <div className="h-3 w-1/4 rounded bg-slate-100 motion-safe:animate-pulse" />
      </div>
    </div>
  )
}
