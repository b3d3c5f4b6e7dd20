import { Component, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react'
import { useRouter } from 'wouter'
import { usePathname as useBrowserPath, useSearch as useBrowserSearch } from 'wouter/use-browser-location'
import { FullPageSpinner } from '../components/ui/Spinner'
import { getToken } from '../lib/cookies'
import { queryClient } from './query-client'
import { RequireAuth } from './RequireAuth'
import { RouteError } from './RouteError'
import { routes, warmShell } from './routes'
import { routeAt, type RouteAt } from '../lib/routing/app-route'
import { Navigate } from '../lib/routing/navigation'
import { screenCode, screenSettled, type ScreenCode } from '../lib/routing/screen-code'
import { ShownRouteContext, type ShownRoute } from '../lib/routing/shown-route'
import { Shell } from './shell/Shell'
import { sidebarBeside } from './shell/sidebar-beside'

/** The route of an address of the console (`location.pathname`, `location.search`). */
export const openedRoute = (pathname: string, search: string): RouteAt => routeAt(routes, pathname, search)

let startedAt: string | undefined
let startedSignedIn = false

/**
 * Starts what the route's screen needs: its code, and (with a session) its
 * first data and, on entering the console's frame, the sidebar's where it
 * shows beside the screen (a phone's asks in its drawer). Once per address:
 * React may render the same address many times. Returns the screen's code, to
 * wait for.
 */
export function startRoute(at: RouteAt): ScreenCode | undefined {
  const code = at.route.lazy && screenCode(at.route.lazy)
  const address = `${at.pathname}?${at.search}`
  if (address === startedAt) return code
  startedAt = address
  const signedIn = at.route.signedIn === true
  if (getToken()) {
    // Not awaited: the screen's own queries take the answers, or ask again and say what went wrong.
    if (signedIn && !startedSignedIn && sidebarBeside()) void warmShell(queryClient)
    void at.route.warm?.(at, queryClient)
  }
  startedSignedIn = signedIn
  return code
}

/**
 * The screen of the address, inside the console's frame when it is behind the
 * sign-in. While a screen's code loads, the screen before it stays (the
 * spinner only before the first); a screen that fails is replaced by the
 * route's error screen, in the frame, until the address changes.
 * `prerendered`: rendered in Node, where the screen's code and data were
 * fetched before the render (src/prerender/render-route.tsx).
 */
export function RouteView({ prerendered = false }: { prerendered?: boolean }) {
  const router = useRouter()
  // The address as it is (still escaped), not wouter's decoded path: parameters are decoded once, by the match.
  const pathname = useBrowserPath({ ssrPath: router.ssrPath })
  const search = useBrowserSearch({ ssrSearch: router.ssrSearch })
  const at = useMemo(() => openedRoute(pathname, search), [pathname, search])
  const code = prerendered ? at.route.lazy && screenCode(at.route.lazy) : startRoute(at)
  const ready = !code || screenSettled(code)
  const [, codeCame] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!ready) void code?.ready.then(codeCame)
  }, [code, ready])
  const last = useRef<RouteAt | undefined>(undefined)
  if (ready) last.current = at
  const shown = ready ? at : last.current
  const value = useMemo<ShownRoute | undefined>(() => shown && { pathname: shown.pathname, params: shown.params, search: shown.search }, [shown])
  if (!shown || !value) return <FullPageSpinner label="Loading" />
  return (
    <ShownRouteContext.Provider value={value}>
      <RouteBoundary resetKey={shown.pathname}>{shownScreen(shown)}</RouteBoundary>
    </ShownRouteContext.Provider>
  )
}

function shownScreen(at: RouteAt): ReactNode {
  const { route } = at
  if (route.redirect) return <Navigate to={route.redirect} replace />
  const screen = <Screen code={route.lazy && screenCode(route.lazy)} />
  if (!route.signedIn) return screen
  return (
    <RequireAuth>
      <Shell>
        <RouteBoundary resetKey={at.pathname}>{screen}</RouteBoundary>
      </Shell>
    </RequireAuth>
  )
}

/** A screen whose code has come; its failure goes to the nearest RouteBoundary. */
function Screen({ code }: { code: ScreenCode | undefined }) {
  if (code?.failed) throw code.failed.error
  const Shown = code?.component
  return Shown ? <Shown /> : null
}

interface BoundaryState {
  failure?: { error: unknown }
}

/** Shows RouteError instead of a screen that threw, until the address changes. */
class RouteBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = {}

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failure: { error } }
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failure && previous.resetKey !== this.props.resetKey) this.setState({ failure: undefined })
  }

  override render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children
  }
}
