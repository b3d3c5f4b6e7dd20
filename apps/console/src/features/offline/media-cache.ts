import { accountKey, isKeyOf } from './account-key'

/**
 * The Cache Storage cache that holds downloaded media, keyed by the media
 * proxy URL the player plays and the account that downloaded it. The service
 * worker (pwa.config.ts, same name) answers the player's requests, Range ones
 * too, from the signed-in account's copies only; only a download writes it.
 */
export const DOWNLOADS_CACHE = 'lingocast-downloads'

// Every function that deletes does nothing where there is no Cache Storage (plain http, tests): nothing was stored.

/** The absolute URL a media element asks for, with the account: the key of its stored copy. */
export const mediaKey = (proxiedUrl: string, owner: string) => accountKey(new URL(proxiedUrl, location.href).href, owner)

/**
 * Fetches the whole file (no Range: the worker cuts ranges from it later) and
 * stores it, reporting bytes as they arrive. Answers the stored size.
 */
export async function storeMedia(owner: string, proxiedUrl: string, onBytes: (loaded: number, total: number | undefined) => void, signal?: AbortSignal): Promise<number> {
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
  await cache.put(mediaKey(proxiedUrl, owner), new Response(counted, { status: 200, headers }))
  return loaded
}

export async function hasMedia(owner: string, proxiedUrl: string): Promise<boolean> {
  const cache = await caches.open(DOWNLOADS_CACHE)
  return (await cache.match(mediaKey(proxiedUrl, owner), { ignoreVary: true })) !== undefined
}

export async function deleteMedia(owner: string, proxiedUrl: string): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(DOWNLOADS_CACHE)
  await cache.delete(mediaKey(proxiedUrl, owner), { ignoreVary: true })
}

/** Moves a copy stored without an account (a console from before accounts had ids) to `owner`'s key. */
export async function adoptMedia(owner: string, proxiedUrl: string): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(DOWNLOADS_CACHE)
  const plain = new URL(proxiedUrl, location.href).href
  const stored = await cache.match(plain, { ignoreVary: true })
  if (stored) await cache.put(mediaKey(proxiedUrl, owner), stored)
  await cache.delete(plain, { ignoreVary: true })
}

/** Deletes every stored copy that is not `owner`'s (another account's, or one stored before accounts). */
export async function keepOnlyMediaOf(owner: string): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(DOWNLOADS_CACHE)
  for (const request of await cache.keys()) if (!isKeyOf(request.url, owner)) await cache.delete(request, { ignoreVary: true })
}
