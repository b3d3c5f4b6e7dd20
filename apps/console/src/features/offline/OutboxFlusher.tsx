import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useAuth } from '../auth/auth-context'
import { outboxStatusQuery } from './api'
import { flushOutbox, onOutboxChange, staleQueriesOf } from './outbox'

/** How often waiting changes are tried again while the browser says it is online (a server that was away). */
export const OUTBOX_RETRY_MS = 30_000

/**
 * Mounted once in the signed-in shell: sends the learner's queued changes when
 * the console opens, when the network comes back, and every so often while
 * some wait; refreshes the screens whose data they changed.
 */
export function OutboxFlusher() {
  const { username } = useAuth()
  const queryClient = useQueryClient()
  const { data } = useQuery({ ...outboxStatusQuery(username ?? ''), enabled: username !== undefined })
  const pending = data?.pending ?? 0

  useEffect(() => {
    if (!username) return
    const off = onOutboxChange((change) => {
      if (change.owner !== username) return
      void queryClient.invalidateQueries({ queryKey: outboxStatusQuery(username).queryKey })
      for (const queryKey of staleQueriesOf(change.sentKinds)) void queryClient.invalidateQueries({ queryKey })
    })
    const flush = () => void flushOutbox(username)
    flush()
    window.addEventListener('online', flush)
    return () => {
      off()
      window.removeEventListener('online', flush)
    }
  }, [username, queryClient])

  useEffect(() => {
    if (!username || pending === 0) return
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flushOutbox(username)
    }, OUTBOX_RETRY_MS)
    return () => window.clearInterval(timer)
  }, [username, pending])

  return null
}
