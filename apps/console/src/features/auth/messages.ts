import { MSG } from '@lingocast/contract'
import { ApiError } from '../../api/client'

/** Send Code: the server's msg as is, else the catalogue's fallback (spec 000 s8). */
export function sendCodeError(error: unknown): string {
  return (error instanceof ApiError && error.msg) || MSG.failedToSendCode
}

/**
 * Login: the server's msg as is; an HTTP failure without one names its status;
 * anything else (unreachable server, a body that is not a login) is plain 'Login failed'.
 */
export function loginError(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.loginFailed
  if (error.msg) return error.msg
  return error.status >= 400 ? `${MSG.loginFailed}: ${error.status}` : MSG.loginFailed
}

/**
 * The server sends OAuth failures back as `?error=`. Only its own texts are
 * shown, so a crafted link cannot put words of its choosing on the login screen.
 */
export function oauthReturnError(param: string | null): string | undefined {
  if (param === null) return undefined
  return param === MSG.oauthDisabled ? MSG.oauthDisabled : MSG.oauthFailed
}
