import path from 'node:path'
import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import { MSG } from '@lingocast/contract'
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
import { createTranscriptsRepo } from './features/media/transcripts.repo'
import { RateLimitedError } from './lib/errors'
import { createSafeFetch } from './lib/safe-fetch'
import { createFileCache } from './lib/file-cache'
import { createLocalStorage } from './lib/storage'
import { storageRoutes } from './features/storage/storage.routes'
import { createMailer, type Mailer } from './lib/mailer'
import { authGuard } from './plugins/auth-guard'
import { consoleStatic } from './plugins/console-static'
import { errorHandler } from './plugins/error-handler'

export interface AppDeps {
  database: Database
  mailer?: Mailer
  logger?: FastifyServerOptions['logger']
}

const HOUR = 3_600_000

/** Plugins and features, wired once. Tests call this with their own database and config. */
export async function buildApp(config: Config, deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(errorHandler)
  await app.register(cookie)
  // Where the spec does not say JSON or form, every route accepts both.
  await app.register(formbody)
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new RateLimitedError(MSG.tooManyRequests),
  })

  const { db } = deps.database
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log)
  const authRepo = createAuthRepo(db)
  const auth = createAuthService({ repo: authRepo, mailer, config, log: app.log })
  const oauth = createOAuthFlow({ clients: createOAuthClients(config), repo: authRepo, auth, publicUrl: config.publicUrl, log: app.log })

  await app.register(authGuard, { auth })
  await app.register(authRoutes, { auth, oauth, config })

  const library = createLibraryService({ repo: createLibraryRepo(db) })
  const transcripts = createTranscriptsRepo(db)
  for (const demo of demoArticles()) await transcripts.storeIfAbsent(demo.audio, 'demo', demo.segments)
  const storage = createLocalStorage({ root: config.storageDir, mounts: { '/demo/': DEMO_DIR } })
  const safeFetch = createSafeFetch({ allowHosts: config.fetchAllowHosts })
  await app.register(libraryRoutes, { library })
  const cache = createFileCache(path.join(config.dataDir, 'cache'))
  await app.register(mediaRoutes, { library, transcripts, storage, safeFetch, cache })
  await app.register(storageRoutes, { library, storage, cache })
  await app.register(consoleStatic, { consoleDir: config.consoleDir })

  const purge = setInterval(() => {
    authRepo.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'purging expired sign-in rows failed'))
  }, HOUR)
  purge.unref()
  app.addHook('onClose', async () => {
    clearInterval(purge)
    mailer.close()
    await safeFetch.close()
  })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
