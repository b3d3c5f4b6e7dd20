import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { SafeFetch } from '../../lib/safe-fetch'
import { createOfflineTutor } from './offline/offline-tutor'
import type { TranslateMeaning } from '../vocabulary/meaning-in-sentence'
import type { WordNet } from './offline/wordnet'
import { createOpenAiCompatibleTutor } from './openai-compatible'
import type { TutorProvider } from './provider'

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
