import { createBrowserRouter } from 'react-router'
import { ROUTER_BASENAME, routes } from './routes'

export type ConsoleRouter = ReturnType<typeof createBrowserRouter>

/**
 * The console's router, made in a task of its own just after the console's
 * code has been evaluated. Making it starts loading the opened route's code
 * and data (routes.tsx); done while the modules were evaluated, it made that
 * one task, already the longest a phone runs, about 40 % longer.
 */
export function makeRouter(): Promise<ConsoleRouter> {
  return new Promise((resolve) => setTimeout(() => resolve(createBrowserRouter(routes, { basename: ROUTER_BASENAME })), 0))
}

/** Resolves once the router has the opened route's code and first data (what it shows instead of HydrateFallback). */
export function routerReady(router: ConsoleRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}
