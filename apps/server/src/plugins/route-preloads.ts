/**
 * The console build's route-preloads.json (apps/console/route-preloads.ts):
 * for each route of the console's router, the script files its screen needs
 * beyond what index.html loads.
 */
export interface RoutePreload {
  path: string
  files: string[]
}

/** The table as read from disk; anything else than a list of {path, files} is no table (no preloads, the page still works). */
export function parseRoutePreloads(json: string): RoutePreload[] {
  try {
    const table: unknown = JSON.parse(json)
    if (!Array.isArray(table)) return []
    return table.filter(
      (r): r is RoutePreload => typeof r?.path === 'string' && Array.isArray(r.files) && r.files.every((f: unknown) => typeof f === 'string' && /^[\w./-]+$/.test(f)),
    )
  } catch {
    return []
  }
}

/** Whether a router path (`/player/:mediaType/:id`) matches a path under the console (`/player/audio/x1`). */
export function matchesRoute(routePath: string, pathname: string): boolean {
  const want = routePath.split('/').filter(Boolean)
  const have = pathname.split('/').filter(Boolean)
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') || segment === have[i])
}

/**
 * The route of `table` that shows the screen at `url` (a request URL under
 * `base`, query allowed), in the router's order: the first route that
 * matches wins, as in the console.
 */
export function routeAt<R extends { path: string }>(table: R[], base: string, url: string): R | undefined {
  const pathname = url.split(/[?#]/)[0]!
  if (!pathname.startsWith(base) && pathname !== base.replace(/\/$/, '')) return undefined
  let under: string
  try {
    under = decodeURIComponent(pathname.slice(base.length - 1)) || '/'
  } catch {
    return undefined
  }
  return table.find((r) => matchesRoute(r.path, under))
}

/** The `<link rel="modulepreload">` tags for the screen at `url` (see routeAt). */
export function preloadLinks(table: RoutePreload[], base: string, url: string): string {
  return (routeAt(table, base, url)?.files ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`).join('')
}

/** Where the built index.html keeps the console's code links until its first paint (apps/console/early-entry.ts). */
const CODE_TEMPLATE = '<template id="console-code"'

/**
 * index.html with the links after the console's own, in the template the
 * page starts after its first paint (decision 0019); at the end of its
 * <head> in a page without one. Their order is their priority.
 */
export function withPreloads(html: string, links: string): string {
  if (!links) return html
  const template = html.indexOf(CODE_TEMPLATE)
  const at = template < 0 ? html.indexOf('</head>') : html.indexOf('</template>', template)
  return at < 0 ? html : html.slice(0, at) + links + html.slice(at)
}
