/**
 * The Cache Storage key of something kept for one account (a downloaded
 * episode's media, a kept card's clip): its address with the account added,
 * so the same file downloaded by two accounts is two entries, and one
 * account's entry is never found with another's key. The service worker
 * builds the same key for the media it answers (worker-account-key.ts).
 */
export const ACCOUNT_PARAM = 'lingocast_account'

export function accountKey(url: string, account: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${ACCOUNT_PARAM}=${encodeURIComponent(account)}`
}

/** Whether a stored key is `account`'s. */
export const isKeyOf = (key: string, account: string): boolean => key.endsWith(`${ACCOUNT_PARAM}=${encodeURIComponent(account)}`)
