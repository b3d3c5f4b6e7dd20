import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { ROUTER_BASENAME, routes } from '../app/routes'
import { wantsFrameWithData, type ServerLoad } from '../app/server-load'
import { AuthContext, type AuthState } from '../lib/auth-context'

const nothing = async () => undefined

export interface RenderedRoute {
  /** The screen inside `<div inert aria-hidden="true">`. */
  html: string
  /** The render's query cache: empty at build time, the learner's first data on the server. */
  client: QueryClient
  /** Whether the screen's largest paint needs its data (its route's `handle`, server-load.ts). */
  withData: boolean
}

export interface RouteRenderOptions {
  /** Renders the screens behind the sign-in as a learner sees them. */
  signedIn: boolean
  /** Lets the routes' loaders ask for their data (through the console's client) and waits for it, at most `waitMs`. */
  fetchData?: { waitMs: number }
}

/**
 * The screen at `pathname` (under the console's base) as React renders it in
 * Node, through react-router's static handler: the build's first frames
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
  const load: ServerLoad = { kind: 'server-load', client, fetchData: options.fetchData !== undefined, pending: [] }
  const handler = createStaticHandler(routes, { basename: ROUTER_BASENAME })
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')), { requestContext: load })
  if (context instanceof Response) throw new Error(`${pathname}: the router answered a redirect (${context.status})`)
  if (context.errors) throw new Error(`${pathname}: ${JSON.stringify(context.errors)}`)
  if (options.fetchData && load.pending.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([Promise.allSettled(load.pending), new Promise((resolve) => (timer = setTimeout(resolve, options.fetchData!.waitMs)))])
    clearTimeout(timer)
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  const auth: AuthState = { status: options.signedIn ? 'authenticated' : 'anonymous', username: undefined, account: undefined, signIn: () => undefined, signOut: nothing }
  const html = renderToString(
    <div inert aria-hidden="true">
      <QueryClientProvider client={client}>
        <AuthContext.Provider value={auth}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthContext.Provider>
      </QueryClientProvider>
    </div>,
  )
  return { html, client, withData: context.matches.some((m) => wantsFrameWithData(m.route.handle)) }
}
