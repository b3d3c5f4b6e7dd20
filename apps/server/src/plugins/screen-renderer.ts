import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { MessageChannel } from 'node:worker_threads'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { Piscina } from 'piscina'
import { asPartOfPage, type PageSession } from './auth-guard'

/** How long a render waits for its screen's data: past it the screen is rendered with what has come (the rest shows loading). */
export const SCREEN_DATA_WAIT_MS = 500

/**
 * Pages rendered with their data at once (decision 0023), by the database's
 * kind. Their data calls share this thread and the database: pages let in
 * together finish together, so that fifty at once all missed their wait. A few
 * at a time each get their data well within it, and the others wait their
 * turn. Embedded, the database answers one query at a time; a PostgreSQL
 * server answers several (the pool holds 10 connections).
 */
export const SCREENS_AT_ONCE = { pglite: 4, postgres: 8 } as const
/**
 * Pages waiting for their turn, in order of arrival; the next one gets the
 * build's frame at once. No time limit: a page waits what the pages before it
 * take (at worst 60 / 4 turns of a render's 500 ms data wait, embedded), and
 * the browser of a page sent without its data would ask the same server for
 * it, behind the same pages.
 */
export const SCREENS_WAITING = 60

export interface ScreenRenderer {
  /** The page's screen with its learner's data (`session`: the page's learner, just looked up), or undefined for the build's frame. */
  render(request: FastifyRequest, session: PageSession): Promise<{ html: string; state: string } | undefined>
  /** Starts the render thread and its bundle's load in the background, so that the first page to need them does not wait for them. */
  warm(): void
}

/** One call of a screen's loaders, posted by the render thread (screen-render-worker.mjs). */
interface Call {
  id: number
  url: string
  method: string
  headers: Array<[string, string]>
}
type Answer = { id: number; status: number; headers: Array<[string, string]>; body: ArrayBuffer | null } | { id: number; error: string }
type Outcome = { rendered: { html: string; state: string } } | { unavailable: string }

/**
 * Renders the screen a page opens with the learner's data, for
 * console-static.ts, in a thread of its own (screen-render-worker.mjs): the
 * bundle's load and React's render never hold up this thread, where /healthz
 * and every other request are answered. The console's loaders ask for that
 * data through the console's own client; each call comes back here and is
 * answered by the server itself (`app.inject`), as the browser would have sent
 * it: the same path, the learner's token and cookies, from the learner's
 * address, so every rule of the API (whose data it is) applies unchanged. The
 * session is the one the page looked up when it came (auth-guard.ts,
 * `asPartOfPage`), not looked up again for each call. Only GET calls are
 * answered: a render never changes anything. The thread starts with the first
 * page of a signed-in learner. Without the bundle (a build without dist-ssr),
 * when a render fails, or when too many pages wait already, the answer is
 * undefined and the page keeps the build's frame.
 */
export function createScreenRenderer(
  app: FastifyInstance,
  file: string,
  log: FastifyBaseLogger,
  limits: { atOnce: number; waiting: number; dataWaitMs?: number },
): ScreenRenderer {
  let pool: Piscina | undefined
  // Whether the build has the renderer, looked at when first needed (a build may come after the server's start).
  let unavailable: boolean | undefined
  const threads = () =>
    (pool ??= new Piscina({
      filename: new URL('./screen-render-worker.mjs', import.meta.url).href,
      workerData: { bundle: pathToFileURL(file).href },
      // One thread: a render takes a few ms (about 130 with a two-hour transcript); its data, answered on this thread, takes longer.
      minThreads: 1,
      maxThreads: 1,
      concurrentTasksPerWorker: limits.atOnce,
      // Each task waits on its port for answers: a thread paused between tasks (the default) would not hear them.
      atomics: 'disabled',
      // A render that runs away ends its thread (the pool starts another), not the server. A small young
      // generation: V8's default made the thread cost about 100 MB more than rendering here, 8 MB about 30.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 },
    }))
  app.addHook('onClose', async () => {
    await pool?.destroy()
  })

  const warm = () => {
    if (pool || (unavailable ??= !existsSync(file))) return
    void threads()
      .run({}, { name: 'load' })
      .catch(() => undefined)
  }

  const render: ScreenRenderer['render'] = async (request, session) => {
    if ((unavailable ??= !existsSync(file))) return undefined
    if (pool && pool.queueSize >= limits.waiting) {
      request.log.warn('too many pages are being rendered with their data: this one keeps its empty frame')
      return undefined
    }
    const { port1, port2 } = new MessageChannel()
    port1.on('message', (call: Call) => void answer(app, request, session, call).then((a) => port1.postMessage(a, 'body' in a && a.body ? [a.body] : [])))
    try {
      const outcome = (await threads().run({ url: request.url, token: session.token, waitMs: limits.dataWaitMs ?? SCREEN_DATA_WAIT_MS, port: port2 }, { transferList: [port2] })) as Outcome
      if ('unavailable' in outcome) {
        unavailable = true
        log.error({ err: outcome.unavailable, file }, 'the console build’s screen renderer could not be loaded: pages keep their empty frames')
        return undefined
      }
      return outcome.rendered
    } catch (error) {
      request.log.error({ err: error }, 'a screen could not be rendered with its data: the page keeps its empty frame')
      return undefined
    } finally {
      port1.close()
    }
  }
  return { render, warm }
}

/** Answers one call of `page`'s screen (a same-origin path, GET only) as if `page`'s browser had sent it. */
async function answer(app: FastifyInstance, page: FastifyRequest, session: PageSession, call: Call): Promise<Answer> {
  const { id, url } = call
  const method = call.method.toUpperCase()
  if (!url.startsWith('/') || url.startsWith('//')) return { id, error: `a screen's render asked for ${url}: only the server's own paths are answered` }
  if (method !== 'GET') return { id, error: `a screen's render sent ${method} ${url}: only GET is answered` }
  const headers: Record<string, string> = Object.fromEntries(call.headers)
  if (page.headers.cookie) headers.cookie = page.headers.cookie
  if (page.headers['user-agent']) headers['user-agent'] = page.headers['user-agent']
  try {
    const res = await asPartOfPage(session, () => app.inject({ method: 'GET', url, headers, remoteAddress: page.ip }))
    const answered: Array<[string, string]> = []
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) answered.push([name, String(one)])
    }
    const empty = res.statusCode === 204 || res.statusCode === 304
    // A copy of its own, handed to the render thread whole (a Buffer may be a slice of a shared pool).
    return { id, status: res.statusCode, headers: answered, body: empty ? null : new Uint8Array(res.rawPayload).buffer }
  } catch (error) {
    return { id, error: String(error) }
  }
}
