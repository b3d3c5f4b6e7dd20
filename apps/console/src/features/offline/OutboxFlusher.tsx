import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useAuth } from '../../lib/auth-context'
import { whenIdle } from '../../lib/when-idle'
import { offlineKeys, outboxStatusQuery } from './api'
import { flushOutbox, onOutboxChange, staleQueriesOf } from './outbox'
import { settleAccount } from './owner-data'

/** How often waiting changes are tried again while the browser says it is online (a server that was away). */
export const OUTBOX_RETRY_MS = 30_000

/**
 * Mounted once in the signed-in shell: makes this browser's offline data the
 * signed-in account's alone (another account's downloads and kept decks go,
 * its queued changes wait for it: owner-data.ts), then sends this account's
 * queued changes when the console opens, when the network comes back, and
 * every so often while some wait; refreshes the screens whose data they changed.
 */
export function OutboxFlusher() {
  const { account } = useAuth()
  const queryClient = useQueryClient()
  const { data } = useQuery({ ...outboxStatusQuery(account ?? ''), enabled: account !== undefined })
  const pending = data?.pending ?? 0

  useEffect(() => {
    if (!account) return
    let settled = false
    const off = onOutboxChange((change) => {
      if (change.owner !== account) return
      void queryClient.invalidateQueries({ queryKey: outboxStatusQuery(account).queryKey })
      for (const queryKey of staleQueriesOf(change.sentKinds)) void queryClient.invalidateQueries({ queryKey })
    })
    const flush = () => {
      if (settled) void flushOutbox(account)
    }
    // Once the first screen is drawn: settling loads the features' offline parts (plugins.ts).
    void whenIdle()
      .then(() => settleAccount(account))
      .then(() => {
        settled = true
        // What an older console kept for this session is this account's now.
        void queryClient.invalidateQueries({ queryKey: offlineKeys.all })
        flush()
      })
    window.addEventListener('online', flush)
    return () => {
      off()
      window.removeEventListener('online', flush)
    }
  }, [account, queryClient])

  useEffect(() => {
    if (!account || pending === 0) return
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flushOutbox(account)
    }, OUTBOX_RETRY_MS)
    return () => window.clearInterval(timer)
  }, [account, pending])

  return null
}
