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
 * verifier and sends the browser to the provider; `finish` checks the state,
 * signs the account in and sends the browser back to `jump?token=...`
 * (or `jump?error=...`).
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
    async start(provider: OAuthProvider, jump: string | undefined): Promise<string | undefined> {
      const client = deps.clients[provider]
      if (!client) return undefined
      const state = generateToken()
      const codeVerifier = generateToken()
      await deps.repo.insertOAuthState({
        stateHash: hashToken(state),
        provider,
        codeVerifier,
        jump: safeJump(jump),
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      })
      return client.authorizeUrl({ redirectUri: redirectUri(provider), state, codeChallenge: pkceChallenge(codeVerifier) })
    },

    async finish(provider: OAuthProvider, query: { code?: string; state?: string; error?: string }): Promise<string> {
      const client = deps.clients[provider]
      const stored = query.state ? await deps.repo.takeOAuthState(hashToken(query.state), provider) : undefined
      const jump = stored?.jump ?? DEFAULT_JUMP
      if (!client) return withParam(jump, 'error', MSG.oauthDisabled)
      if (!stored || !query.code || query.error) {
        deps.log.warn({ provider, error: query.error, hasState: Boolean(stored) }, 'OAuth callback refused')
        return withParam(jump, 'error', MSG.oauthFailed)
      }
      try {
        const profile = await client.exchange({ code: query.code, redirectUri: redirectUri(provider), codeVerifier: stored.codeVerifier })
        const token = await deps.auth.signInWithProvider({ provider, ...profile })
        return withParam(jump, 'token', token)
      } catch (error) {
        deps.log.error({ err: error, provider }, 'OAuth sign-in failed')
        return withParam(jump, 'error', MSG.oauthFailed)
      }
    },
  }
}

export type OAuthFlow = ReturnType<typeof createOAuthFlow>
