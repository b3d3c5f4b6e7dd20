import { createBrowserRouter } from 'react-router'
import { ROUTER_BASENAME, routes } from './routes'

/** The console's router. Made on import, which starts loading the opened route's code and data (routes.tsx). */
export const router = createBrowserRouter(routes, { basename: ROUTER_BASENAME })

/** Resolves once the router has the opened route's code and first data (what it shows instead of HydrateFallback). */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}
