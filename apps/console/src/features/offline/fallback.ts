import { ApiError } from '../../api/client'
import { sessionAccount } from '../../lib/session-account'
import type { DownloadRecord } from './store'

/** A call that reached no server at all (offline, the server away): not a refusal. */
export const unreachable = (error: unknown): boolean => error instanceof ApiError && error.status === 0

/**
 * The network's answer; when no server answers, what the signed-in account's
 * downloads hold (`read` picks it), else the failure as it was. The store is
 * loaded only then, so the screens that use this carry no IndexedDB code.
 * Queries using it run offline too (`networkMode: 'offlineFirst'`).
 */
export async function orDownloaded<T>(ask: () => Promise<T>, read: (records: DownloadRecord[]) => T | undefined): Promise<T> {
  try {
    return await ask()
  } catch (error) {
    if (!unreachable(error)) throw error
    const owner = sessionAccount()
    if (!owner) throw error
    let found: T | undefined
    try {
      const { listDownloads } = await import('./store')
      found = read(await listDownloads(owner))
    } catch {
      // No IndexedDB (a private window may refuse it): as if nothing was downloaded.
    }
    if (found === undefined) throw error
    return found
  }
}
