import {
  IMAGE_MSG,
  LIBRARY_MSG,
  mediaRoutes as c,
  PROXY_MEDIA_PATH,
  proxyMediaQuery,
  TRANSCRIPT_WINDOW_AHEAD_MS,
  THUMBNAIL_IMAGE_PATH,
  thumbnailImageQuery,
  TRANSCRIPT_WINDOW_BEHIND_MS,
} from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import { NotFoundError } from '../../lib/errors'
import type { MediaCache } from '../../lib/media-cache'
import type { SafeFetch } from '../../lib/safe-fetch'
import type { FileCache } from '../../lib/file-cache'
import { sendLocalFile, sendStored } from '../../lib/send-file'
import { isStoredAddress, type Storage } from '../../lib/storage'
import type { LibraryService } from '../library/library.service'
import { createRemoteMedia } from './remote-media'
import { fetchImage, readStoredImage, resizeImage } from './thumbnail-image'
import type { TranscriptionService } from '../transcription/transcription.service'
import type { TranscriptsRepo } from './transcripts.repo'

export interface MediaRouteDeps {
  library: Pick<LibraryService, 'userHasMedia' | 'userHasStoredFile'>
  transcripts: TranscriptsRepo
  transcription: TranscriptionService
  storage: Storage
  safeFetch: SafeFetch
  cache: FileCache
  /** Copies of remote media whose host ignores Range, so that the proxy can answer ranges for them. */
  mediaCache: MediaCache
}

/**
 * Segment reads and the media stream. A user reaches only media of their own
 * library; anything else is not found, never forbidden.
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRouteDeps> = async (app, { library, transcripts, transcription, storage, safeFetch, cache, mediaCache }) => {
  app.addHook('preHandler', app.requireUser)
  const sendRemote = createRemoteMedia({ safeFetch, cache: mediaCache })

  const requireMedia = async (userId: number, address: string, message: string) => {
    if (!(await library.userHasMedia(userId, address))) throw new NotFoundError(message)
  }

  app.route({
    ...fromContract(c.getSpeechSegments),
    handler: async (request) => {
      await requireMedia(request.user.id, request.query.audio_url, LIBRARY_MSG.transcriptNotFound)
      const [segments, status] = await Promise.all([transcripts.segments(request.query.audio_url), transcription.status(request.query.audio_url, { focus: true })])
      return { success: true as const, segments, transcription: status }
    },
  })

  app.route({
    ...fromContract(c.parseMedia),
    handler: async (request) => {
      await requireMedia(request.user.id, request.body.audio_url, LIBRARY_MSG.mediaNotFound)
      return { success: true as const, transcription: await transcription.request(request.body.audio_url, { focus: true }) }
    },
  })

  app.route({
    ...fromContract(c.getTranscriptWindow),
    handler: async (request) => {
      const { audio_url, play_pos } = request.query
      await requireMedia(request.user.id, audio_url, LIBRARY_MSG.transcriptNotFound)
      const from = Math.max(0, play_pos - TRANSCRIPT_WINDOW_BEHIND_MS)
      const status = await transcription.focus(audio_url, play_pos)
      return { success: true as const, segments: await transcripts.segmentsBetween(audio_url, from, play_pos + TRANSCRIPT_WINDOW_AHEAD_MS), transcription: status }
    },
  })

  // The src of <audio>/<video>: media elements send no headers, so the Token cookie counts here.
  app.get(PROXY_MEDIA_PATH, { schema: { querystring: proxyMediaQuery }, config: { cookieAuth: true } }, async (request, reply) => {
    const address = request.query.resource_addr
    await requireMedia(request.user.id, address, LIBRARY_MSG.mediaNotFound)

    if (isStoredAddress(address)) return sendStored(request, reply, storage, address, LIBRARY_MSG.mediaNotFound)

    return sendRemote(request, reply, address)
  })

  // Remote images resized for the grid (size 180 in the console). Any signed-in
  // user may resize a public image; stored ones must be in their library.
  app.get(THUMBNAIL_IMAGE_PATH, { schema: { querystring: thumbnailImageQuery }, config: { cookieAuth: true } }, async (request, reply) => {
    const { size, address } = request.query
    let load: () => Promise<Buffer>
    if (isStoredAddress(address)) {
      if (!(await library.userHasStoredFile(request.user.id, address))) throw new NotFoundError(IMAGE_MSG.imageNotFound)
      load = () => readStoredImage(storage, address).catch(() => Promise.reject(new NotFoundError(IMAGE_MSG.imageNotFound)))
    } else {
      load = () => fetchImage(safeFetch, address)
    }
    const file = await cache.getOrBuild(`img:${size}:${address}`, '.webp', async () => resizeImage(await load(), size))
    return sendLocalFile(request, reply, file, IMAGE_MSG.imageNotFound, 'private, max-age=86400')
  })
}
