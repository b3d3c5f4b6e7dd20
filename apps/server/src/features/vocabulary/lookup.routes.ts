import { MSG, VOCABULARY_MSG, vocabularyRoutes as c } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import { UpstreamError, ValidationError } from '../../lib/errors'
import type { TutorProvider } from '../tutor/provider'
import type { TutorBudget } from '../tutor/tutor-budget'
import type { TranslatedLookup } from './learner-language'
import type { Placement } from './placement'
import { explainWithModel } from './word-explanation'

export interface LookupRouteDeps {
  /** The lookup with the meanings in the learner's language (decision 0013). */
  lookup: TranslatedLookup
  placement: Placement
  /** The tutor's provider: a configured model explains words too; the offline one is left to the lookup's WordNet sense. */
  tutor: TutorProvider
  budget: TutorBudget
}

/** The lookup popover and the placement (docs/vocabulary.md). */
export const lookupRoutes: FastifyPluginAsyncZod<LookupRouteDeps> = async (app, { lookup, placement, tutor, budget }) => {
  app.addHook('preHandler', app.requireUser)
  const model = tutor.name !== 'offline'

  app.route({
    ...fromContract(c.lookupWord),
    handler: async (request) => ({ success: true as const, ...(await lookup(request.user.id, request.query.word, request.query.sentence)), model, msg: MSG.ok }),
  })

  app.route({
    ...fromContract(c.explainWord),
    preHandler: budget,
    handler: async (request) => {
      if (!model) throw new ValidationError(VOCABULARY_MSG.noModel)
      const abort = new AbortController()
      request.raw.once('close', () => abort.abort())
      const explanation = await explainWithModel(tutor, request.query.word, request.query.sentence, abort.signal).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the model did not explain a word')
        throw new UpstreamError(VOCABULARY_MSG.modelFailed)
      })
      if (!explanation) throw new UpstreamError(VOCABULARY_MSG.modelFailed)
      return { success: true as const, explanation, msg: MSG.ok }
    },
  })

  app.route({
    ...fromContract(c.placementWords),
    handler: async (request) => ({ success: true as const, bands: await placement.words(request.user.id), msg: MSG.ok }),
  })

  app.route({
    ...fromContract(c.applyPlacement),
    handler: async (request) => ({ success: true as const, ...(await placement.apply(request.user.id, request.body)), msg: MSG.ok }),
  })
}
