import { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * How the console encodes a request body. The server accepts JSON and
 * urlencoded forms on every route, so this only fixes what the console sends
 * (the spec names form bodies for some sign-in calls and JSON for others).
 * `text` sends the body as text/plain (the notes document).
 */
export type BodyEncoding = 'json' | 'form' | 'text'

/** Who may call a route: nobody signed in, or a bearer token (cookie too for media GETs). */
export type RouteAuth = 'none' | 'bearer'

export interface RouteContract {
  method: HttpMethod
  path: string
  auth: RouteAuth
  /** Path parameters, written `:name` in `path`. */
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  bodyEncoding?: BodyEncoding
  response: z.ZodType
  /** What the success body is: JSON (default), plain text, or text streamed as it is written. */
  responseType?: 'json' | 'text' | 'stream'
}

/** Identity function that keeps the literal types of a route definition. */
export function defineRoute<const T extends RouteContract>(route: T): T {
  return route
}

export type RouteParams<R extends RouteContract> = R['params'] extends z.ZodType ? z.input<R['params']> : undefined
export type RouteQuery<R extends RouteContract> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined
export type RouteBody<R extends RouteContract> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined
export type RouteResponse<R extends RouteContract> = z.output<R['response']>

/** The one error shape of the spec: every failure answers `{success:false, msg}`. */
export const errorBody = z.object({
  success: z.literal(false),
  msg: z.string(),
})
export type ErrorBody = z.infer<typeof errorBody>

/** The plain success acknowledgement most write calls answer with. */
export const okBody = z.object({
  success: z.literal(true),
  msg: z.literal('ok'),
})
