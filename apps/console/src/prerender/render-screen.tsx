import { AsyncLocalStorage } from 'node:async_hooks'
import { dehydrate } from '@tanstack/react-query'
import { setTransport, type ClientDeps } from '../api/client'
import { renderRoute } from './render-route'

/**
 * The server's renderer of a screen with the learner's data (decision 0021),
 * bundled for Node by the build (prerender-shells.ts, dist-ssr/) and loaded by
 * the server (apps/server/src/plugins/screen-renderer.ts). The routes' loaders
 * ask for the screen's first data through the console's own client and query
 * options; each call is answered by `fetch` of the page's request (the server
 * answering itself with the learner's token), kept apart per page here.
 */
const calls = new AsyncLocalStorage<ClientDeps>()
const noRequest: typeof fetch = () => Promise.reject(new TypeError('no page is being rendered'))
setTransport({ fetch: (...args) => (calls.getStore()?.fetch ?? noRequest)(...args), getToken: () => calls.getStore()?.getToken() })

export interface ScreenRequest {
  /** The page's path and query under the console's base (`/console/memories/review?deck_id=3`). */
  url: string
  /** The learner's session token (the Token cookie). */
  token: string
  /** Answers one of the console's calls (a same-origin path) as the server would. */
  fetch: typeof fetch
  /** How long the render waits for the screen's data before it renders what it has. */
  waitMs: number
}

export interface RenderedScreen {
  /** The screen, with what its data had answered by then, inside `<div inert>`. */
  html: string
  /** The answers, for the console's query cache (TanStack Query's dehydrated state), as JSON safe inside a `<script>`. */
  state: string
}

export function renderScreen(request: ScreenRequest): Promise<RenderedScreen> {
  return calls.run({ fetch: request.fetch, getToken: () => request.token }, async () => {
    const { html, client } = await renderRoute(request.url, { signedIn: true, fetchData: { waitMs: request.waitMs } })
    // Only answered queries go into the page; `<` is escaped so that no text can close the script element.
    return { html, state: JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c') }
  })
}
