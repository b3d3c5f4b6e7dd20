import type { RouteBody, RouteContract, RouteQuery, RouteResponse } from '@lingocast/contract'

/** A failed call: the HTTP status (0 for a network failure) and the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** True when `message` came from the server's `msg`, false when it is our fallback. */
    readonly fromServer: boolean,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface CallInput<R extends RouteContract> {
  query?: RouteQuery<R>
  body?: RouteBody<R>
  /** Overrides the Token cookie (e.g. the token of an OAuth return before it is stored). */
  token?: string
  signal?: AbortSignal
}

export interface ClientDeps {
  fetch: typeof fetch
  getToken: () => string | undefined
}

function encodeBody(route: RouteContract, body: unknown): { body?: string; contentType?: string } {
  if (body === undefined) return {}
  if (route.bodyEncoding === 'form') {
    const form = new URLSearchParams()
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (v !== undefined && v !== null) form.set(k, String(v))
    return { body: form.toString(), contentType: 'application/x-www-form-urlencoded' }
  }
  return { body: JSON.stringify(body), contentType: 'application/json' }
}

/**
 * ONE typed client: takes a contract route and its input, returns the parsed
 * response or throws ApiError. A body with `success: false` is a failure even
 * with HTTP 200, and the server's `msg` becomes the error message.
 */
export function createApiClient(deps: ClientDeps) {
  return async function apiCall<R extends RouteContract>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
    let url = route.path
    if (input.query) {
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(input.query as Record<string, unknown>)) if (v !== undefined && v !== null) params.set(k, String(v))
      const qs = params.toString()
      if (qs) url += `?${qs}`
    }
    const headers: Record<string, string> = { accept: 'application/json' }
    const token = input.token ?? (route.auth === 'bearer' ? deps.getToken() : undefined)
    if (token && route.auth === 'bearer') headers.authorization = `Bearer ${token}`
    const { body, contentType } = encodeBody(route, input.body)
    if (contentType) headers['content-type'] = contentType

    let res: Response
    try {
      res = await deps.fetch(url, { method: route.method, headers, body, signal: input.signal, credentials: 'same-origin' })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      throw new ApiError(0, 'Network error: the server could not be reached', false)
    }
    const text = await res.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    const msg = typeof (json as { msg?: unknown })?.msg === 'string' ? (json as { msg: string }).msg : undefined
    if (!res.ok || (json as { success?: unknown })?.success === false) {
      throw new ApiError(res.status, msg ?? `HTTP error ${res.status}`, msg !== undefined)
    }
    const parsed = route.response.safeParse(json)
    if (!parsed.success) throw new ApiError(res.status, 'Received unexpected data format from API.', false)
    return parsed.data as RouteResponse<R>
  }
}

export type ApiCall = ReturnType<typeof createApiClient>
