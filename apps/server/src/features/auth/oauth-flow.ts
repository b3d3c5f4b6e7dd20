import { MSG, type OAuthProvider } from '@lingocast/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { AuthRepo } from './auth.repo'
import type { AuthService } from './auth.service'
import type { OAuthClient } from './oauth-providers'
import { generateToken, hashToken, pkceChallenge } from './secrets'

const STATE_TTL_MS = 10 * 60_000
const DEFAULT_JUMP = '/console/login'

/** Only a path on this site: an absolute or protocol-relative URL would be an open redirect. */
export function safeJump(jump: string | undefined): string {
  if (!jump || !jump.startsWith('/') || jump.startsWith('//') || jump.includes('\\')) return DEFAULT_JUMP
  return jump
}

function withParam(jump: string, key: string, value: string): string {
  const url = new URL(jump, 'http://x')
  url.searchParams.set(key, value)
  return `${url.pathname}${url.search}`
}

/**
 * The redirect dance: `start` stores a single-use state with its PKCE
 * verifier and the hash of the browser's secret (an HttpOnly cookie, see
 * auth.routes.ts) and sends the browser to the provider; `finish` checks the
 * state came back to the same browser, signs the account in and sends the
 * browser back to `jump?token=<one-time ticket>` (or `jump?error=...`). The
 * ticket is useless in a link to anyone else: the console's verification call
 * exchanges it only with the same browser secret (AuthService.userInfo).
 */
export function createOAuthFlow(deps: {
  clients: Partial<Record<OAuthProvider, OAuthClient>>
  repo: AuthRepo
  auth: AuthService
  publicUrl: string
  log: FastifyBaseLogger
}) {
  const redirectUri = (provider: OAuthProvider) => `${deps.publicUrl}/user/api/oauth/${provider}/callback`
  return {
    async start(provider: OAuthProvider, jump: string | undefined, browser: string): Promise<string | undefined> {
      const client = deps.clients[provider]
      if (!client) return undefined
      const state = generateToken()
      const codeVerifier = generateToken()
      await deps.repo.insertOAuthState({
        stateHash: hashToken(state),
        provider,
        codeVerifier,
        jump: safeJump(jump),
        browserHash: hashToken(browser),
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      })
      try {
        return await client.authorizeUrl({ redirectUri: redirectUri(provider), state, codeChallenge: pkceChallenge(codeVerifier) })
      } catch (error) {
        // The provider's discovery failed (down, hanging, hostile): back to the sign-in screen with the words, not an error page.
        deps.log.warn({ err: error, provider }, 'OAuth sign-in could not start: the provider did not answer')
        return withParam(safeJump(jump), 'error', MSG.oauthFailed)
      }
    },

    async finish(provider: OAuthProvider, query: { code?: string; state?: string; error?: string }, browser: string | undefined): Promise<string> {
      const client = deps.clients[provider]
      const stored = query.state ? await deps.repo.takeOAuthState(hashToken(query.state), provider) : undefined
      const jump = stored?.jump ?? DEFAULT_JUMP
      if (!client) return withParam(jump, 'error', MSG.oauthDisabled)
      // Another browser's callback (login CSRF: an attacker's own code and state sent to a victim) is refused.
      const browserHash = browser ? hashToken(browser) : undefined
      const sameBrowser = browserHash !== undefined && stored?.browserHash === browserHash
      if (!stored || !browserHash || !sameBrowser || !query.code || query.error) {
        deps.log.warn({ provider, error: query.error, hasState: Boolean(stored), sameBrowser }, 'OAuth callback refused')
        return withParam(jump, 'error', MSG.oauthFailed)
      }
      try {
        const profile = await client.exchange({ code: query.code, redirectUri: redirectUri(provider), codeVerifier: stored.codeVerifier })
        const ticket = await deps.auth.signInWithProvider({ provider, ...profile }, browserHash)
        return withParam(jump, 'token', ticket)
      } catch (error) {
        deps.log.error({ err: error, provider }, 'OAuth sign-in failed')
        return withParam(jump, 'error', MSG.oauthFailed)
      }
    },
  }
}

export type OAuthFlow = ReturnType<typeof createOAuthFlow>
