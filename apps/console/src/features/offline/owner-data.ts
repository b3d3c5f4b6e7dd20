import { clearOwner } from './outbox'

const cleaners = new Set<(owner: string) => Promise<void>>()

/** A store of this learner's offline data (downloads) to empty when they sign out. */
export function registerOwnerCleaner(clean: (owner: string) => Promise<void>): void {
  cleaners.add(clean)
}

/**
 * Deletes everything the console kept in this browser for a learner who signs
 * out: a shared computer must not keep one learner's changes to be sent in the
 * next one's session, nor their downloads. A store that fails to clear does
 * not keep the sign-out from happening.
 */
export async function forgetOfflineData(owner: string): Promise<void> {
  await Promise.allSettled([clearOwner(owner), ...[...cleaners].map((clean) => clean(owner))])
}
