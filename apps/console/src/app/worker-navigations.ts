/**
 * How the service worker answers a navigation inside /console/ (pwa.config.ts,
 * decision 0030): the server first, so a returning or installed learner gets
 * the page it renders (the screen's first frame, and for the player and the
 * review the learner's data) as on a first visit; the stored shell (the
 * precached index.html, whose console loads the data itself) when the server
 * is unreachable, answers with an error, or is slower than
 * NAVIGATION_TIMEOUT_S. A page is never stored: it holds the learner's data.
 *
 * Workbox copies these functions into sw.js as text: they may use nothing
 * from outside their own bodies (the shell's name is repeated on purpose).
 */
export const NAVIGATION_TIMEOUT_S = 3

/** The `self` of a service worker, as far as these functions use it. */
declare const self: { registration: { scope: string } }

export const workerNavigations = {
  // Nothing is stored under the navigations' own cache: each page is the learner's, rendered for them.
  cacheWillUpdate: async (): Promise<Response | null> => null,
  // Asked when the network failed or timed out (that cache is always empty): the precached shell instead.
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | null }): Promise<Response | null> =>
    cachedResponse ?? (await caches.match(new URL('index.html', self.registration.scope).href, { ignoreSearch: true })) ?? null,
  // A server that answers a navigation with an error (a proxy's 502 while it restarts) is as good as unreachable.
  handlerWillRespond: async ({ response }: { response: Response }): Promise<Response> => {
    if (response.status < 500) return response
    return (await caches.match(new URL('index.html', self.registration.scope).href, { ignoreSearch: true })) ?? response
  },
}
