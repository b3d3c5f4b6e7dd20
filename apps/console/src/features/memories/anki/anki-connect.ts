/**
 * AnkiConnect's JSON protocol, version 6, spoken from the learner's browser
 * (decision 0026): POST `{action, version: 6, params}`, answer
 * `{result, error}`. The body goes as text/plain, a "simple" request with no
 * CORS preflight, which every AnkiConnect release answers; the add-on reads
 * the body whatever its type.
 */

/** Where AnkiConnect listens unless its config says otherwise (webBindAddress, webBindPort). */
export const ANKI_CONNECT_URL = 'http://127.0.0.1:8765'
export const ANKI_CONNECT_VERSION = 6

/**
 * Why a call failed: `unreachable` (nothing answers: Anki closed or the
 * add-on missing), `refused` (AnkiConnect answers but not to this origin:
 * a CORS failure, or the permission prompt declined), `api-key` (the add-on
 * wants a key we do not have), `anki` (Anki's own error text, e.g. a
 * duplicate or a missing note type).
 */
export type AnkiFailure = 'unreachable' | 'refused' | 'api-key' | 'anki'

export class AnkiConnectError extends Error {
  constructor(
    readonly kind: AnkiFailure,
    message: string,
  ) {
    super(message)
    this.name = 'AnkiConnectError'
  }
}

export interface AnkiConnectClient {
  call<T>(action: string, params?: object): Promise<T>
}

/**
 * A failed fetch reads the same for "nothing listens" and "the answer had no
 * Access-Control-Allow-Origin for us". An opaque (no-cors) request tells them
 * apart: it resolves whenever something answered, and its answer stays unread.
 */
async function whyFetchFailed(url: string, fetchImpl: typeof fetch): Promise<AnkiConnectError> {
  try {
    await fetchImpl(url, { mode: 'no-cors', cache: 'no-store' })
    return new AnkiConnectError('refused', `AnkiConnect at ${url} did not let this page in`)
  } catch {
    return new AnkiConnectError('unreachable', `Nothing answers at ${url}`)
  }
}

export function ankiConnect(url: string = ANKI_CONNECT_URL, fetchImpl: typeof fetch = (...args) => fetch(...args)): AnkiConnectClient {
  return {
    async call<T>(action: string, params: object = {}): Promise<T> {
      let res: Response
      try {
        res = await fetchImpl(url, { method: 'POST', body: JSON.stringify({ action, version: ANKI_CONNECT_VERSION, params }), cache: 'no-store' })
      } catch {
        throw await whyFetchFailed(url, fetchImpl)
      }
      // AnkiConnect answers 403 (with its CORS header) to an origin it does not list.
      if (res.status === 403) throw new AnkiConnectError('refused', `AnkiConnect at ${url} refused this page (403)`)
      let answer: unknown
      try {
        answer = await res.json()
      } catch {
        throw new AnkiConnectError('anki', `AnkiConnect answered ${action} with something that is not JSON (HTTP ${res.status})`)
      }
      if (!answer || typeof answer !== 'object' || !('result' in answer) || !('error' in answer)) {
        throw new AnkiConnectError('anki', `AnkiConnect answered ${action} in an unknown shape: is it version 6 or later?`)
      }
      const { result, error } = answer as { result: T; error: unknown }
      if (error !== null && error !== undefined) throw new AnkiConnectError('anki', String(error))
      return result
    },
  }
}

// The add-on writes `requireApikey`; its documentation, `requireApiKey`.
type Permission = { permission: 'granted'; requireApikey?: boolean; requireApiKey?: boolean; version?: number } | { permission: 'denied' }

/**
 * Asks AnkiConnect to let this origin in. An origin it does not list yet makes
 * Anki ask the learner (and this call waits for the answer); one it lists is
 * granted at once. Add-on releases before the prompt existed answer
 * "unsupported action": the calls that follow then tell by themselves.
 */
export async function askPermission(client: AnkiConnectClient): Promise<void> {
  let answer: Permission
  try {
    answer = await client.call<Permission>('requestPermission')
  } catch (error) {
    if (error instanceof AnkiConnectError && error.kind === 'anki') return
    throw error
  }
  if (answer.permission !== 'granted') throw new AnkiConnectError('refused', 'Anki declined this page')
  if (answer.requireApikey || answer.requireApiKey) throw new AnkiConnectError('api-key', 'AnkiConnect asks for an API key')
}
