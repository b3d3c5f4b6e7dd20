import type { RouteContract } from '@lingocast/contract'

/**
 * Turns a contract route into Fastify route options, so the same zod schemas
 * validate the request and serialise the response (fastify-type-provider-zod).
 */
export function fromContract<const R extends RouteContract>(route: R) {
  return {
    method: route.method,
    url: route.path,
    schema: {
      body: route.body as R['body'],
      querystring: route.query as R['query'],
      response: { 200: route.response as R['response'] },
    },
  }
}
