import { ACCOUNT_CACHE } from '../../lib/session-account'

/**
 * The Cache Storage cache that holds downloaded media, keyed by the media
 * proxy URL the player plays. The service worker (pwa.config.ts, same name)
 * answers the player's requests, Range ones too, from it; only a download
 * writes it. It holds one account's media at a time (another account signing
 * in empties it: owner-data.ts), and says whose (DOWNLOADS_OWNER_ENTRY): the
 * worker answers from it only while that account is the one signed in
 * (worker-downloads-gate.ts).
 */
export const DOWNLOADS_CACHE = 'lingocast-downloads'
/** Beside the signed-in account's mark (lib/session-account.ts): the account whose media DOWNLOADS_CACHE holds. */
export const DOWNLOADS_OWNER_ENTRY = '/console/__downloads-owner'

// Every function that deletes does nothing where there is no Cache Storage (plain http, tests): nothing was stored.

/** The absolute URL a media element asks for: the key of its stored copy. */
export const mediaKey = (proxiedUrl: string) => new URL(proxiedUrl, location.href).href

async function ownerOfMedia(): Promise<string | undefined> {
  const mark = await (await caches.open(ACCOUNT_CACHE)).match(DOWNLOADS_OWNER_ENTRY)
  return mark ? mark.text() : undefined
}

/**
 * Makes the cache `owner`'s: every copy but those of `keep` (its own
 * downloads' media proxy URLs) is deleted, then it is marked as `owner`'s.
 * Never marked before it is emptied of the previous owner's copies.
 */
export async function claimMedia(owner: string, keepUrls: Iterable<string>): Promise<void> {
  if (typeof caches === 'undefined') return
  const keep = new Set([...keepUrls].map(mediaKey))
  const cache = await caches.open(DOWNLOADS_CACHE)
  for (const request of await cache.keys()) if (!keep.has(request.url)) await cache.delete(request, { ignoreVary: true })
  await (await caches.open(ACCOUNT_CACHE)).put(DOWNLOADS_OWNER_ENTRY, new Response(owner, { headers: { 'content-type': 'text/plain' } }))
}

/**
 * Fetches the whole file (no Range: the worker cuts ranges from it later) and
 * stores it, reporting bytes as they arrive. Answers the stored size. A cache
 * still marked as another account's is emptied first.
 */
export async function storeMedia(owner: string, proxiedUrl: string, onBytes: (loaded: number, total: number | undefined) => void, signal?: AbortSignal): Promise<number> {
  if ((await ownerOfMedia()) !== owner) await claimMedia(owner, [])
  const res = await fetch(proxiedUrl, { credentials: 'same-origin', signal })
  if (!res.ok || !res.body) throw new Error(`The media could not be fetched (HTTP ${res.status})`)
  const length = Number(res.headers.get('content-length'))
  const total = Number.isFinite(length) && length > 0 ? length : undefined
  let loaded = 0
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength
        onBytes(loaded, total)
        controller.enqueue(chunk)
      },
    }),
  )
  const headers = new Headers()
  for (const name of ['content-type', 'last-modified', 'etag']) {
    const value = res.headers.get(name)
    if (value) headers.set(name, value)
  }
  // The worker's range plugin slices the stored body; its length is what arrived.
  const cache = await caches.open(DOWNLOADS_CACHE)
  await cache.put(mediaKey(proxiedUrl), new Response(counted, { status: 200, headers }))
  return loaded
}

export async function hasMedia(proxiedUrl: string): Promise<boolean> {
  const cache = await caches.open(DOWNLOADS_CACHE)
  return (await cache.match(mediaKey(proxiedUrl), { ignoreVary: true })) !== undefined
}

export async function deleteMedia(proxiedUrl: string): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(DOWNLOADS_CACHE)
  await cache.delete(mediaKey(proxiedUrl), { ignoreVary: true })
}
