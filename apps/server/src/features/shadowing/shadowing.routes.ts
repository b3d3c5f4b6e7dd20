import { MSG, SHADOW_TAKE_AUDIO_PATH, SHADOW_TAKE_MAX_BYTES, SHADOWING_MSG, shadowingRoutes as c, takeIdParams } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import { ValidationError } from '../../lib/errors'
import { sendStored } from '../../lib/send-file'
import type { Storage } from '../../lib/storage'
import type { ShadowingService } from './shadowing.service'

const ok = { success: true as const, msg: MSG.ok }

/** Shadowing takes, /english_vocab/api/shadowing/*. */
export const shadowingRoutes: FastifyPluginAsyncZod<{ shadowing: ShadowingService; storage: Storage }> = async (app, { shadowing, storage }) => {
  app.addHook('preHandler', app.requireUser)
  // The take is the request body itself. Any type but JSON and forms is read as bytes here (this plugin only),
  // so the service can refuse what is not a recording with the spec's 400 rather than a 415.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SHADOW_TAKE_MAX_BYTES + 1 }, (_request, body, done) => done(null, body))

  const withId = <T extends ReturnType<typeof fromContract>>(options: T) => ({ ...options, schema: { ...options.schema, params: takeIdParams } })
  const idOf = (request: { params: unknown }) => (request.params as { id: number }).id

  app.route({
    ...fromContract(c.uploadTake),
    bodyLimit: SHADOW_TAKE_MAX_BYTES + 1,
    handler: async (request) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      if (!Buffer.isBuffer(request.body)) throw new ValidationError(SHADOWING_MSG.notAudio)
      const { article_id, segment_start } = request.query
      return { ...ok, take: await shadowing.upload(request.user.id, article_id, segment_start, type, request.body) }
    },
  })

  app.route({
    ...fromContract(c.listTakes),
    handler: async (request) => ({ ...ok, takes: await shadowing.list(request.user.id, request.query.article_id, request.query.segment_start) }),
  })

  app.route({
    ...withId(fromContract(c.getTake)),
    handler: async (request) => ({ ...ok, take: await shadowing.get(request.user.id, idOf(request)) }),
  })

  app.route({
    ...withId(fromContract(c.deleteTake)),
    handler: async (request) => {
      await shadowing.delete(request.user.id, idOf(request))
      return ok
    },
  })

  // The src of an <audio>, which sends no header: the Token cookie counts, as for the media proxy.
  app.get(SHADOW_TAKE_AUDIO_PATH, { schema: { params: takeIdParams }, config: { cookieAuth: true } }, async (request, reply) => {
    const address = await shadowing.audioOf(request.user.id, idOf(request))
    // A take never changes: its address is new for every recording.
    return sendStored(request, reply, storage, address, SHADOWING_MSG.takeNotFound, 'private, max-age=86400, immutable')
  })
}
