import type { RouteBody, RouteContract, RouteQuery, RouteResponse } from '@lingocast/contract'
import { getToken } from '../lib/cookies'

export const UNEXPECTED_FORMAT = 'Received unexpected data format from API.'

/**
 * A failed call. `status` is the HTTP status (0 when the server could not be
 * reached); `msg` is the server's own `msg` when it sent one, so that screens
 * can show it as is and fall back to their catalogue text otherwise.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly msg: string | undefined,
    fallback = status ? `HTTP error ${status}` : 'Network error: the server could not be reached',
  ) {
    super(msg ?? fallback)
    this.name = 'ApiError'
  }
}

export interface CallInput<R extends RouteContract> {
  query?: RouteQuery<R>
  body?: RouteBody<R>
  signal?: AbortSignal
}

export interface ClientDeps {
  fetch: typeof fetch
  getToken: () => string | undefined
}

function toParams(values: unknown): URLSearchParams {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null) continue
    // Arrays repeat the key, which is how forms and query strings carry lists.
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item))
  }
  return params
}

function encodeBody(route: RouteContract, body: unknown): { body?: string; contentType?: string } {
  if (body === undefined) return {}
  if (route.bodyEncoding === 'form') return { body: toParams(body).toString(), contentType: 'application/x-www-form-urlencoded' }
  return { body: JSON.stringify(body), contentType: 'application/json' }
}

function serverMsg(json: unknown): string | undefined {
  const msg = (json as { msg?: unknown } | null | undefined)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : undefined
}

/**
 * Builds the typed client around a fetch and a token source, so tests can
 * hand in their own. A body with `success: false` is a failure even on
 * HTTP 200: the spec's server reports errors that way.
 */
export function createApiClient(deps: ClientDeps) {
  return async function call<R extends RouteContract>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
    const qs = route.method === 'GET' || input.query ? toParams(input.query).toString() : ''
    const url = qs ? `${route.path}?${qs}` : route.path

    const headers: Record<string, string> = { accept: 'application/json' }
    if (route.auth === 'bearer') {
      const token = deps.getToken()
      if (token) headers.authorization = `Bearer ${token}`
    }
    const { body, contentType } = encodeBody(route, input.body)
    if (contentType) headers['content-type'] = contentType

    let res: Response
    try {
      res = await deps.fetch(url, { method: route.method, headers, body, signal: input.signal, credentials: 'same-origin' })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      throw new ApiError(0, undefined)
    }

    let json: unknown
    try {
      const text = await res.text()
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    if (!res.ok || (json as { success?: unknown } | undefined)?.success === false) {
      throw new ApiError(res.status, serverMsg(json))
    }
    const parsed = route.response.safeParse(json)
    if (!parsed.success) throw new ApiError(res.status, undefined, UNEXPECTED_FORMAT)
    return parsed.data as RouteResponse<R>
  }
}

/** The console's one client: same-origin fetch, bearer token from the Token cookie. */
export const apiCall = createApiClient({ fetch: (...args) => globalThis.fetch(...args), getToken })

export type ApiCall = typeof apiCall
