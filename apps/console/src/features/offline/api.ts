import { queryOptions } from '@tanstack/react-query'
import { pendingEntries, rejectedEntries } from './outbox'

/**
 * What waits in the outbox for this learner. Read from IndexedDB, so it runs
 * with no network ('always': TanStack Query otherwise pauses queries offline).
 */
export const outboxStatusQuery = (owner: string) =>
  queryOptions({
    queryKey: ['outbox', owner] as const,
    queryFn: async () => ({ pending: (await pendingEntries(owner)).length, rejected: await rejectedEntries(owner) }),
    networkMode: 'always',
    staleTime: Infinity,
  })
