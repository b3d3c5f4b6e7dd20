import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { AuthService, SignedInUser } from '../features/auth/auth.service'
import { bearerToken, cookieToken } from '../lib/request-token'

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for product routes: sets request.user or answers 401 in the spec's words. */
    requireUser: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    user: SignedInUser
  }
  interface FastifyContextConfig {
    /** GET routes read by media elements also accept the Token cookie. */
    cookieAuth?: boolean
  }
}

export const authGuard = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('user', undefined as unknown as SignedInUser)
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const fromCookie = request.routeOptions.config.cookieAuth && request.method === 'GET' ? cookieToken(request) : undefined
      request.user = await auth.requireToken(bearerToken(request) ?? fromCookie)
    })
  },
  { name: 'auth-guard' },
)
