import { MSG, vocabularyRoutes as c } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import { sendSerialised } from '../../lib/serialised-json'
import type { ComprehensionService } from './comprehension.service'

/** Comprehension figures and the article's marks (decision 0007). */
export const comprehensionRoutes: FastifyPluginAsyncZod<{ comprehension: ComprehensionService }> = async (app, { comprehension }) => {
  app.addHook('preHandler', app.requireUser)

  app.route({
    ...fromContract(c.libraryComprehension),
    // Serialised from the same response schema, once per version of the user's library and marks (comprehension.service.ts).
    handler: async (request, reply) => sendSerialised(reply, await comprehension.libraryBody(request.user.id)),
  })

  app.route({
    ...fromContract(c.feedComprehension),
    handler: async (request) => ({
      success: true as const,
      items: await comprehension.feedEpisodes(request.user.id, request.query.ids),
      msg: MSG.ok,
    }),
  })

  app.route({
    ...fromContract(c.articleWords),
    handler: async (request) => ({ success: true as const, ...(await comprehension.articleWords(request.user.id, request.query.article_id)), msg: MSG.ok }),
  })

  app.route({
    ...fromContract(c.markArticleKnown),
    handler: async (request) => ({ success: true as const, changed: await comprehension.markArticleKnown(request.user.id, request.body.article_id), msg: MSG.ok }),
  })
}
