import type { FastifyReply } from 'fastify'
import type { z } from 'zod'

/**
 * A response body serialised from its contract schema ahead of the reply, as
 * fastify-type-provider-zod's serializer does it (encode, then JSON.stringify),
 * so that a cache can keep the text and send it again without redoing either
 * (a 1,000-article library list is about 200 KB of JSON).
 */
export type SerialisedJson<T> = string & { readonly __body?: T }

export function serialiseWith<S extends z.ZodType>(schema: S, value: z.output<S>): SerialisedJson<z.output<S>> {
  return JSON.stringify(schema.encode(value)) as SerialisedJson<z.output<S>>
}

/** Sends the text as the JSON answer; a string with a JSON content type skips the route's serializer. */
export function sendSerialised<T>(reply: FastifyReply, body: SerialisedJson<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body)
}
