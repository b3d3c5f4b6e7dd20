import { Readable } from 'node:stream'
import { tutorRoutes as c } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import type { TutorBudget } from './tutor-budget'
import type { TutorService } from './tutor.service'

export interface TutorRouteDeps {
  tutor: TutorService
  /** Shared with card refinement: one budget per user for every call that reaches a model. */
  budget: TutorBudget
}

/** POST /english_vocab/api/chat-explain-english (spec 000 s7): the answer as plain text, streamed as it is written. */
export const tutorRoutes: FastifyPluginAsyncZod<TutorRouteDeps> = async (app, { tutor, budget }) => {
  app.addHook('preHandler', app.requireUser)

  app.route({
    ...fromContract(c.chatExplainEnglish),
    preHandler: budget,
    handler: async (request, reply) => {
      // The learner closing the chat (or the tab) stops the tutor and its upstream request.
      const left = new AbortController()
      reply.raw.on('close', () => left.abort())
      const answer = await tutor.explain(request.user.id, request.body, left.signal)
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        // A stream bypasses the response serializer; the contract's z.string() is the text it adds up to.
        .send(Readable.from(answer) as unknown as string)
    },
  })
}
