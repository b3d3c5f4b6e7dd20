import { getToken } from './cookies'
import { readStored, removeStored, writeStored, type KeyValueStorage } from './local-storage'

/**
 * Which account the session in the cookies belongs to: the `user_id` the
 * server gave when this token was issued (a random UUID; a username is only a
 * name, and two accounts once shared one). Everything the console keeps in
 * this browser for an account (queued changes, downloads, kept decks) is keyed
 * by it, and it is kept with a tag of the token it came with: another token in
 * the cookie (a sign-in in a tab of an older console, a cookie left by anything
 * else) has no account here until the server names it, so no store of the
 * previous account is ever read or sent for it.
 */
export const SESSION_ACCOUNT_KEY = 'lingocast.sessionAccount'

/**
 * The Cache Storage entry the service worker reads to know whose downloaded
 * media it may answer with (pwa.config.ts has the same names: the worker's
 * code is copied into sw.js as text and imports nothing).
 */
export const ACCOUNT_CACHE = 'lingocast-account'
export const ACCOUNT_ENTRY = '/console/__account'

interface Binding {
  account: string
  tag: string
  /** The username the console kept offline data under before it knew account ids (adopted once, then dropped). */
  adopt?: string
}

/**
 * A 64-bit tag of the token (FNV-1a from two offset bases): tells this token from any other without
 * keeping a second copy of the credential (crypto.subtle is missing on plain
 * http, where a self-hosted console often runs).
 */
export function tokenTag(token: string): string {
  let h1 = 0x811c9dc5
  let h2 = 0x050c5d1f
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0
    h2 = Math.imul(h2 ^ c, 0x01000193) >>> 0
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')
}

function readBinding(storage?: KeyValueStorage): Binding | undefined {
  const raw = readStored(SESSION_ACCOUNT_KEY, storage)
  if (!raw) return undefined
  try {
    const value = JSON.parse(raw) as Partial<Binding>
    return typeof value.account === 'string' && typeof value.tag === 'string' ? (value as Binding) : undefined
  } catch {
    return undefined
  }
}

/** The account of `token`, when this browser was told it with that very token. */
export function accountOf(token: string | undefined, storage?: KeyValueStorage): string | undefined {
  if (!token) return undefined
  const binding = readBinding(storage)
  return binding?.tag === tokenTag(token) ? binding.account : undefined
}

/** The account of the session in the cookies now, or undefined (signed out, or not known yet). */
export const sessionAccount = (storage?: KeyValueStorage): string | undefined => accountOf(getToken(), storage)

/** Records the account the server named for `token`; `adopt`: the username older consoles kept its data under. */
export function bindAccount(token: string, account: string, opts: { adopt?: string; storage?: KeyValueStorage } = {}): void {
  const binding: Binding = { account, tag: tokenTag(token), ...(opts.adopt ? { adopt: opts.adopt } : {}) }
  writeStored(SESSION_ACCOUNT_KEY, JSON.stringify(binding), opts.storage)
}

/** The username whose data the console from before account ids left here, to be adopted by `account`. */
export function legacyNameFor(account: string, storage?: KeyValueStorage): string | undefined {
  const binding = readBinding(storage)
  return binding?.account === account ? binding.adopt : undefined
}

/** The legacy data was adopted (or there was none): never again, whatever another session's old name. */
export function adopted(account: string, storage?: KeyValueStorage): void {
  const binding = readBinding(storage)
  if (binding?.account === account && binding.adopt) writeStored(SESSION_ACCOUNT_KEY, JSON.stringify({ account, tag: binding.tag }), storage)
}

export function unbindAccount(storage?: KeyValueStorage): void {
  removeStored(SESSION_ACCOUNT_KEY, storage)
}

/**
 * Tells the service worker whose downloads it may play (none when signed
 * out). Cache Storage, since the worker can read neither cookies nor
 * localStorage, and a worker restarted after idling keeps no memory.
 */
export async function markWorkerAccount(account: string | undefined): Promise<void> {
  if (typeof caches === 'undefined') return
  try {
    const cache = await caches.open(ACCOUNT_CACHE)
    if (account) await cache.put(ACCOUNT_ENTRY, new Response(account, { headers: { 'content-type': 'text/plain' } }))
    else await cache.delete(ACCOUNT_ENTRY)
  } catch {
    // No Cache Storage (a private window may refuse it): no downloads are played by the worker either.
  }
}
