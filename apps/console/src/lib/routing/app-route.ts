import type { QueryClient } from '@tanstack/react-query'
import { firstMatch, type RouteParams } from './match'
import type { ScreenImport } from './screen-code'

/** A route of the console's table (app/routes.tsx). */
export interface AppRoute {
  /** Under the console's base: `/player/:mediaType/:id`, `/` for the Learning library, `*` for any other path. */
  path: string
  /** The screen, fetched on the route's first visit. */
  lazy?: ScreenImport
  /** Where an old address now leads (replacing it in the history). */
  redirect?: string
  /** Behind the sign-in, inside the console's frame (the sidebar). */
  signedIn?: boolean
  /**
   * Asks for the data the screen opens with, while its code loads: the
   * screen's own queries then take the answers from the cache. On the server
   * (src/prerender/render-route.tsx) it fills the render's cache instead.
   */
  warm?: (at: RouteAt, client: QueryClient) => Promise<unknown> | undefined
  /** The screen's largest paint needs its data (the player's transcript, the review's card): the server renders it with the learner's data (decision 0021). */
  frameWithData?: boolean
}

/** An address and the route it opens. */
export interface RouteAt {
  route: AppRoute
  params: RouteParams
  /** The path under the console's base, as in the address (still escaped). */
  pathname: string
  /** The query, without its `?`. */
  search: string
}

/** Where the console is served; its routes' paths are under it. */
export const CONSOLE_BASE = '/console'

/** The path under the console's base of an address's path (`/console/feeds` -> `/feeds`; `/console` -> `/`). */
export function pathUnderBase(pathname: string): string {
  const base = CONSOLE_BASE.toLowerCase()
  const lower = pathname.toLowerCase()
  if (lower === base) return '/'
  return lower.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname
}

/** The route an address opens in `routes` (whose last route, `*`, takes any path). */
export function routeAt(routes: readonly AppRoute[], pathname: string, search: string): RouteAt {
  const path = pathUnderBase(pathname)
  const found = firstMatch(routes, path)
  if (!found) throw new Error(`no route takes ${path}`)
  return { route: found.route, params: found.params, pathname: path, search: search.replace(/^\?/, '') }
}
