import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'

/** The console build's renderer of screens with the learner's data (apps/console/src/prerender/render-screen.tsx, decision 0021). */
interface ScreenRendererModule {
  renderScreen(request: { url: string; token: string; fetch: typeof fetch; waitMs: number }): Promise<{ html: string; state: string }>
}

/** How long a page waits for its screen's data: past it the screen is rendered with what has come (the rest shows loading). */
export const SCREEN_DATA_WAIT_MS = 500

export type ScreenRenderer = (request: FastifyRequest, token: string) => Promise<{ html: string; state: string } | undefined>

/**
 * Renders the screen a page opens with the learner's data, for
 * console-static.ts. The console's loaders ask for that data through the
 * console's own client; each call is answered here by the server itself
 * (`app.inject`), as the browser would have sent it: the same path, the
 * learner's token and cookies, from the learner's address, so every rule of
 * the API (the session, whose data it is) applies unchanged. Only GET calls
 * are answered: a render never changes anything. The bundle is loaded on the
 * first page that needs it; without it (a build without dist-ssr), or when a
 * render fails, the answer is undefined and the page keeps the build's frame.
 */
export function createScreenRenderer(app: FastifyInstance, file: string, log: FastifyBaseLogger): ScreenRenderer {
  let loaded: Promise<ScreenRendererModule | undefined> | undefined
  const load = () =>
    (loaded ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<ScreenRendererModule>).catch((error: unknown) => {
          log.error({ err: error, file }, 'the console build’s screen renderer could not be loaded: pages keep their empty frames')
          return undefined
        })
      : Promise.resolve(undefined))

  return async (request, token) => {
    const renderer = await load()
    if (!renderer) return undefined
    try {
      return await renderer.renderScreen({ url: request.url, token, fetch: answeredBy(app, request), waitMs: SCREEN_DATA_WAIT_MS })
    } catch (error) {
      request.log.error({ err: error }, 'a screen could not be rendered with its data: the page keeps its empty frame')
      return undefined
    }
  }
}

/** A fetch whose calls (same-origin paths, GET only) the server answers itself, as if `page`'s browser had sent them. */
function answeredBy(app: FastifyInstance, page: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    if (!url.startsWith('/') || url.startsWith('//')) throw new TypeError(`a screen's render asked for ${url}: only the server's own paths are answered`)
    if (method !== 'GET') throw new TypeError(`a screen's render sent ${method} ${url}: only GET is answered`)
    const headers: Record<string, string> = { ...Object.fromEntries(new Headers(init?.headers).entries()) }
    if (page.headers.cookie) headers.cookie = page.headers.cookie
    if (page.headers['user-agent']) headers['user-agent'] = page.headers['user-agent']
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: page.ip })
    const answer = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) answer.append(name, String(one))
    }
    const empty = res.statusCode === 204 || res.statusCode === 304
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: answer })
  }
}
