import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * The Content-Security-Policy the built console runs under (checked in
 * e2e/security-headers.e2e.ts on every screen). Why each source is there:
 * - everything the console loads is its own (Vite's hashed /console/assets),
 *   so 'self' is the default and scripts allow no 'unsafe-inline' or
 *   'unsafe-eval': index.html has no inline script, and the console tells
 *   zod, where a dialog loads it, not to compile validators with `new
 *   Function` (apps/console/src/api/with-zod.ts);
 * - style-src 'unsafe-inline': the console's own code needs none (React
 *   writes style props through the CSSOM, which CSP does not govern), but
 *   DOMPurify parses a publisher's description in an inert document of this
 *   page, and Chromium reports every style attribute and <style> in it as a
 *   violation before DOMPurify drops them. Styles cannot fetch anything
 *   remote (img-src and font-src are 'self'), so allowing them
 *   costs little, where stripping them from the text before the browser
 *   parses it would mean a second HTML parser;
 * - script-src https://www.youtube.com: the YouTube iframe API (`/iframe_api`
 *   and the widget script it adds from the same host) for youtube:{id} media;
 * - frame-src: the player iframe that API creates (youtube-nocookie.com is
 *   its privacy-enhanced host);
 * - img-src and media-src 'self': thumbnails, frames, description images
 *   and remote media all go through the server's proxies, so the browser
 *   never asks a publisher's host for anything (no tracking pixels);
 *   media-src also blob:, the sound kept on the device for offline use
 *   (a card's sentence, kept for reviews offline) played from Cache Storage: a blob: address
 *   is made only by the page's own script from bytes it already holds;
 * - worker-src and manifest-src 'self': the console's service worker
 *   (/console/sw.js, which precaches the shell) and its web app manifest,
 *   both its own files; worker-src is named so that it does not fall back
 *   to script-src, which also allows YouTube's host;
 * - connect-src 'self': the API; and AnkiConnect on the learner's own
 *   machine (its default address, as 127.0.0.1 and as localhost), which Send
 *   to Anki calls from the browser (docs/decisions/0026); object-src 'none', base-uri 'self',
 *   form-action 'self', frame-ancestors 'none' (no clickjacking: the console
 *   is never framed), script-src-attr 'none' (no inline event handlers).
 */
export const CONSOLE_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://www.youtube.com'],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'http://127.0.0.1:8765', 'http://localhost:8765'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

/**
 * Everything that is not the console (API JSON, notes, stored files, the media
 * and image proxies, errors) is data, never a page: should a browser open one
 * as a document (an address whose "media" is really HTML, opened directly),
 * it runs nothing and loads nothing, in an opaque origin. A CSP on a response
 * read by fetch, <img> or <audio> does not apply to the page that reads it, so
 * this costs the console nothing.
 */
export const DATA_CSP: Record<string, string[]> = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  sandbox: [],
}

/** The header value of a set of directives. */
export const formatCsp = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')

/** The console's pages: '/' and '/console' only redirect there. */
const isConsolePage = (url: string) => url === '/' || url === '/console' || url.startsWith('/console/') || url.startsWith('/console?')

/**
 * Security headers on every response (API JSON, notes, stored files, media
 * and image proxies, errors, the console): registered first, its onRequest
 * hooks set them on the raw response, so even hijacked or streamed replies,
 * 404s and early refusals (input guard, rate limit) carry them.
 *
 * HSTS and upgrade-insecure-requests only when PUBLIC_URL is https: the
 * server itself speaks plain HTTP (TLS ends at the reverse proxy), and on a
 * plain http://localhost or LAN address the upgrade would send the console's
 * own scripts to an https port that does not exist.
 */
export const securityHeaders = fp<{ publicUrl: string }>(
  async (app: FastifyInstance, { publicUrl }) => {
    const tls = publicUrl.startsWith('https://')
    const consoleCsp = formatCsp({ ...CONSOLE_CSP, ...(tls ? { 'upgrade-insecure-requests': [] } : {}) })
    const dataCsp = formatCsp(DATA_CSP)
    await app.register(helmet, {
      // Set below: one policy for the console's pages, a closed one for data.
      contentSecurityPolicy: false,
      // YouTube refuses to play an embed whose request carries no Referer
      // (error 153), so not no-referrer: other origins get only our origin,
      // and nothing when a https page links to http.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Matches frame-ancestors 'none' for browsers that only know X-Frame-Options.
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Cross-Origin-Embedder-Policy require-corp would block the YouTube
      // iframe, which sends no CORP header. Left at helmet's defaults: nosniff,
      // Cross-Origin-Opener-Policy same-origin, Cross-Origin-Resource-Policy
      // same-origin (our files are read only by our own pages; the YouTube
      // iframe loads nothing from us), Origin-Agent-Cluster,
      // X-DNS-Prefetch-Control off, X-Download-Options noopen,
      // X-Permitted-Cross-Domain-Policies none, X-XSS-Protection 0.
      crossOriginEmbedderPolicy: false,
    })
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader('content-security-policy', isConsolePage(request.url) ? consoleCsp : dataCsp)
      done()
    })
  },
  { name: 'security-headers' },
)
