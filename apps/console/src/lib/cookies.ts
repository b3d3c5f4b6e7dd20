import { SESSION_LIFETIME_DAYS, TOKEN_COOKIE, USERNAME_COOKIE } from '@lingocast/contract'

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    const raw = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      // A cookie written by something else may not be URI-encoded.
      return raw
    }
  }
  return undefined
}

/** Site-wide so the server's media GET routes, which read the Token cookie, receive it too. */
export function cookieAssignment(name: string, value: string, maxAgeDays: number): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeDays * 86_400)}; Path=/; SameSite=Lax`
}

function currentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie
}

export function getToken(): string | undefined {
  return readCookie(currentCookies(), TOKEN_COOKIE) || undefined
}

export function getUsername(): string | undefined {
  return readCookie(currentCookies(), USERNAME_COOKIE) || undefined
}

/** Token and username cookies, 3 months (spec 000 s3). */
export function setSession(token: string, username: string) {
  document.cookie = cookieAssignment(TOKEN_COOKIE, token, SESSION_LIFETIME_DAYS)
  document.cookie = cookieAssignment(USERNAME_COOKIE, username, SESSION_LIFETIME_DAYS)
}

export function clearSession() {
  document.cookie = cookieAssignment(TOKEN_COOKIE, '', 0)
  document.cookie = cookieAssignment(USERNAME_COOKIE, '', 0)
}
