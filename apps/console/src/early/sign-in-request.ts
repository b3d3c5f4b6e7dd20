/**
 * The sign-in check sent by the page's first, tiny script (entry.ts, which
 * index.html loads `async` before the main chunk): a phone then has the
 * answer while it still downloads the console's code, instead of asking only
 * once that code has run. features/auth/session-check.ts reads the answer
 * through the console's client (the contract's schema, its error handling).
 *
 * That script must need no other chunk, so it cannot import the contract
 * (its constants share a chunk with the schemas): the cookie name and the
 * path are repeated here, and sign-in-request.test.ts holds them equal to the
 * contract's. A path that differed would only be ignored (session-check.ts
 * compares it with the contract's before using the answer).
 */
export const EARLY_TOKEN_COOKIE = 'Token'
export const EARLY_AUTH_CHECK_PATH = '/user/api/auth'

export interface EarlySignInCheck {
  token: string
  path: string
  response: Promise<Response>
}

declare global {
  var __lingocastSignInCheck: EarlySignInCheck | undefined
}

/** The Token cookie of a `document.cookie` string (as lib/cookies.ts reads it). */
function tokenCookie(cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== EARLY_TOKEN_COOKIE) continue
    const raw = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(raw) || undefined
    } catch {
      return raw || undefined
    }
  }
  return undefined
}

/** Sends authCheck's request (a form body with the token, spec 000 s4) when there is a token; nothing otherwise. */
export function sendEarlySignInCheck(cookies: string, send: typeof fetch): EarlySignInCheck | undefined {
  const token = tokenCookie(cookies)
  if (!token) return undefined
  const response = send(EARLY_AUTH_CHECK_PATH, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
    credentials: 'same-origin',
  })
  // Read by session-check.ts; a failure before that is its to report.
  response.catch(() => undefined)
  return { token, path: EARLY_AUTH_CHECK_PATH, response }
}
