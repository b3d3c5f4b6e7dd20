import path from 'node:path'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import type { Config } from '../config'
import type { Database, Db } from '../db/client'
import type { TutorProvider } from '../features/tutor/provider'
import { createFileCache, type FileCache } from '../lib/file-cache'
import { createMailer, type Mailer } from '../lib/mailer'
import { createMediaCache, type MediaCache } from '../lib/media-cache'
import { createSafeFetch, type SafeFetch } from '../lib/safe-fetch'
import { createConfiguredStorage, storageTmpDir } from '../lib/configured-storage'
import type { Storage } from '../lib/storage'
import { sweepStaleEntries, sweepStaleTree } from '../lib/sweep-temp'
import { DEMO_DIR } from '../features/library/demo-content'

/** What a test or main.ts hands in; the rest is made from the config. */
export interface AppDeps {
  database: Database
  mailer?: Mailer
  logger?: FastifyServerOptions['logger']
  /** The tutor behind improve-flashcard-back (and the chat); tests hand in a double. */
  tutor?: TutorProvider
  /**
   * How long a page's render waits for its data (SCREEN_DATA_WAIT_MS when not given). Tests of what
   * the pages carry lengthen it, so that a loaded test machine's slowness is not read as a wrong page.
   */
  screenDataWaitMs?: number
}

/**
 * The shared infrastructure every feature is handed (the second argument of its register): made once from
 * the config, closed once when the app closes. Features take what they use from it; what one feature
 * offers another goes through decorators instead (see define-feature.ts).
 */
export interface Core {
  config: Config
  database: Database
  db: Db
  /** Local disk, or the bucket STORAGE_URL names; the demo content stays a local, read-only mount. */
  storage: Storage
  /** Fetches of addresses a user typed or a feed named: every address and redirect checked (SSRF). */
  safeFetch: SafeFetch
  /**
   * The operator's own endpoints (sign-in providers, the model, the transcription API): no address check,
   * the same guards; no headers deadline of its own, as a model may think for minutes: each caller bounds its wait.
   */
  operatorFetch: SafeFetch
  mailer: Mailer
  /** Derived files (thumbnails) under DATA_DIR/cache, shared by the media and storage routes. */
  fileCache: FileCache
  /** Whole copies of remote media whose host ignores Range: the proxy answers ranges from them, so seeking works everywhere. */
  mediaCache: MediaCache
  /** Adds a task to the sweep of stale temporary files: once at start, then hourly. */
  sweepTemp(task: () => Promise<unknown>): void
  /** The tutor a test handed in, if any: the tutor feature uses it instead of the configured one. */
  tutor?: TutorProvider
}

const HOUR = 3_600_000

export async function createCore(app: FastifyInstance, config: Config, deps: AppDeps): Promise<Core> {
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log)
  const storage = await createConfiguredStorage(config, { '/demo/': DEMO_DIR })
  const safeFetch = createSafeFetch({ allowHosts: config.fetchAllowHosts, ...config.outbound })
  const operatorFetch = createSafeFetch({ ...config.outbound, checkAddresses: false, headersTimeoutMs: 10 * 60_000, bodyTimeoutMs: 10 * 60_000 })
  const mediaCache = createMediaCache({ ...config.mediaCache, lowSpeed: config.outbound.lowSpeed })

  // Jobs cut off by a crash leave temporary files outside storage: nothing serves them, this frees the disk.
  // In the transcription temp dir, clips/, takes/ and take-uploads/ (the work dirs of card clips, take scoring
  // and take uploads) are containers: swept inside, entry by entry, and never removed themselves.
  const sweepTasks: Array<() => Promise<unknown>> = [
    () => sweepStaleTree(config.transcribeTmpDir, ['clips', 'takes', 'take-uploads']),
    () => sweepStaleEntries(storageTmpDir(config)),
    () => mediaCache.sweep(),
  ]
  const sweep = () => Promise.all(sweepTasks.map((task) => task())).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping stale temporary files failed'))
  app.addHook('onReady', async () => void sweep())
  const sweeper = setInterval(sweep, HOUR)
  sweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
    mailer.close()
    // Downloads filling the media cache hold upstream connections: the dispatcher's close would wait for them.
    await mediaCache.close()
    await safeFetch.close()
    await operatorFetch.close()
  })

  return {
    config,
    database: deps.database,
    db: deps.database.db,
    storage,
    safeFetch,
    operatorFetch,
    mailer,
    fileCache: createFileCache(path.join(config.dataDir, 'cache')),
    mediaCache,
    sweepTemp: (task) => void sweepTasks.push(task),
    ...(deps.tutor ? { tutor: deps.tutor } : {}),
  }
}
