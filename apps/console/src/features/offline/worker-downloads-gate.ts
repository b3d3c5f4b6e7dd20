/**
 * The service worker's part of per-account downloads (pwa.config.ts puts it
 * on the media proxy route): a stored copy answers only while the account the
 * console marked as signed in (lib/session-account.ts, markWorkerAccount) is
 * the account whose media the downloads cache holds (media-cache.ts,
 * claimMedia). Nobody signed in (a session that ended, the login screen) or
 * another account: the request goes to the network, which asks for a session.
 *
 * Workbox copies this function into sw.js as text: it may use nothing from
 * outside its own body (the names are repeated here on purpose).
 */
export const workerDownloadsGate = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | null }): Promise<Response | null> => {
    if (!cachedResponse) return null
    try {
      const marks = await caches.open('lingocast-account')
      const signedIn = await marks.match('/console/__account')
      const owner = await marks.match('/console/__downloads-owner')
      const account = signedIn ? await signedIn.text() : ''
      return account !== '' && owner !== undefined && (await owner.text()) === account ? cachedResponse : null
    } catch {
      return null
    }
  },
}
