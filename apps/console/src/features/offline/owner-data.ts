import { adopted, legacyNameFor } from '../../lib/session-account'
import { readStored, writeStored } from '../../lib/local-storage'
import { clearOwner, settleOutbox } from './outbox'
import { offlinePlugins } from './plugins'

/** A store of one account's offline data, besides the outbox (downloads, kept decks, what localStorage keeps of it). */
export interface AccountStore {
  /** Deletes this account's data: it signs out of this browser. */
  forget?(owner: string): Promise<void>
  /**
   * `account` signed in on this browser: deletes what belongs to any other
   * account, after giving `adopt`'s data to it (the username an older console
   * kept this account's data under). `switched`: another account, or nobody
   * known, used this browser before it.
   */
  keepOnly?(account: string, opts: { adopt?: string; switched: boolean }): Promise<void>
}

const stores = new Set<AccountStore>()

/** A store of this account's offline data to empty when another account signs in, or this one signs out. */
export function registerAccountStore(store: AccountStore): void {
  stores.add(store)
}

/** A store of this learner's offline data (downloads) to empty when they sign out. */
export function registerOwnerCleaner(clean: (owner: string) => Promise<void>): void {
  stores.add({ forget: clean })
}

/** The account ids the server gives (`user_id`): what an older console keyed data by (a username) is not one. */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export const isAccountId = (owner: string): boolean => ACCOUNT_ID.test(owner)

/** The account that last signed in on this browser. */
export const LAST_ACCOUNT_KEY = 'lingocast.lastAccount'

/**
 * Deletes everything the console kept in this browser for a learner who signs
 * out: a shared computer must not keep one learner's changes to be sent in the
 * next one's session, nor their downloads. A store that fails to clear does
 * not keep the sign-out from happening.
 */
export async function forgetOfflineData(owner: string): Promise<void> {
  await offlinePlugins()
  await Promise.allSettled([clearOwner(owner), ...[...stores].map((store) => store.forget?.(owner))])
}

let settled: { account: string; done: Promise<void> } | undefined

/**
 * Makes this browser's offline data `account`'s alone, once each time it
 * becomes the signed-in account, before its queue is sent: another account's downloads, kept decks
 * and traces are deleted (its queued changes are kept for it, to be sent in
 * its own session: decision 0016's outbox never sends one account's change
 * with another's token). Data an older console kept under this session's
 * username is given to it; every other such record is deleted.
 */
export function settleAccount(account: string): Promise<void> {
  if (settled?.account !== account) settled = { account, done: settle(account) }
  return settled.done
}

async function settle(account: string): Promise<void> {
  await offlinePlugins()
  const adopt = legacyNameFor(account)
  const last = readStored(LAST_ACCOUNT_KEY) ?? undefined
  // Nobody known before: the session an older console had open is the one adopting its data.
  const switched = last === undefined ? adopt === undefined : last !== account
  const results = await Promise.allSettled([
    settleOutbox(account, isAccountId, adopt),
    ...[...stores].map((store) => store.keepOnly?.(account, { ...(adopt !== undefined ? { adopt } : {}), switched })),
  ])
  for (const result of results) if (result.status === 'rejected') console.warn('Offline data of another account could not be cleared:', result.reason)
  adopted(account)
  writeStored(LAST_ACCOUNT_KEY, account)
}

/** Forgets which accounts were settled (tests start each case afresh). */
export const resetSettled = (): void => void (settled = undefined)
