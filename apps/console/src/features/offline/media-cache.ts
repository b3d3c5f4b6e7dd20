/**
 * The Cache Storage cache that holds downloaded media, keyed by the media
 * proxy URL the player plays. The service worker (pwa.config.ts, same name)
 * answers the player's requests, Range ones too, from it; only a download
 * writes it.
 */
export const DOWNLOADS_CACHE = 'lingocast-downloads'

/** The absolute URL a media element asks for: the key of its stored copy. */
export const mediaKey = (proxiedUrl: string) => new URL(proxiedUrl, location.href).href

/**
 * Fetches the whole file (no Range: the worker cuts ranges from it later) and
 * stores it, reporting bytes as they arrive. Answers the stored size.
 */
export async function storeMedia(proxiedUrl: string, onBytes: (loaded: number, total: number | undefined) => void, signal?: AbortSignal): Promise<number> {
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
  const cache = await caches.open(DOWNLOADS_CACHE)
  await cache.delete(mediaKey(proxiedUrl), { ignoreVary: true })
}
