import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import { MSG } from '@lingocast/contract'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import { createCore, type AppDeps } from './core/core'
import { authFeature } from './features/auth'
import { feedsFeature } from './features/feeds'
import { jobsFeature } from './features/jobs'
import { libraryFeature } from './features/library'
import { mediaFeature } from './features/media'
import { memoriesFeature } from './features/memories'
import { notesFeature } from './features/notes'
import { logCapabilities } from './features/operations/capabilities'
import { operationsFeature } from './features/operations'
import { playlistsFeature } from './features/playlists'
import { shadowingFeature } from './features/shadowing'
import { storageFeature } from './features/storage'
import { transcriptionFeature } from './features/transcription'
import { tutorFeature } from './features/tutor'
import { uploadFeature } from './features/upload'
import { vocabularyFeature } from './features/vocabulary'
import { RateLimitedError } from './lib/errors'
import { withLogRedaction } from './lib/log-redaction'
import { useMediaTools } from './lib/media-tools'
import { consoleStatic } from './plugins/console-static'
import { errorHandler } from './plugins/error-handler'
import { inputGuard } from './plugins/input-guard'
import { jsonCompression } from './plugins/json-compression'
import { SCREENS_AT_ONCE } from './plugins/screen-renderer'
import { securityHeaders } from './plugins/security-headers'

export type { AppDeps } from './core/core'

/**
 * The features in the order they register. Each is one plugin (features/<name>/index.ts) that declares
 * what it needs; one that needs another registered later than itself says so in `later` (checked at ready).
 * Operations comes first so that its latency hook sees every route.
 */
const FEATURES = [
  operationsFeature,
  authFeature,
  jobsFeature,
  transcriptionFeature,
  playlistsFeature,
  libraryFeature,
  feedsFeature,
  mediaFeature,
  storageFeature,
  uploadFeature,
  tutorFeature,
  vocabularyFeature,
  memoriesFeature,
  shadowingFeature,
  notesFeature,
]

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
  // ffmpeg, ffprobe and pocketsphinx as found at boot, and one line a part on what works here (decision 0012).
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

  const core = await createCore(app, config, deps)
  for (const feature of FEATURES) await app.register(feature, core)

  // A page is rendered with a learner's data only for a live session (decision 0021).
  const sessionOf = (token: string) => app.auth.requireToken(token).catch(() => undefined)
  await app.register(consoleStatic, { consoleDir: config.consoleDir, sessionOf, screensAtOnce: SCREENS_AT_ONCE[deps.database.mode], ...(deps.screenDataWaitMs === undefined ? {} : { screenDataWaitMs: deps.screenDataWaitMs }) })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
