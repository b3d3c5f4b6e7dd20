// The thread in which the console build's renderer (dist-ssr/render-screen.js, decision 0021)
// renders a page's screen, so that loading its bundle and React's synchronous render never hold
// up the server's own thread (decision 0023). Each call the screen's loaders make goes back over
// the task's port to the server's thread, which answers it itself (screen-renderer.ts).
// Plain JavaScript on purpose: a worker started from tsx or vitest does not inherit their
// TypeScript loaders.
import { workerData } from 'node:worker_threads'

/** The bundle, imported once per thread; a failed import stays failed (the build is what it is). */
let renderer

/**
 * Loads the bundle before any page needs it (a failed load is answered to the
 * first page), and renders each screen once without data, which loads their
 * code too.
 */
export async function load() {
  renderer ??= import(workerData.bundle)
  const module = await renderer.catch(() => undefined)
  const none = () => Promise.reject(new TypeError('no data while warming up'))
  for (const url of ['/console/player/audio/warm-up', '/console/memories/review?deck_id=1']) {
    await module?.renderScreen({ url, token: '', waitMs: 0, fetch: none }).catch(() => undefined)
  }
}

/**
 * One page, whose turn has come: its render waits at most `waitMs` for its
 * data (not counting the bundle's first load, as when the server's thread
 * loaded it). Answers `{ rendered }`, or `{ unavailable }` when the bundle
 * does not load.
 */
export default async function renderPage({ url, token, waitMs, port }) {
  try {
    renderer ??= import(workerData.bundle)
    let module
    try {
      module = await renderer
    } catch (error) {
      return { unavailable: String(error?.stack ?? error) }
    }
    return { rendered: await module.renderScreen({ url, token, waitMs, fetch: overPort(port) }) }
  } finally {
    port.close()
  }
}

/** A fetch whose every call is posted to the server's thread and answered from there. */
function overPort(port) {
  const waiting = new Map()
  let next = 0
  port.on('message', ({ id, status, headers, body, error }) => {
    const call = waiting.get(id)
    waiting.delete(id)
    if (error !== undefined) call?.reject(new TypeError(error))
    else call?.resolve(new Response(body, { status, headers }))
  })
  return (input, init) =>
    new Promise((resolve, reject) => {
      const id = next++
      waiting.set(id, { resolve, reject })
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      port.postMessage({ id, url, method: init?.method ?? 'GET', headers: [...new Headers(init?.headers)] })
    })
}
