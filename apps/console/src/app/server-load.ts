import type { QueryClient } from '@tanstack/react-query'

/**
 * What the routes' loaders are handed as their `context` when React renders
 * a route in Node (src/prerender/render-route.tsx): the render's own query
 * cache, whether to ask for data at all (yes for a page the server renders
 * with the learner's data; never at build time, where the frames carry no
 * learner's data), and a list where each loader leaves what it asked for, so
 * that the render waits for it. In the browser the context is not one of
 * these, and the loaders fill the console's one cache.
 */
export interface ServerLoad {
  kind: 'server-load'
  client: QueryClient
  fetchData: boolean
  pending: Array<Promise<unknown>>
}

export const serverLoadOf = (context: unknown): ServerLoad | undefined =>
  (context as Partial<ServerLoad> | null | undefined)?.kind === 'server-load' ? (context as ServerLoad) : undefined

/**
 * A route's `handle` when its screen's largest paint needs its data (the
 * player's transcript, the review's card): the server renders that screen with
 * the learner's data in the page instead of the build's empty frame.
 */
export const FRAME_WITH_DATA = { frameWithData: true } as const

export const wantsFrameWithData = (handle: unknown): boolean => (handle as Partial<typeof FRAME_WITH_DATA> | null | undefined)?.frameWithData === true
