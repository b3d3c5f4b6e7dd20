import type { RouteContract } from '@lingocast/contract'

type SchemaOf<R extends RouteContract> = {
  params: R['params']
  body: R['body']
  querystring: R['query']
  response: { 200: R['response'] }
}

/**
 * Turns a contract route into Fastify route options, so the same zod schemas
 * validate the request and serialise the response (fastify-type-provider-zod).
 */
export function fromContract<const R extends RouteContract>(route: R) {
  // Keys left out rather than set to undefined: Fastify warns about the latter.
  const schema: Record<string, unknown> = { response: { 200: route.response } }
  if (route.body) schema.body = route.body
  if (route.query) schema.querystring = route.query
  if (route.params) schema.params = route.params
  return { method: route.method, url: route.path, schema: schema as SchemaOf<R> }
}
