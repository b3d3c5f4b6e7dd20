// First: every answer the console reads is checked by its shape, not with zod (decision 0032).
import '../api/answer-check'
import { lazy, startTransition, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { Providers } from './providers'
import { queryClient, takeFirstData } from './query-client'
import { openedRoute, RouteView, startRoute } from './RouteView'
import { CONSOLE_BASE } from '../lib/routing/app-route'
import { numberedNavigation } from '../lib/routing/history-index'
import { openingSessionCheck } from '../features/auth/session-check'
import { offlinePluginsFrom } from '../features/offline/plugins'

// The features' offline parts load after the first screen; what needs them waits for them.
offlinePluginsFrom(() => import('./shell/offline-plugins'))
// The service worker's registration and its "new version" prompt: nothing a first screen shows.
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })))

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// The sign-in check goes out now, and in the next task the opened route's code and data are asked for
// beside it (RouteView.tsx), not after React's first render. In a task of its own: done while the
// modules were evaluated, it made that task, already the longest a phone runs, longer.
// The page's answers (My Feed's hundreds of episodes) are read in a task of their own too, before the
// route asks for what they do not hold.
const signInChecked = openingSessionCheck(queryClient)
const routeStarted = nextTask()
  .then(() => takeFirstData(queryClient, document))
  .then(nextTask)
  .then(() => startRoute(openedRoute(location.pathname, location.search))?.ready)

/**
 * Resolves when no query is being fetched (the opened route's data, asked for by its route, has come),
 * and still none a task later: an answer may lead to another call (the Learning screen's figures, asked
 * once its list has come), which starts only after the cache has told its listeners of the first.
 */
function dataSettled(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => queryClient.isFetching() === 0
    const checkLater = () =>
      setTimeout(() => {
        if (!idle()) return
        stop()
        resolve()
      }, 0)
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (idle()) checkLater()
    })
    if (idle()) checkLater()
  })
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// The page shows the screen's first frame, rendered at build time (decision 0019). React's first render
// waits for the sign-in answer and the screen's code (already on their way; at most FRAME_WAIT_MS), so
// that frame does not flash to a spinner and back; then a moment more for the screen's first data, so the
// screen is drawn once, with it, in the time-sliced first render below instead of again, in one long
// task, when it comes. The frame cannot be used meanwhile: DATA_WAIT_MS keeps that short on a slow server.
const FRAME_WAIT_MS = 3000
const DATA_WAIT_MS = 500
const frameShown = Promise.race([
  Promise.allSettled([signInChecked, routeStarted]).then(() => Promise.race([dataSettled(), sleep(DATA_WAIT_MS)])),
  sleep(FRAME_WAIT_MS),
])

// Not a top-level await: that makes the bundler split the main chunk into a dozen small files.
void frameShown.then(() => {
  const root = createRoot(document.getElementById('root')!)
  // A transition: React renders the first screen in slices of a few milliseconds, so a phone's
  // taps and scrolls on the frame already shown are not held up by one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <Router base={CONSOLE_BASE} aroundNav={numberedNavigation}>
            <RouteView />
          </Router>
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        </Providers>
      </StrictMode>,
    ),
  )
})
