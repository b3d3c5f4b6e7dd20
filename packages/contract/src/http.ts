import { z } from 'zod'
import { lazySchema } from './lazy-schema'

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
  /** The path as the contract wrote it, on a copy whose `path` was filled in (withPath): what its answer's shape is found by. */
  pathTemplate?: string
}

/** The route with its path filled in by the caller, still known by the path the contract wrote (answerKey). */
export function withPath<R extends RouteContract>(route: R, path: string): R {
  return { ...route, path, pathTemplate: route.pathTemplate ?? route.path }
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
export const errorBody = lazySchema(() => z.object({
  success: z.literal(false),
  msg: z.string(),
}))
export type ErrorBody = z.infer<typeof errorBody>

/** The plain success acknowledgement most write calls answer with. */
export const okBody = lazySchema(() => z.object({
  success: z.literal(true),
  msg: z.literal('ok'),
}))

/** PostgreSQL's `integer`, the type of every id column: a larger id names nothing. */
export const MAX_ID = 2_147_483_647

/**
 * A database id in a request: a JSON integer, or decimal digits in a form or a
 * query string. `Number()` would also read `0x1`, ` 1`, `1e0` and `1.0` as 1,
 * so only plain digits are turned into a number; anything else fails with
 * `message`, as does an id outside 1..MAX_ID (PostgreSQL would refuse it).
 */
export function idInput(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  )
}

/**
 * A list of database ids in a query string: up to `max` ids in decimal digits,
 * comma-separated, each within 1..MAX_ID as idInput wants them (a larger id
 * names nothing, and PostgreSQL would refuse it with an error, not a row);
 * read as numbers. Anything else fails with `message`.
 */
export function idListInput(message: string, max: number) {
  return z
    .string({ error: message })
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${max - 1}}$`), message)
    .refine((text) => text.split(',').every((id) => Number(id) >= 1 && Number(id) <= MAX_ID), message)
    .transform((text) => text.split(',').map(Number))
}

/** A whole number in a request (a query string carries it as text): digits only, within `min`..`max`. */
export function intInput(message: string, min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  )
}

/**
 * PostgreSQL cannot store the character U+0000 in text, so a request that
 * carries one anywhere (path, query, form or JSON body, any depth) is refused
 * with this text before it reaches a route. Where the NUL is: its path, e.g.
 * `body.cards.0.front`; undefined when there is none.
 */
export const NUL_IN_INPUT = 'Text must not contain the NUL character'
export function findNul(input: unknown): string | undefined {
  // Iterative: a 1 MB body of nested arrays would overflow the stack of a recursive walk.
  const stack: Array<[unknown, string]> = [[input, '']]
  while (stack.length > 0) {
    const [value, at] = stack.pop()!
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return at
      continue
    }
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue
    for (const [key, inner] of Object.entries(value)) {
      const here = at ? `${at}.${key}` : key
      if (key.includes('\u0000')) return here
      stack.push([inner, here])
    }
  }
  return undefined
}
