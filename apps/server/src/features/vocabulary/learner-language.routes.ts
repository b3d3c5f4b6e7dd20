import { LANGUAGE_MSG, MSG, VOCABULARY_MSG, vocabularyRoutes as c } from '@lingocast/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import { UpstreamError, ValidationError } from '../../lib/errors'
import type { TutorProvider } from '../tutor/provider'
import type { TutorBudget } from '../tutor/tutor-budget'
import type { LearnerLanguage } from './learner-language'
import { modelTranslateSentence, modelTranslateWord } from './word-translation'

export interface LearnerLanguageRouteDeps {
  language: LearnerLanguage
  /** The tutor's provider: only a configured model translates (the offline one has no languages). */
  tutor: TutorProvider
  budget: TutorBudget
  /** AI_MODEL, named as the source of its translations. */
  modelName: string | undefined
}

/** The learner's language (docs/vocabulary.md, Your language): their word settings, and the model's translations of a word in its sentence or of the sentence. */
export const learnerLanguageRoutes: FastifyPluginAsyncZod<LearnerLanguageRouteDeps> = async (app, { language, tutor, budget, modelName }) => {
  app.addHook('preHandler', app.requireUser)
  const model = tutor.name !== 'offline'
  const source = modelName ? `AI model ${modelName}` : 'AI model'
  const chosen = new WeakMap<FastifyRequest, { code: string; name: string }>()

  /** Before the budget is spent: a model must be configured and the learner must have a language. */
  const needsModelAndLanguage = async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!model) throw new ValidationError(LANGUAGE_MSG.noModel)
    const own = await language.languageOf(request.user.id)
    if (!own) throw new ValidationError(LANGUAGE_MSG.noLanguage)
    chosen.set(request, own)
  }

  async function ask(request: FastifyRequest, run: (languageName: string, signal: AbortSignal) => Promise<string>) {
    const abort = new AbortController()
    request.raw.once('close', () => abort.abort())
    const text = await run(chosen.get(request)!.name, abort.signal).catch((error: unknown) => {
      request.log.warn({ err: error }, 'the model did not translate')
      throw new UpstreamError(VOCABULARY_MSG.modelFailed)
    })
    if (!text) throw new UpstreamError(VOCABULARY_MSG.modelFailed)
    return { success: true as const, translation: { text, source }, msg: MSG.ok }
  }

  app.route({
    ...fromContract(c.getWordSettings),
    handler: async (request) => ({ success: true as const, ...(await language.settingsOf(request.user.id)), msg: MSG.ok }),
  })

  app.route({
    ...fromContract(c.updateWordSettings),
    handler: async (request) => {
      const body = request.body
      const patch = {
        ...(body.native_language !== undefined ? { nativeLanguage: body.native_language } : {}),
        ...(body.dictionary_url !== undefined ? { dictionaryUrl: body.dictionary_url } : {}),
      }
      return { success: true as const, ...(await language.update(request.user.id, patch)), msg: MSG.ok }
    },
  })

  app.route({
    ...fromContract(c.translateWord),
    preHandler: [needsModelAndLanguage, budget],
    handler: async (request) => ask(request, (name, signal) => modelTranslateWord(tutor, request.query.word, request.query.sentence, name, signal)),
  })

  app.route({
    ...fromContract(c.translateSentence),
    preHandler: [needsModelAndLanguage, budget],
    handler: async (request) => ask(request, (name, signal) => modelTranslateSentence(tutor, request.query.sentence, name, signal)),
  })
}
