import { FIRST_DATA_ID } from '@lingocast/contract'
import { routeAt } from './route-preloads'

/**
 * The console build's route-shells.json (apps/console/prerender-shells.ts):
 * each screen's first frame, rendered by React at build time, that the
 * server puts inside index.html's #root so the page paints it before the
 * console's code has come (decision 0019).
 */
export interface RouteShell {
  path: string
  signedIn: boolean
  html: string
  /** The screen's largest paint needs its data: rendered again per page with the learner's (screen-renderer.ts, decision 0021). */
  withData: boolean
}

/** Where index.html's #root holds what is shown before React renders (apps/console/index.html). */
const SHELL_START = '<!--shell-->'
const SHELL_END = '<!--/shell-->'

/** The table as read from disk; anything else than a list of {path, signedIn, html} is no table (the page keeps its spinner). A frame without `withData` (an older build) has none. */
export function parseRouteShells(json: string): RouteShell[] {
  try {
    const table: unknown = JSON.parse(json)
    if (!Array.isArray(table)) return []
    return table
      .filter((r): r is RouteShell => typeof r?.path === 'string' && typeof r.signedIn === 'boolean' && typeof r.html === 'string')
      .map((r) => ({ path: r.path, signedIn: r.signedIn, html: r.html, withData: r.withData === true }))
  } catch {
    return []
  }
}

/**
 * The frame of the screen at `url`, or undefined. A screen behind the sign-in
 * is sent only with a session cookie (`hasSession`): an anonymous visitor is
 * sent to the login screen by the console, and must not see a learner's
 * screen frame flash before it.
 */
export function shellAt(table: RouteShell[], base: string, url: string, hasSession: boolean): RouteShell | undefined {
  const shell = routeAt(table, base, url)
  if (!shell || (shell.signedIn && !hasSession)) return undefined
  return shell
}

/** index.html with the rendered screen's answers (JSON already safe inside a script) at the end of its body; unchanged without one. */
export function withFirstData(html: string, state: string): string {
  const end = html.lastIndexOf('</body>')
  if (end < 0) return html
  return `${html.slice(0, end)}<script type="application/json" id="${FIRST_DATA_ID}">${state}</script>${html.slice(end)}`
}

/** index.html with `shell` in place of what its #root shows before React renders; unchanged without the markers. */
export function withShell(html: string, shell: string | undefined): string {
  if (shell === undefined) return html
  const start = html.indexOf(SHELL_START)
  const end = html.indexOf(SHELL_END, start)
  if (start < 0 || end < 0) return html
  return html.slice(0, start + SHELL_START.length) + shell + html.slice(end)
}
