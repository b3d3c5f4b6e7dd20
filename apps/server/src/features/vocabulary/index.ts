import { defineFeature } from '../../core/define-feature'
import type { LearnerWordsOf } from '../tutor/tutor.service'
import { createComprehensionRepo } from './comprehension.repo'
import { comprehensionRoutes } from './comprehension.routes'
import { createComprehensionService } from './comprehension.service'
import { discoverDictionaries } from './dictionaries/discover'
import { createTranslations, type Translations } from './dictionaries/translations'
import { createEpisodeWordsJob, setAsideEpisodeWords } from './episode-words.job'
import { recordKnownToday } from './known-history'
import { createLearnerLanguage, type LearnerLanguage } from './learner-language'
import { learnerLanguageRoutes } from './learner-language.routes'
import { createLookup } from './lookup'
import { lookupRoutes } from './lookup.routes'
import { createPhraseCoverage } from './phrase-coverage'
import { createPhrasesRepo } from './phrases.repo'
import { createPlacement } from './placement'
import { createWordSettingsRepo } from './word-settings.repo'
import { createWordsRepo } from './words.repo'
import { wordsRoutes } from './words.routes'
import { createWordsService, type WordsService } from './words.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The bilingual dictionaries (tests and benches wait for a language's indexes through it). */
    translations: Translations
    vocabulary: {
      /** A card whose front is one word makes that word 'learning'. */
      noteCardFronts: WordsService['noteCardFronts']
      /** How well the learner knows each lemma (the tutor pitches its explanations with it). */
      learnerWords: LearnerWordsOf
      /** The language the learner reads meanings in, once they named one. */
      languageOf: LearnerLanguage['languageOf']
    }
  }
}

/**
 * Words and phrases the learner knows, how much of an article they would understand, word lookups and
 * their meanings in the learner's language (decisions 0007, 0013).
 */
export const vocabularyFeature = defineFeature({
  name: 'vocabulary',
  needs: ['transcription', 'feeds', 'tutor'],
  async register(app, { config, db }) {
    // A transcript's lemmas are counted once, when it is done.
    const comprehensionRepo = createComprehensionRepo(db)
    const onMarked = (userId: number) => recordKnownToday(db, userId)
    // Phrases are found in the transcripts' texts, not in their lemma counts: how often, in the user's library.
    const phrasesRepo = createPhrasesRepo(db)
    const phraseCoverage = createPhraseCoverage(phrasesRepo)
    const phraseSeen = async (userId: number, phrases: string[]) =>
      phraseCoverage.seenIn(phrases, [...new Set((await comprehensionRepo.libraryScope(userId)).map((s) => s.transcriptId))])
    const comprehension = createComprehensionService({
      repo: comprehensionRepo,
      onMarked,
      phrases: phraseCoverage,
      // Feed episodes nobody collected: their publisher transcripts are read in the feed lane.
      queueEpisodeWords: (channelIds) => app.feeds.queueEpisodeWords(channelIds),
      onQueueError: (error) => app.log.warn({ err: error }, 'queueing the reading of publisher transcripts failed'),
    })
    // Counted again lazily on the first comprehension call if this fails: the transcript itself stays done.
    app.onTranscriptDone((id) => comprehension.countTranscript(id).catch((error: unknown) => app.log.warn({ err: error, transcriptId: id }, "counting a transcript's words failed")))
    app.feedJobs.register(
      'count_episode_words',
      createEpisodeWordsJob({ repo: comprehensionRepo, readTranscript: async (url, type) => (await app.feeds.readPublisherTranscript(url, type)).map((cue) => cue.text) }),
      setAsideEpisodeWords(comprehensionRepo),
    )

    // A card whose front is one word makes that word 'learning'; cards made before that rule are marked once, at start.
    const words = createWordsService({ repo: createWordsRepo(db), phraseSeen })
    app.addHook('onReady', async () => {
      // Never keeps the server from starting: the next start tries again.
      const added = await words.backfillCardWords().catch((error: unknown) => void app.log.warn({ err: error }, 'marking the words of existing cards failed'))
      if (added) app.log.info({ added }, 'the words of existing one-word cards are now learning')
    })

    // Bilingual dictionaries found now, each indexed when a learner of its language first needs it.
    const translations = createTranslations({ discovery: discoverDictionaries(config.dictionaries), log: app.log })
    app.addHook('onClose', async () => translations.close())
    const wordSettings = createWordSettingsRepo(db)
    // Each dictionary's lines in the order of the sense the word has in its sentence: the tutor's WordNet.
    const learnerLanguage = createLearnerLanguage({ settings: wordSettings, translations, wordnet: app.tutor.wordnet })
    // The languages learners chose: indexed from the start in the indexing worker, so lookups find them ready.
    if (config.processRole !== 'worker') {
      app.addHook('onReady', async () => {
        const languages = await wordSettings.languagesInUse().catch((error: unknown) => void app.log.warn({ err: error }, "reading the learners' languages failed"))
        for (const language of languages ?? []) translations.warm(language)
      })
    }

    const { provider: tutor, budget, wordnet } = app.tutor
    await app.register(wordsRoutes, { words })
    await app.register(comprehensionRoutes, { comprehension })
    await app.register(learnerLanguageRoutes, { language: learnerLanguage, tutor, budget, modelName: config.ai?.model })
    await app.register(lookupRoutes, {
      lookup: learnerLanguage.withTranslations(createLookup({ repo: comprehensionRepo, wordnet, terms: phrasesRepo, phraseSeen: async (userId, phrase) => (await phraseSeen(userId, [phrase])).get(phrase) ?? 0 })),
      placement: createPlacement({ repo: comprehensionRepo, wordnet, onMarked }),
      tutor,
      budget,
    })
    app.decorate('translations', translations)
    app.decorate('vocabulary', {
      noteCardFronts: words.noteCardFronts,
      learnerWords: (userId: number, lemmas: string[]) => comprehensionRepo.statusesOf(userId, lemmas),
      languageOf: learnerLanguage.languageOf,
    })
  },
})
