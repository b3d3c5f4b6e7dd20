import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import { defineFeature } from '../../core/define-feature'
import type { SafeFetch } from '../../lib/safe-fetch'
import { createOfflineTutor } from './offline/offline-tutor'
import { translateWith, type TranslateMeaning } from '../vocabulary/meaning-in-sentence'
import { createWordNet, type WordNet } from './offline/wordnet'
import { createOpenAiCompatibleTutor } from './openai-compatible'
import type { TutorProvider } from './provider'
import { createTutorBudget, type TutorBudget } from './tutor-budget'
import { tutorRoutes } from './tutor.routes'
import { createTutorService } from './tutor.service'

export type { ArticleContext, ChatTurn, ExplainTask, ImproveFlashcardTask, LearnerWords, SegmentContext, TimedLine, TutorProvider, TutorTask } from './provider'

/**
 * The configured AI (AI_BASE_URL, AI_API_KEY, AI_MODEL), fetched with `http` (the operator's endpoints'
 * fetch), or, without one, the offline WordNet tutor on `wordnet` (its cards' meanings in the learner's language by `translate`).
 */
export function createTutorProvider(config: Pick<Config, 'ai'>, log: FastifyBaseLogger, wordnet: WordNet, http: Pick<SafeFetch, 'fetch'>, translate?: TranslateMeaning): TutorProvider {
  const provider = config.ai ? createOpenAiCompatibleTutor(config.ai, log, http) : createOfflineTutor(wordnet, translate)
  log.info({ provider: provider.name, model: config.ai?.model }, 'tutor ready')
  return provider
}

declare module 'fastify' {
  interface FastifyInstance {
    tutor: {
      /** The configured model, or the offline WordNet tutor: the chat, refining cards and explaining looked-up words. */
      provider: TutorProvider
      /** One budget per user for every call that reaches a model (TUTOR_LIMIT_PER_MINUTE). */
      budget: TutorBudget
      /** One WordNet for the offline tutor and the word lookup: its sense counts are read into memory once. */
      wordnet: WordNet
    }
  }
}

/** The tutor's chat on a segment, and the model every other feature that asks one goes through. */
export const tutorFeature = defineFeature({
  name: 'tutor',
  needs: ['library'],
  // The learner's words, language and translations, read when a learner asks: vocabulary's routes use the tutor.
  later: ['vocabulary'],
  async register(app, { config, operatorFetch, tutor: handedIn }) {
    const wordnet = createWordNet()
    // The offline tutor's cards say what the lookup shows: the same reading, translated the same way.
    const translate = translateWith({ translate: (language, word) => app.translations.translate(language, word) }, wordnet)
    const provider = handedIn ?? createTutorProvider(config, app.log, wordnet, operatorFetch, translate)
    const budget = createTutorBudget(app, config.tutorLimitPerMinute)
    const tutor = createTutorService({
      provider,
      library: app.library.own,
      learnerWords: (userId, lemmas) => app.vocabulary.learnerWords(userId, lemmas),
      learnerLanguage: async (userId) => (await app.vocabulary.languageOf(userId))?.code,
    })
    await app.register(tutorRoutes, { tutor, budget })
    app.decorate('tutor', { provider, budget, wordnet })
  },
})
