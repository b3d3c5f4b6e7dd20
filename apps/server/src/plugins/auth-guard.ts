import { AsyncLocalStorage } from 'node:async_hooks'
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

/** A page's session, looked up once when the page was asked for. */
export interface PageSession {
  token: string
  user: SignedInUser
}

const renderedPage = new AsyncLocalStorage<PageSession>()

/**
 * Runs `call` (an `app.inject` of one of the calls a server-rendered page's
 * screen makes, screen-renderer.ts) as part of that page: a call that presents
 * the page's own token is the page's learner, whose session the page has just
 * looked up, without looking it up again. Every other rule of the route
 * applies as for any call. Nothing from outside can set this: it is not in
 * the request, only in the server's own call (decision 0023).
 */
export const asPartOfPage = <T>(page: PageSession, call: () => PromiseLike<T>): Promise<T> =>
  // Awaited inside: `app.inject` answers a thenable that starts the request when first awaited, and only what starts inside sees the page.
  renderedPage.run(page, async () => await call())

export const authGuard = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('user', undefined as unknown as SignedInUser)
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const fromCookie = request.routeOptions.config.cookieAuth && request.method === 'GET' ? cookieToken(request) : undefined
      const token = bearerToken(request) ?? fromCookie
      const page = renderedPage.getStore()
      request.user = page !== undefined && token === page.token ? page.user : await auth.requireToken(token)
    })
  },
  { name: 'auth-guard' },
)
