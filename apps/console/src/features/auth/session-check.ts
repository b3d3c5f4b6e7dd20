import { authRoutes, DEMO_TOKEN, GUEST_TOKEN } from '@lingocast/contract'
import type { QueryClient } from '@tanstack/react-query'
import { createApiClient } from '../../api/client'
import { getToken } from '../../lib/cookies'
import { checkToken, loginOptionsQuery } from './api'

/**
 * The check of `token`, answered by the request the page's first script sent
 * (src/early/sign-in-request.ts) when it was for this token and this route, read
 * like any answer of the client; a new request otherwise. Taken once.
 */
function checkTokenEarly(token: string): Promise<unknown> {
  const early = globalThis.__lingocastSignInCheck
  globalThis.__lingocastSignInCheck = undefined
  if (!early || early.token !== token || early.path !== authRoutes.authCheck.path) return checkToken(token)
  const answered = createApiClient({ fetch: () => early.response, getToken: () => token })
  return answered(authRoutes.authCheck, { body: { token } })
}

/**
 * Resolves when the token is good, rejects when it is not (spec 000 s4). The
 * demo and guest tokens skip the server check, but only while the server says
 * demo mode is on, so a stale demo cookie cannot outlive it.
 */
async function verify(queryClient: QueryClient, token: string): Promise<void> {
  if (token === DEMO_TOKEN || token === GUEST_TOKEN) {
    const demo = await queryClient.fetchQuery(loginOptionsQuery()).then(
      (options) => options.demo,
      () => false,
    )
    if (demo) return
  }
  await checkTokenEarly(token)
}

let opening: { token: string; check: Promise<void>; passed: boolean } | undefined

/**
 * The check of the token the page was opened with. app/boot.tsx starts it before
 * React renders, so it runs beside the route's code and data instead of after
 * them; AuthProvider then waits on the same request. Undefined when there is
 * no token (anonymous at once).
 */
export function openingSessionCheck(queryClient: QueryClient): Promise<void> | undefined {
  const token = getToken()
  if (!token) return undefined
  if (opening?.token !== token) {
    const started = { token, check: verify(queryClient, token), passed: false }
    opening = started
    // Handled by AuthProvider; this keeps a failure before it subscribes from being reported as unhandled.
    started.check.then(
      () => void (started.passed = true),
      () => undefined,
    )
  }
  return opening.check
}

/**
 * Whether the opening check of `token` has already said yes: AuthProvider then
 * starts signed in, without a first render of "Checking sign-in" (app/boot.tsx
 * waits for the answer before React renders, decision 0019).
 */
export function openingCheckPassed(token: string | undefined): boolean {
  return token !== undefined && opening?.token === token && opening.passed
}
