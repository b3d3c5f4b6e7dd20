/**
 * The service worker's part of per-account downloads (pwa.config.ts puts it
 * on the media proxy route): the cache key of a media request is its address
 * with the account the console last marked as signed in (lib/session-account.ts,
 * markWorkerAccount), as accountKey() builds it when the download is stored.
 * No account marked (signed out, a session that ended) or another account's
 * mark: no stored copy matches and the request goes to the network. The
 * request's headers are kept: the range plugin cuts the Range it asks for.
 *
 * Workbox copies this function into sw.js as text: it may use nothing from
 * outside its own body (names are repeated here on purpose).
 */
export const workerAccountKey = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }): Promise<Request> => {
    let account = ''
    try {
      const marked = await (await caches.open('lingocast-account')).match('/console/__account')
      account = marked ? await marked.text() : ''
    } catch {
      account = ''
    }
    const url = request.url
    const key = url + (url.includes('?') ? '&' : '?') + 'lingocast_account=' + encodeURIComponent(account)
    return new Request(key, { headers: request.headers })
  },
}
