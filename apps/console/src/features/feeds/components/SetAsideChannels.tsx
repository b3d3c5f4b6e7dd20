import { FEED_NOTICE, type Feed } from '@lingocast/contract'
import { CircleAlert } from 'lucide-react'
import { Link } from '../../../lib/routing/navigation'

/**
 * My Feed: the subscribed channels set aside after their update stopped the server twice. No new
 * episode comes from them until a refresh by hand, so the list says so and links to each channel,
 * where Refresh now is.
 */
export function SetAsideChannels({ feeds }: { feeds: ReadonlyArray<Pick<Feed, 'id' | 'title'>> }) {
  if (feeds.length === 0) return null
  return (
    <ul aria-label="Channels set aside" className="mt-5 space-y-2">
      {feeds.map((feed) => (
        <li key={feed.id} className="flex items-start gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="channel-set-aside">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            <Link to={`/rss/${feed.id}`} className="font-semibold underline hover:text-amber-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
              {feed.title}
            </Link>
            : {FEED_NOTICE.set_aside}
          </p>
        </li>
      ))}
    </ul>
  )
}
