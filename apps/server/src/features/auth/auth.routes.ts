import { authRoutes as c, MSG, oauthCallbackQuery, oauthPaths, oauthProvider, oauthStartQuery } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../../config'
import { NotFoundError } from '../../lib/errors'
import { fromContract } from '../../lib/contract-route'
import { bearerToken } from '../../lib/request-token'
import type { AuthService } from './auth.service'
import type { OAuthFlow } from './oauth-flow'

export interface AuthRouteDeps {
  auth: AuthService
  oauth: OAuthFlow
  config: Pick<Config, 'signinIpLimitPerHour' | 'devLogin' | 'demo' | 'github' | 'oidc'>
}

/** The five sign-in calls of spec 000 s7, the login options, and the OAuth redirects. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, { auth, oauth, config }) => {
  // Per-IP caps on the calls an attacker would flood; per-address caps live in the service.
  const perIp = { rateLimit: { max: config.signinIpLimitPerHour, timeWindow: '1 hour' } }

  app.route({
    ...fromContract(c.sendRegisterCode),
    config: perIp,
    handler: async (request) => {
      await auth.sendCode(request.body.email)
      return { success: true as const, msg: MSG.ok }
    },
  })

  app.route({
    ...fromContract(c.loginByEmail),
    config: perIp,
    handler: async (request) => {
      const { token, username } = await auth.loginByEmail(request.body.email, request.body.code)
      return { success: true as const, msg: MSG.ok, token, username }
    },
  })

  app.route({
    ...fromContract(c.userInfo),
    handler: async (request) => {
      const user = await auth.requireToken(request.body.token || bearerToken(request))
      return { success: true as const, msg: MSG.ok, username: user.username }
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

  app.get(
    oauthPaths.start(':provider' as never),
    { schema: { params: providerParams, querystring: oauthStartQuery }, config: perIp },
    async (request, reply) => {
      const url = await oauth.start(request.params.provider, request.query.jump)
      if (!url) throw new NotFoundError(MSG.oauthDisabled)
      return reply.redirect(url, 302)
    },
  )

  app.get(
    oauthPaths.callback(':provider' as never),
    { schema: { params: providerParams, querystring: oauthCallbackQuery } },
    async (request, reply) => reply.redirect(await oauth.finish(request.params.provider, request.query), 302),
  )
}
