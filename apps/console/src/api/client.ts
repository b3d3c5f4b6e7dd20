import type { RouteBody, RouteContract, RouteParams, RouteQuery, RouteResponse } from '@lingocast/contract'
import { getToken } from '../lib/cookies'
import { accountOf } from '../lib/session-account'

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
  params?: RouteParams<R>
  query?: RouteQuery<R>
  body?: RouteBody<R>
  signal?: AbortSignal
  /** Extra request headers (e.g. the notes editor's ordering headers). */
  headers?: Record<string, string>
  /** Lets the request outlive the page (a final save when the tab closes). */
  keepalive?: boolean
  /**
   * Sent only in this account's session: when the token in the cookie is
   * another account's, or no account's known here, nothing is sent and the call
   * fails as a session to renew (401). Queued changes and downloads name their
   * account, so a change made by one learner never travels with another's token.
   */
  account?: string
}

/** A call made for an account whose session this is not (see CallInput.account). */
export const NOT_THIS_SESSION = 'Not sent: the session is not the account this change belongs to.'

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
  if (route.bodyEncoding === 'text') return { body: String(body), contentType: 'text/plain; charset=utf-8' }
  return { body: JSON.stringify(body), contentType: 'application/json' }
}

function serverMsg(json: unknown): string | undefined {
  const msg = (json as { msg?: unknown } | null | undefined)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : undefined
}

/** The body as JSON, or undefined when it is empty or not JSON. */
async function readJson(res: Response): Promise<unknown> {
  try {
    const text = await res.text()
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

/** The route's path with its `:name` parameters filled in, each encoded. */
function fillPath(path: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')))
}

/**
 * Sends a contract route and returns the successful Response unread; any
 * failure (network, non-2xx) becomes an ApiError carrying the server's msg.
 */
function createSender(deps: ClientDeps) {
  return async function send<R extends RouteContract>(route: R, input: CallInput<R> = {}): Promise<Response> {
    const qs = route.method === 'GET' || input.query ? toParams(input.query).toString() : ''
    const path = fillPath(route.path, input.params)
    const url = qs ? `${path}?${qs}` : path

    const accept = route.responseType === 'text' || route.responseType === 'stream' ? 'text/plain, application/json' : 'application/json'
    const headers: Record<string, string> = { accept, ...input.headers }
    const token = deps.getToken()
    if (input.account !== undefined && accountOf(token) !== input.account) throw new ApiError(401, undefined, NOT_THIS_SESSION)
    if (route.auth === 'bearer' && token) headers.authorization = `Bearer ${token}`
    const { body, contentType } = encodeBody(route, input.body)
    if (contentType) headers['content-type'] = contentType

    let res: Response
    try {
      res = await deps.fetch(url, { method: route.method, headers, body, signal: input.signal, credentials: 'same-origin', keepalive: input.keepalive })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      throw new ApiError(0, undefined)
    }
    if (!res.ok) throw new ApiError(res.status, serverMsg(await readJson(res)))
    return res
  }
}

/**
 * Builds the typed client around a fetch and a token source, so tests can
 * hand in their own. A body with `success: false` is a failure even on
 * HTTP 200: the spec's server reports errors that way.
 */
export function createApiClient(deps: ClientDeps) {
  const send = createSender(deps)
  return async function call<R extends RouteContract>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
    const res = await send(route, input)
    return readAnswer(route, res.status, await readJson(res))
  }
}

/**
 * The one reading of a JSON answer, for every transport (fetch here, XHR for
 * uploads with progress): a failure status or `success: false` is an
 * ApiError with the server's msg; anything else must match the contract.
 */
export function readAnswer<R extends RouteContract>(route: R, status: number, json: unknown): RouteResponse<R> {
  const ok = status >= 200 && status < 300
  if (!ok || (json as { success?: unknown } | undefined)?.success === false) throw new ApiError(status, serverMsg(json))
  return checked(route, status, json)
}

/**
 * How an answer is held against its route's contract: `data` is what the screens get. In Node (the
 * server's renders, the tests) zod parses it with the route's schema; the browser's build checks its
 * shape instead (answer-check.ts, decision 0032), so that its first screens carry no zod.
 */
export type AnswerCheck = (route: RouteContract, answer: unknown) => { ok: true; data: unknown } | { ok: false }

/** The check in Node: zod parses the answer with the route's schema. */
export const parseWithZod: AnswerCheck = (route, answer) => {
  const parsed = route.response.safeParse(answer)
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false }
}

let checkAnswer = parseWithZod

/** Sets how answers are checked (the browser's build: by their shapes). */
export function checkAnswersWith(check: AnswerCheck): void {
  checkAnswer = check
}

function checked<R extends RouteContract>(route: R, status: number, answer: unknown): RouteResponse<R> {
  const result = checkAnswer(route, answer)
  if (!result.ok) throw new ApiError(status, undefined, UNEXPECTED_FORMAT)
  return result.data as RouteResponse<R>
}

/** Routes answered with plain text (responseType 'text'): the text, checked against the contract. */
export function createTextClient(deps: ClientDeps) {
  const send = createSender(deps)
  return async function callText<R extends RouteContract>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
    const res = await send(route, input)
    return checked(route, res.status, await res.text())
  }
}

/**
 * Routes that stream text (responseType 'stream'): `onText` gets the whole
 * text so far after each piece. Resolves with the full text when the answer
 * is complete; a stream cut in the middle rejects.
 */
export function createStreamClient(deps: ClientDeps) {
  const send = createSender(deps)
  return async function callStream<R extends RouteContract>(route: R, input: CallInput<R>, onText: (textSoFar: string) => void): Promise<string> {
    const res = await send(route, input)
    if (!res.body) throw new ApiError(res.status, undefined, UNEXPECTED_FORMAT)
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return text
      text += value
      onText(text)
    }
  }
}

let transport: ClientDeps = { fetch: (...args) => globalThis.fetch(...args), getToken }

/**
 * Where the console's one client sends its calls: the browser's fetch and the
 * Token cookie, unless a screen is rendered on the server with its data
 * (src/prerender/render-screen.tsx), which answers them from the server itself.
 */
export function setTransport(deps: ClientDeps): void {
  transport = deps
}

const browserDeps: ClientDeps = { fetch: (...args) => transport.fetch(...args), getToken: () => transport.getToken() }

/** The token the client's calls carry: the Token cookie, or the page's on the server (setTransport). */
export const currentToken = (): string | undefined => transport.getToken()

/** The console's one client: same-origin fetch, bearer token from the Token cookie. */
export const apiCall = createApiClient(browserDeps)
export const apiText = createTextClient(browserDeps)
export const apiStream = createStreamClient(browserDeps)

export type ApiCall = typeof apiCall
