import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { openedRoute, RouteView } from '../app/RouteView'
import { warmShell } from '../app/routes'
import { CONSOLE_BASE } from '../lib/routing/app-route'
import { screenCode } from '../lib/routing/screen-code'
import { AuthContext, type AuthState } from '../lib/auth-context'

const nothing = async () => undefined

export interface RenderedRoute {
  /** The screen inside `<div inert aria-hidden="true">`. */
  html: string
  /** The render's query cache: empty at build time, the learner's first data on the server. */
  client: QueryClient
  /** Whether the screen's largest paint needs its data (its route's `frameWithData`, routes.tsx). */
  withData: boolean
}

export interface RouteRenderOptions {
  /** Renders the screens behind the sign-in as a learner sees them. */
  signedIn: boolean
  /** Lets the route ask for its data (through the console's client) and waits for it, at most `waitMs`. */
  fetchData?: { waitMs: number }
}

/**
 * The screen at `pathname` (under the console's base) as React renders it in
 * Node, with the screen's code fetched first: the build's first frames
 * (render-shell.tsx) and the server's frames with data (render-screen.tsx).
 * The frame is `inert`: it is only to be seen. What is typed into its fields
 * or clicked before React renders would be lost with it, so nothing takes
 * focus or input until the console's own screen replaces it. It is also
 * `aria-hidden`: assistive technology (and a test's role queries) meet only the
 * console's screen, not a picture of it whose buttons do nothing.
 */
export async function renderRoute(pathname: string, options: RouteRenderOptions): Promise<RenderedRoute> {
  // Queries that were not asked for, or did not answer in time, stay pending: the screen shows its loading state there.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const [path, search = ''] = pathname.split('?')
  const at = openedRoute(path!, search)
  if (at.route.redirect) throw new Error(`${pathname}: the route leads to ${at.route.redirect}`)
  const code = at.route.lazy && screenCode(at.route.lazy)
  const asked = options.fetchData && at.route.signedIn ? [warmShell(client), at.route.warm?.(at, client)] : []
  await code?.ready
  if (code?.failed) throw code.failed.error
  if (asked.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([Promise.allSettled(asked), new Promise((resolve) => (timer = setTimeout(resolve, options.fetchData!.waitMs)))])
    clearTimeout(timer)
  }
  const auth: AuthState = { status: options.signedIn ? 'authenticated' : 'anonymous', username: undefined, account: undefined, signIn: () => undefined, signOut: nothing }
  const html = renderToString(
    <div inert aria-hidden="true">
      <QueryClientProvider client={client}>
        <AuthContext.Provider value={auth}>
          <Router base={CONSOLE_BASE} ssrPath={pathname}>
            <RouteView prerendered />
          </Router>
        </AuthContext.Provider>
      </QueryClientProvider>
    </div>,
  )
  return { html, client, withData: at.route.frameWithData === true }
}
