import { useQuery } from '@tanstack/react-query'
import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react'
import { useOnline } from '../../lib/online'
import { useAuth } from '../../lib/auth-context'
import { outboxStatusQuery } from './api'
import { OFFLINE_MSG } from './messages'
import { dismissRejected } from './outbox'

/** A line above every screen while the learner is offline, while their offline changes wait, or when one was refused. */
export function OfflineBanner() {
  const online = useOnline()
  const { account } = useAuth()
  const owner = account ?? ''
  const { data } = useQuery({ ...outboxStatusQuery(owner), enabled: account !== undefined })
  const pending = data?.pending ?? 0
  const rejected = data?.rejected ?? []
  if (online && pending === 0 && rejected.length === 0) return null

  return (
    <div className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      {(!online || pending > 0) && (
        <p role="status" className="flex items-center gap-2">
          {online ? <RefreshCw className="h-4 w-4 shrink-0" aria-hidden="true" /> : <CloudOff className="h-4 w-4 shrink-0" aria-hidden="true" />}
          <span>
            {!online && OFFLINE_MSG.offline} {pending > 0 && (online ? OFFLINE_MSG.sending(pending) : OFFLINE_MSG.waiting(pending))}
          </span>
        </p>
      )}
      {rejected.map((entry) => (
        <p key={entry.id} role="alert" className="flex items-center gap-2">
          <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="flex-1">{OFFLINE_MSG.rejected(entry.message)}</span>
          <button
            type="button"
            onClick={() => void dismissRejected(owner, entry.id)}
            className="rounded px-2 py-0.5 font-medium hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {OFFLINE_MSG.dismiss}
          </button>
        </p>
      ))}
    </div>
  )
}
