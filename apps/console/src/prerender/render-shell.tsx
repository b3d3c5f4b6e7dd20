import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { ROUTER_BASENAME, routes } from '../app/routes'
import { AuthContext, type AuthState } from '../features/auth/auth-context'

const nothing = async () => undefined

/**
 * The first frame of the screen at `pathname` (under the console's base) as
 * HTML: what React renders there before any data has come, made at build time
 * in Node (prerender-shells.ts) and sent inside index.html's #root by the
 * server, so a phone paints the screen's frame and texts from the page itself
 * instead of after ~180 KB of code (decision 0019). React then renders over
 * it (createRoot, not hydration: the markup only has to look the same).
 * `signedIn` renders the screens behind the sign-in as a learner sees them.
 * The frame is `inert`: it is only to be seen. What is typed into its fields
 * or clicked before React renders would be lost with it, so nothing takes
 * focus or input until the console's own screen replaces it.
 */
export async function renderShell(pathname: string, signedIn: boolean): Promise<string> {
  const handler = createStaticHandler(routes, { basename: ROUTER_BASENAME })
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`${pathname}: the router answered a redirect (${context.status})`)
  if (context.errors) throw new Error(`${pathname}: ${JSON.stringify(context.errors)}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const auth: AuthState = { status: signedIn ? 'authenticated' : 'anonymous', username: undefined, signIn: () => undefined, signOut: nothing }
  // Queries stay pending (nothing is fetched during a server render): each screen shows its loading state.
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  return renderToString(
    <div inert>
      <QueryClientProvider client={queries}>
        <AuthContext.Provider value={auth}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthContext.Provider>
      </QueryClientProvider>
    </div>,
  )
}
