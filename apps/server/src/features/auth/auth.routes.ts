import { authRoutes as c, MSG, oauthCallbackQuery, oauthPaths, oauthProvider, oauthStartQuery } from '@lingocast/contract'
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../../config'
import { NotFoundError } from '../../lib/errors'
import { fromContract } from '../../lib/contract-route'
import { bearerToken } from '../../lib/request-token'
import type { AuthService } from './auth.service'
import type { OAuthFlow } from './oauth-flow'
import { generateToken, KNOWN_DEVICE_MAX_AGE_S } from './secrets'

/**
 * The browser's secret for the OAuth flow: set at start, checked at the
 * callback and when the return's ticket is exchanged, so a flow (and its
 * ticket) only ever signs in the browser that started it. HttpOnly and
 * SameSite=Lax: sent on the provider's top-level redirect back, never
 * readable by scripts.
 */
export const OAUTH_BROWSER_COOKIE = 'oauth_browser'
const BROWSER_SECRET = /^[\w-]{43}$/

function browserSecret(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[OAUTH_BROWSER_COOKIE]
  return value && BROWSER_SECRET.test(value) ? value : undefined
}

/** The requester for the sign-in caps: its IP, an IPv6 address by its /64 (one household or host). */
const clientOf = (request: FastifyRequest) => normalizeIP(request.ip, 64)

export interface AuthRouteDeps {
  auth: AuthService
  oauth: OAuthFlow
  config: Pick<Config, 'signinIpLimitPerHour' | 'devLogin' | 'demo' | 'github' | 'oidc' | 'publicUrl'>
}

/** The five sign-in calls of spec 000 s7, the login options, and the OAuth redirects. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, { auth, oauth, config }) => {
  // Per-IP caps on the calls an attacker would flood; per-address caps live in the service.
  const perIp = { rateLimit: { max: config.signinIpLimitPerHour, timeWindow: '1 hour' } }

  app.route({
    ...fromContract(c.sendRegisterCode),
    config: perIp,
    handler: async (request) => {
      await auth.sendCode(request.body.email, clientOf(request), request.cookies)
      return { success: true as const, msg: MSG.ok }
    },
  })

  app.route({
    ...fromContract(c.loginByEmail),
    config: perIp,
    handler: async (request, reply) => {
      const { token, username, userId, device } = await auth.loginByEmail(request.body.email, request.body.code, clientOf(request))
      // Only the sign-in calls read it; HttpOnly, SameSite=Lax like the OAuth browser cookie.
      reply.setCookie(device.name, device.value, {
        path: '/user/api',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https:'),
        maxAge: KNOWN_DEVICE_MAX_AGE_S,
      })
      return { success: true as const, msg: MSG.ok, token, username, user_id: userId }
    },
  })

  app.route({
    ...fromContract(c.userInfo),
    handler: async (request) => {
      const { username, userId, token } = await auth.userInfo(request.body.token || bearerToken(request), browserSecret(request))
      return { success: true as const, msg: MSG.ok, username, user_id: userId, ...(token ? { token } : {}) }
    },
  })

  app.route({
    ...fromContract(c.authCheck),
    handler: async (request) => {
      await auth.requireToken(request.body.token || bearerToken(request))
      return { success: true as const }
    },
  })

  app.route({
    ...fromContract(c.logout),
    handler: async (request) => {
      await auth.logout(request.body.token || bearerToken(request))
      return { success: true as const, msg: MSG.ok }
    },
  })

  app.route({
    ...fromContract(c.loginOptions),
    handler: async () => ({
      success: true as const,
      github: Boolean(config.github),
      oidc: config.oidc ? { name: config.oidc.name } : null,
      devLogin: config.devLogin,
      demo: config.demo,
    }),
  })

  const providerParams = z.object({ provider: oauthProvider })
  // Kept across flows, so two tabs signing in at once do not undo each other; an hour outlives a flow.
  const setBrowserSecret = (reply: FastifyReply, value: string) =>
    reply.setCookie(OAUTH_BROWSER_COOKIE, value, {
      path: '/user/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: 3600,
    })

  app.get(
    oauthPaths.start(':provider' as never),
    { schema: { params: providerParams, querystring: oauthStartQuery }, config: perIp },
    async (request, reply) => {
      const browser = browserSecret(request) ?? generateToken()
      const url = await oauth.start(request.params.provider, request.query.jump, browser)
      if (!url) throw new NotFoundError(MSG.oauthDisabled)
      setBrowserSecret(reply, browser)
      return reply.redirect(url, 302)
    },
  )

  app.get(
    oauthPaths.callback(':provider' as never),
    { schema: { params: providerParams, querystring: oauthCallbackQuery } },
    async (request, reply) => reply.redirect(await oauth.finish(request.params.provider, request.query, browserSecret(request)), 302),
  )
}
