import { libraryRoutes as c, MSG } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import { sendSerialised } from '../../lib/serialised-json'
import type { LibraryService } from './library.service'

/** word_collections, article, mark_finished, delete-article (spec 000 s7). */
export const libraryRoutes: FastifyPluginAsyncZod<{ library: LibraryService }> = async (app, { library }) => {
  app.addHook('preHandler', app.requireUser)

  app.route({
    ...fromContract(c.wordCollections),
    // Serialised from the same response schema, once per version of the user's library (library.service.ts).
    handler: async (request, reply) => sendSerialised(reply, await library.listBody(request.user.id)),
  })

  app.route({
    ...fromContract(c.getArticle),
    handler: async (request) => {
      const { article, isMine } = await library.read(request.user.id, request.query.id)
      return { success: true as const, article, is_mine: isMine, msg: MSG.ok }
    },
  })

  app.route({
    ...fromContract(c.markFinished),
    handler: async (request) => {
      await library.setFinished(request.user.id, request.body.article_id, request.body.finished)
      return { success: true as const, msg: MSG.ok }
    },
  })

  app.route({
    ...fromContract(c.deleteArticle),
    handler: async (request) => {
      await library.delete(request.user.id, request.body.article_id)
      return { success: true as const, msg: MSG.ok }
    },
  })
}
