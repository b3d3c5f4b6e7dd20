// First: every answer the console reads is checked by its shape, not with zod (decision 0032).
import '../api/answer-check'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './providers'
import { queryClient } from './query-client'
import { makeRouter, routerReady } from './router'
import { UpdatePrompt } from './UpdatePrompt'
import { openingSessionCheck } from '../features/auth/session-check'

// The sign-in check goes out now, and the router, made in the next task, starts loading the opened
// route's code and data beside it (router.tsx), not after React's first render.
const signInChecked = openingSessionCheck(queryClient)
const routerMade = makeRouter()

/** Resolves when no query is being fetched (the opened route's data, asked for by its loader, has come). */
function dataSettled(): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve()
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return
      stop()
      resolve()
    })
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
  Promise.allSettled([signInChecked, routerMade.then(routerReady)]).then(() => Promise.race([dataSettled(), sleep(DATA_WAIT_MS)])),
  sleep(FRAME_WAIT_MS),
])

// Not a top-level await: that makes the bundler split the main chunk into a dozen small files.
void Promise.all([routerMade, frameShown]).then(([router]) => {
  const root = createRoot(document.getElementById('root')!)
  // A transition: React renders the first screen in slices of a few milliseconds, so a phone's
  // taps and scrolls on the frame already shown are not held up by one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
          <UpdatePrompt />
        </Providers>
      </StrictMode>,
    ),
  )
})
