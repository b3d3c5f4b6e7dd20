import type { FastifyReply } from 'fastify'
import type { z } from 'zod'

/**
 * A response body serialised from its contract schema ahead of the reply, as
 * fastify-type-provider-zod's serializer does it (encode, then JSON.stringify),
 * so that a cache can keep it and send it again without redoing either. Kept
 * as UTF-8 bytes: a 1,000-article library list is about 200 KB, and encoding
 * that string for every write was most of what such a call still cost.
 */
export type SerialisedJson<T> = Buffer & { readonly __body?: T }

export function serialiseWith<S extends z.ZodType>(schema: S, value: z.output<S>): SerialisedJson<z.output<S>> {
  return Buffer.from(JSON.stringify(schema.encode(value))) as SerialisedJson<z.output<S>>
}

/** Sends the bytes as the JSON answer; with the content type set, Fastify sends a Buffer as it is. */
export function sendSerialised<T>(reply: FastifyReply, body: SerialisedJson<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body)
}
