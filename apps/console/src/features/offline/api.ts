import { queryOptions } from '@tanstack/react-query'
import { pendingEntries, rejectedEntries } from './outbox'

/** The queries of what this browser keeps offline (downloads, the storage estimate). */
export const offlineKeys = {
  all: ['offline'] as const,
  downloads: (owner: string) => [...offlineKeys.all, 'downloads', owner] as const,
  storage: () => [...offlineKeys.all, 'storage'] as const,
}

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
