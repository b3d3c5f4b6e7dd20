import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import { MSG, SHADOWING_MSG } from '@lingocast/contract'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { createAuthRepo } from './features/auth/auth.repo'
import { authRoutes } from './features/auth/auth.routes'
import { createAuthService } from './features/auth/auth.service'
import { createOAuthFlow } from './features/auth/oauth-flow'
import { createOAuthClients } from './features/auth/oauth-providers'
import { DEMO_DIR, demoArticles } from './features/library/demo-content'
import { createLibraryRepo } from './features/library/library.repo'
import { libraryRoutes } from './features/library/library.routes'
import { createLibraryService } from './features/library/library.service'
import { mediaRoutes } from './features/media/media.routes'
import { improveFlashcardRoutes } from './features/memories/improve-flashcard.routes'
import { createMemoriesRepo } from './features/memories/memories.repo'
import { memoriesRoutes } from './features/memories/memories.routes'
import { createCardAudioJob } from './features/memories/card-audio.job'
import { createMemoriesService, type CardClips } from './features/memories/memories.service'
import { createSentenceSource } from './features/memories/sentence-source'
import { createTranscriptsRepo } from './features/media/transcripts.repo'
import { createJobRunner, type JobRunner } from './features/jobs/job-runner'
import { createJobsRepo } from './features/jobs/jobs.repo'
import { createRecogniser } from './features/transcription/recogniser'
import { createTranscribeJob } from './features/transcription/transcribe.job'
import { createTranscriptionService, YIELD_WITHIN_MS, type TranscriptionService } from './features/transcription/transcription.service'
import { createTranscriptionQueueRepo } from './features/transcription/transcription-queue.repo'
import { createTranscriptionSpeed } from './features/transcription/transcription-speed'
import { createPlaylistsRepo } from './features/playlists/playlists.repo'
import { playlistsRoutes } from './features/playlists/playlists.routes'
import { createPlaylistsService } from './features/playlists/playlists.service'
import { withSharedReads } from './features/playlists/shared-access'
import { RateLimitedError } from './lib/errors'
import { createSafeFetch } from './lib/safe-fetch'
import { withLogRedaction } from './lib/log-redaction'
import { createFileCache } from './lib/file-cache'
import { createMediaCache } from './lib/media-cache'
import { createConfiguredStorage, storageTmpDir } from './lib/configured-storage'
import { StoredFileMissing } from './lib/storage'
import { storageRoutes } from './features/storage/storage.routes'
import { createUploadRepo } from './features/upload/upload.repo'
import { uploadRoutes } from './features/upload/upload.routes'
import { createUploadService } from './features/upload/upload.service'
import { sweepStaleUploads } from './features/upload/sweep-temp'
import { sweepStaleEntries, sweepStaleTree } from './lib/sweep-temp'
import { createNotesRepo } from './features/notes/notes.repo'
import { notesRoutes } from './features/notes/notes.routes'
import { createComprehensionRepo } from './features/vocabulary/comprehension.repo'
import { comprehensionRoutes } from './features/vocabulary/comprehension.routes'
import { createComprehensionService } from './features/vocabulary/comprehension.service'
import { createEpisodeWordsJob, setAsideEpisodeWords } from './features/vocabulary/episode-words.job'
import { recordKnownToday } from './features/vocabulary/known-history'
import { createLookup } from './features/vocabulary/lookup'
import { translateWith } from './features/vocabulary/meaning-in-sentence'
import { discoverDictionaries } from './features/vocabulary/dictionaries/discover'
import { createTranslations, type Translations } from './features/vocabulary/dictionaries/translations'
import { createLearnerLanguage } from './features/vocabulary/learner-language'
import { learnerLanguageRoutes } from './features/vocabulary/learner-language.routes'
import { createWordSettingsRepo } from './features/vocabulary/word-settings.repo'
import { createPhraseCoverage } from './features/vocabulary/phrase-coverage'
import { createPhrasesRepo } from './features/vocabulary/phrases.repo'
import { lookupRoutes } from './features/vocabulary/lookup.routes'
import { createPlacement } from './features/vocabulary/placement'
import { createWordsRepo } from './features/vocabulary/words.repo'
import { wordsRoutes } from './features/vocabulary/words.routes'
import { createWordsService } from './features/vocabulary/words.service'
import { createWordNet } from './features/tutor/offline/wordnet'
import { createNotesService } from './features/notes/notes.service'
import { createTutorProvider, type TutorProvider } from './features/tutor'
import { tutorRoutes } from './features/tutor/tutor.routes'
import { createTutorBudget } from './features/tutor/tutor-budget'
import { createTutorService } from './features/tutor/tutor.service'
import { STARTER_CATALOGUE } from './features/feeds/catalogue'
import { createFeedsRepo } from './features/feeds/feeds.repo'
import { feedsRoutes } from './features/feeds/feeds.routes'
import { createFeedsService, type FeedsService } from './features/feeds/feeds.service'
import { createRefreshFeedJob } from './features/feeds/refresh-feed.job'
import { createMetrics } from './features/operations/metrics'
import { createOperationsRepo } from './features/operations/operations.repo'
import { operations } from './features/operations/operations.routes'
import { workerListener } from './features/operations/worker-listener'
import { gracefulClose } from './features/operations/graceful-close'
import { createMailer, type Mailer } from './lib/mailer'
import { useMediaTools } from './lib/media-tools'
import { canTimeWords, logCapabilities } from './features/operations/capabilities'
import { authGuard } from './plugins/auth-guard'
import { consoleStatic } from './plugins/console-static'
import { SCREENS_AT_ONCE } from './plugins/screen-renderer'
import { errorHandler } from './plugins/error-handler'
import { inputGuard } from './plugins/input-guard'
import { jsonCompression } from './plugins/json-compression'
import { securityHeaders } from './plugins/security-headers'
import { createShadowingRepo } from './features/shadowing/shadowing.repo'
import { shadowingRoutes } from './features/shadowing/shadowing.routes'
import { createShadowingService } from './features/shadowing/shadowing.service'
import { createScoreTakeJob } from './features/shadowing/score-take.job'

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runner (started only when PROCESS_ROLE is worker or both). */
    jobs: JobRunner
    /** Asks for transcripts: features that bring known text (uploads, feeds) call it with cues. */
    transcription: TranscriptionService
    /** Channels and their refresh (tests and benches drive refreshes through it). */
    feeds: FeedsService
    /** The bilingual dictionaries (tests and benches wait for a language's indexes through it). */
    translations: Translations
  }
}

export interface AppDeps {
  database: Database
  mailer?: Mailer
  logger?: FastifyServerOptions['logger']
  /** The tutor behind improve-flashcard-back (and the chat); tests hand in a double. */
  tutor?: TutorProvider
}

const HOUR = 3_600_000

/** Plugins and features, wired once. Tests call this with their own database and config. */
export async function buildApp(config: Config, deps: AppDeps) {
  const app = Fastify({
    logger: withLogRedaction(deps.logger ?? { level: config.logLevel }),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Issue 27: ffmpeg, ffprobe and pocketsphinx as found at boot, and one line a part on what works here.
  useMediaTools(config.tools)
  logCapabilities(config, app.log)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(errorHandler)
  await app.register(securityHeaders, { publicUrl: config.publicUrl })
  await app.register(inputGuard)
  await app.register(jsonCompression)
  await app.register(cookie)
  // Where the spec does not say JSON or form, every route accepts both.
  await app.register(formbody)
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new RateLimitedError(MSG.tooManyRequests),
  })

  const { db } = deps.database
  // Before every other route, so the latency hook sees them all.
  const operationsRepo = createOperationsRepo(db)
  const metrics = createMetrics({ jobNames: ['transcribe', 'refresh_feed', 'count_episode_words', 'card_audio', 'score_take'], queueStats: operationsRepo.queueStats, processMetrics: config.metrics.enabled })
  // Local disk, or the bucket STORAGE_URL names; the demo content ships with the app and stays a local, read-only mount.
  const storage = await createConfiguredStorage(config, { '/demo/': DEMO_DIR })
  const operationsDeps = { metrics, access: config.metrics, readiness: { ping: operationsRepo.ping, pingStorage: storage.ping, timeoutMs: 5000 } }
  await app.register(operations, operationsDeps)
  // SIGTERM: requests in flight finish, then their keep-alive connections close instead of holding the process.
  await app.register(gracefulClose)
  // A worker serves no app HTTP: its job counters would be unreadable without a listener of their own.
  if (config.processRole === 'worker' && config.metrics.port !== undefined) await app.register(workerListener, { ...operationsDeps, host: config.host, port: config.metrics.port })
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log)
  const authRepo = createAuthRepo(db)
  const auth = createAuthService({ repo: authRepo, mailer, config, log: app.log })
  // The operator's own endpoints (sign-in providers, the model, the transcription API): no address check, the
  // same guards; no headers deadline of its own, as a model may think for minutes: each caller bounds its wait.
  const operatorFetch = createSafeFetch({ ...config.outbound, checkAddresses: false, headersTimeoutMs: 10 * 60_000, bodyTimeoutMs: 10 * 60_000 })
  const oauth = createOAuthFlow({ clients: createOAuthClients(config, operatorFetch), repo: authRepo, auth, publicUrl: config.publicUrl, log: app.log })

  await app.register(authGuard, { auth })
  await app.register(authRoutes, { auth, oauth, config })

  const library = createLibraryService({ repo: createLibraryRepo(db) })
  // Words you know (issue 15): a transcript's lemmas are counted once, when it is done.
  const comprehensionRepo = createComprehensionRepo(db)
  const onMarked = (userId: number) => recordKnownToday(db, userId)
  // Phrases (issue 24) are found in the transcripts' texts, not in their lemma counts: how often, in the user's library.
  const phrasesRepo = createPhrasesRepo(db)
  const phraseCoverage = createPhraseCoverage(phrasesRepo)
  const phraseSeen = async (userId: number, phrases: string[]) =>
    phraseCoverage.seenIn(phrases, [...new Set((await comprehensionRepo.libraryScope(userId)).map((s) => s.transcriptId))])
  const comprehension = createComprehensionService({
    repo: comprehensionRepo,
    onMarked,
    phrases: phraseCoverage,
    // Feed episodes nobody collected: their publisher transcripts are read in the feed lane (feeds is wired below).
    queueEpisodeWords: (channelIds) => feeds.queueEpisodeWords(channelIds),
    onQueueError: (error) => app.log.warn({ err: error }, 'queueing the reading of publisher transcripts failed'),
  })
  const transcripts = createTranscriptsRepo(db, {
    // Counted again lazily on the first comprehension call if this fails: the transcript itself stays done.
    onDone: (id) => comprehension.countTranscript(id).catch((error: unknown) => app.log.warn({ err: error, transcriptId: id }, 'counting a transcript\'s words failed')),
  })
  for (const demo of demoArticles()) await transcripts.storeIfAbsent(demo.audio, 'demo', demo.segments)
  const safeFetch = createSafeFetch({ allowHosts: config.fetchAllowHosts, ...config.outbound })
  // Playlists check ownership with the library's own, user-scoped reads.
  const playlists = createPlaylistsService({ repo: createPlaylistsRepo(db), library })
  const { readableLibrary, mediaAccess: libraryMedia } = withSharedReads(library, playlists)
  const feedsRepo = createFeedsRepo(db)
  // An episode of a channel the user sees plays in the mini player before it is in their library.
  const mediaAccess: typeof libraryMedia = {
    ...libraryMedia,
    userHasMedia: async (userId, address) => (await libraryMedia.userHasMedia(userId, address)) || feedsRepo.isVisibleEpisodeMedia(userId, address),
  }
  await app.register(libraryRoutes, { library: readableLibrary })
  await app.register(playlistsRoutes, { playlists })

  const jobsRepo = createJobsRepo(db)
  // The transcription lane: config.jobs.concurrency slots (TRANSCRIBE_CONCURRENCY); a transcript a learner
  // opens takes the slot of a background one, which hands it back between chunks (or is stopped).
  const jobs = createJobRunner({ repo: jobsRepo, log: app.log.child({ component: 'jobs' }), ...config.jobs, names: ['transcribe'], preemptAfterMs: YIELD_WITHIN_MS })
  const recogniser = createRecogniser({ ...config, pocketsphinx: canTimeWords(config), http: operatorFetch })
  // Recent runs' speed, kept in the database, estimates the wait of a queued transcript in any process.
  const transcriptionSpeed = createTranscriptionSpeed(db)
  const transcription = createTranscriptionService({
    transcripts,
    jobs: jobsRepo,
    nudge: jobs.nudge,
    queue: createTranscriptionQueueRepo(db),
    speeds: transcriptionSpeed.speeds,
    recogniser: recogniser.source,
  })
  jobs.register(
    'transcribe',
    transcriptionSpeed.measured(
      createTranscribeJob({
        transcripts,
        storage,
        safeFetch,
        modelDir: config.pocketsphinxModelDir,
        wordTiming: canTimeWords(config),
        maxDownloadBytes: config.transcribeMaxBytes,
        recogniser,
        tmpDir: config.transcribeTmpDir,
        onFinished: (run) => {
          metrics.observeTranscription(run)
          transcriptionSpeed.finished(run, (error) => app.log.warn({ err: error }, 'recording the speed of a transcription failed'))
        },
      }),
      async (address) => ((await transcripts.state(address))?.cues?.length ? 'align' : recogniser.source),
    ),
    ({ address }) => transcription.setAside(address),
  )
  app.decorate('jobs', jobs)
  app.decorate('transcription', transcription)
  if (config.processRole !== 'web') {
    app.addHook('onReady', async () => jobs.start())
    // Before the database closes: running jobs are aborted and handed back to the queue.
    app.addHook('preClose', async () => jobs.stop())
  }

  const cache = createFileCache(path.join(config.dataDir, 'cache'))
  // Copies of remote media whose host ignores Range (issue 23): the proxy answers ranges from them, so seeking works everywhere.
  const mediaCache = createMediaCache({ ...config.mediaCache, lowSpeed: config.outbound.lowSpeed })
  await app.register(mediaRoutes, { library: mediaAccess, transcripts, transcription, storage, safeFetch, cache, mediaCache })
  await app.register(storageRoutes, { library: mediaAccess, storage, cache })
  const uploads = createUploadService({ repo: createUploadRepo(db), storage, library, transcription, tmpDir: config.uploadTmpDir, log: app.log })
  await app.register(uploadRoutes, { uploads, tmpDir: config.uploadTmpDir, maxBytes: config.uploadMaxBytes })
  // A card whose front is one word makes that word 'learning' in the vocabulary; cards made before it existed are marked once, at boot.
  const words = createWordsService({ repo: createWordsRepo(db), phraseSeen })
  app.addHook('onReady', async () => {
    // Never keeps the server from starting: the next start tries again.
    const added = await words.backfillCardWords().catch((error: unknown) => void app.log.warn({ err: error }, 'marking the words of existing cards failed'))
    if (added) app.log.info({ added }, 'the words of existing one-word cards are now learning')
  })
  // Cards that speak (issue 16): a card made from a sentence keeps the sentence's clip, cut in the quick lane.
  const memoriesRepo = createMemoriesRepo(db)
  const cardClips: CardClips = {
    locate: createSentenceSource({
      mediaOf: async (userId, ref) => {
        const article = await readableLibrary.get(userId, ref)
        return article.Video ?? article.Audio
      },
      wordsBetween: async (address, from, to) => (await transcripts.segmentsBetween(address, from, to)).flatMap((s) => s.word_timestamps),
    }),
    enqueue: async (flashcardId) => {
      await jobsRepo.enqueue('card_audio', { flashcardId }, { dedupeKey: `card_audio:${flashcardId}` })
      quickJobs.nudge()
    },
    // A clip gone from storage leaves its card out of the package's media, not the whole export.
    read: (address) => storage.withLocalFile(address, (file) => readFile(file)).catch((error: unknown) => (error instanceof StoredFileMissing ? undefined : Promise.reject(error))),
    remove: (address) => storage.remove(address),
  }
  await app.register(memoriesRoutes, { memories: createMemoriesService({ repo: memoriesRepo, onCardsCreated: words.noteCardFronts, clips: cardClips }), storage })
  // Sentence clips and shadowing scores (issue 16): seconds of work a learner waits for, in their own
  // lane so they never queue behind an hour-long transcription or a slow feed.
  const quickJobs = createJobRunner({ repo: jobsRepo, log: app.log.child({ component: 'quick-jobs' }), ...config.jobs, concurrency: 2, names: ['card_audio', 'score_take'] })
  quickJobs.register(
    'card_audio',
    createCardAudioJob({ repo: memoriesRepo, storage, safeFetch, maxDownloadBytes: config.transcribeMaxBytes, tmpDir: path.join(config.transcribeTmpDir, 'clips') }),
    ({ flashcardId }) => memoriesRepo.failClip(flashcardId),
  )
  // Shadowing (issue 16): takes of the user's own articles only (library.get, not the shared reads).
  const shadowingRepo = createShadowingRepo(db)
  const segmentAt = async (userId: number, articleRef: number, startMs: number) => {
    const article = await library.get(userId, articleRef)
    for (const address of [article.Audio, article.Video]) {
      const segment = address ? (await transcripts.segments(address)).find((s) => s.start === startMs) : undefined
      if (segment) return segment
    }
    return undefined
  }
  quickJobs.register('score_take', createScoreTakeJob({ repo: shadowingRepo, storage, segmentAt, tmpDir: path.join(config.transcribeTmpDir, 'takes'), modelDir: config.pocketsphinxModelDir }), ({ takeId }) => shadowingRepo.failed(takeId, SHADOWING_MSG.setAside))
  const shadowing = createShadowingService({
    repo: shadowingRepo,
    library,
    segments: (address) => transcripts.segments(address),
    storage,
    enqueue: async (takeId) => {
      await jobsRepo.enqueue('score_take', { takeId }, { dedupeKey: `score_take:${takeId}`, maxAttempts: 2 })
      quickJobs.nudge()
    },
    tmpDir: path.join(config.transcribeTmpDir, 'take-uploads'),
    log: app.log,
  })
  await app.register(shadowingRoutes, { shadowing, storage })
  await app.register(wordsRoutes, { words })
  await app.register(notesRoutes, { notes: createNotesService({ repo: createNotesRepo(db) }) })
  await app.register(comprehensionRoutes, { comprehension })
  // One tutor for the chat, refining cards and explaining looked-up words: the configured model, or the offline WordNet tutor.
  // One WordNet for the offline tutor and the word lookup: its sense counts are read into memory once.
  const wordnet = createWordNet()
  // The learner's language (issue 24): bilingual dictionaries found now, each indexed when a learner of its language first needs it.
  const translations = createTranslations({ discovery: discoverDictionaries(config.dictionaries), log: app.log })
  app.addHook('onClose', async () => translations.close())
  app.decorate('translations', translations)
  // The offline tutor's cards say what the lookup shows: the same reading, translated the same way.
  const tutorProvider = deps.tutor ?? createTutorProvider(config, app.log, wordnet, operatorFetch, translateWith(translations, wordnet))
  const tutorBudget = createTutorBudget(app, config.tutorLimitPerMinute)
  const wordSettings = createWordSettingsRepo(db)
  const learnerLanguage = createLearnerLanguage({ settings: wordSettings, translations, wordnet })
  // The languages learners chose: indexed from the start in the indexing worker, so lookups find them ready.
  if (config.processRole !== 'worker') {
    app.addHook('onReady', async () => {
      const languages = await wordSettings.languagesInUse().catch((error: unknown) => void app.log.warn({ err: error }, "reading the learners' languages failed"))
      for (const language of languages ?? []) translations.warm(language)
    })
  }
  await app.register(learnerLanguageRoutes, { language: learnerLanguage, tutor: tutorProvider, budget: tutorBudget, modelName: config.ai?.model })
  await app.register(lookupRoutes, {
    lookup: learnerLanguage.withTranslations(createLookup({ repo: comprehensionRepo, wordnet, terms: phrasesRepo, phraseSeen: async (userId, phrase) => (await phraseSeen(userId, [phrase])).get(phrase) ?? 0 })),
    placement: createPlacement({ repo: comprehensionRepo, wordnet, onMarked }),
    tutor: tutorProvider,
    budget: tutorBudget,
  })
  await app.register(improveFlashcardRoutes, { tutor: tutorProvider, library, budget: tutorBudget })
  const tutor = createTutorService({
    provider: tutorProvider,
    library,
    learnerWords: (userId, lemmas) => comprehensionRepo.statusesOf(userId, lemmas),
    learnerLanguage: async (userId) => (await learnerLanguage.languageOf(userId))?.code,
  })
  await app.register(tutorRoutes, { tutor, budget: tutorBudget })

  // Feed refreshes are short network calls: their own lane, so they never wait behind a long transcription.
  const feedJobs = createJobRunner({ repo: jobsRepo, log: app.log.child({ component: 'feed-jobs' }), ...config.jobs, concurrency: config.feeds.concurrency, names: ['refresh_feed', 'count_episode_words'] })
  const feeds = createFeedsService({
    repo: feedsRepo,
    safeFetch,
    jobs: jobsRepo,
    nudge: feedJobs.nudge,
    transcription,
    log: app.log.child({ component: 'feeds' }),
    fetchTimeoutMs: config.feeds.fetchTimeoutMs,
    fetchCatalogue: config.feeds.fetchCatalogue,
  })
  feedJobs.register('refresh_feed', createRefreshFeedJob(feeds, metrics.countFeedRefresh), ({ channelId }) => feeds.setAside(channelId))
  feedJobs.register(
    'count_episode_words',
    createEpisodeWordsJob({ repo: comprehensionRepo, readTranscript: async (url, type) => (await feeds.readPublisherTranscript(url, type)).map((cue) => cue.text) }),
    setAsideEpisodeWords(comprehensionRepo),
  )
  app.decorate('feeds', feeds)
  await app.register(feedsRoutes, { feeds })
  app.addHook('onReady', async () => feeds.seedCatalogue(STARTER_CATALOGUE))
  let feedSweep: NodeJS.Timeout | undefined
  if (config.processRole !== 'web') {
    const sweepFeeds = () => void feeds.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'queueing feed refreshes failed'))
    app.addHook('onReady', async () => {
      feedJobs.start()
      sweepFeeds()
      feedSweep = setInterval(sweepFeeds, config.feeds.sweepMs)
      feedSweep.unref()
    })
    app.addHook('preClose', async () => {
      clearInterval(feedSweep)
      await feedJobs.stop()
    })
  }

  if (config.processRole !== 'web') {
    app.addHook('onReady', async () => quickJobs.start())
    app.addHook('preClose', async () => quickJobs.stop())
  }

  // A page is rendered with a learner's data only for a live session (decision 0021).
  const sessionOf = (token: string) => auth.requireToken(token).catch(() => undefined)
  await app.register(consoleStatic, { consoleDir: config.consoleDir, sessionOf, screensAtOnce: SCREENS_AT_ONCE[deps.database.mode] })

  const purge = setInterval(() => {
    authRepo.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'purging expired sign-in rows failed'))
  }, HOUR)
  purge.unref()
  // Uploads and transcription jobs cut off by a crash leave temporary files outside storage: nothing serves them, this frees the disk.
  // In the transcription temp dir, clips/, takes/ and take-uploads/ (the card clip, take scoring and
  // take upload dirs above) are containers: swept inside, entry by entry, and never removed themselves.
  const sweep = () =>
    Promise.all([
      sweepStaleUploads(config.uploadTmpDir),
      sweepStaleTree(config.transcribeTmpDir, ['clips', 'takes', 'take-uploads']),
      sweepStaleEntries(storageTmpDir(config)),
      mediaCache.sweep(),
    ]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'sweeping stale temporary files failed'),
    )
  app.addHook('onReady', async () => void sweep())
  const sweeper = setInterval(sweep, HOUR)
  sweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(purge)
    clearInterval(sweeper)
    mailer.close()
    // Downloads filling the media cache hold upstream connections: the dispatcher's close would wait for them.
    await mediaCache.close()
    await safeFetch.close()
    await operatorFetch.close()
  })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
