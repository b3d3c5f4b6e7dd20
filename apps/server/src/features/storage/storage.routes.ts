import { IMAGE_MSG, STORAGE_JUMP_PREFIX, STORAGE_THUMBNAIL_PREFIX } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, NotFoundError, UpstreamError } from '../../lib/errors'
import { grabFrame } from '../../lib/ffmpeg'
import { probeMedia } from '../../lib/ffprobe'
import type { FileCache } from '../../lib/file-cache'
import { sendLocalFile, sendStored } from '../../lib/send-file'
import type { Storage } from '../../lib/storage'
import type { LibraryService } from '../library/library.service'

export interface StorageRouteDeps {
  library: Pick<LibraryService, 'userHasStoredFile' | 'userHasMedia'>
  storage: Storage
  cache: FileCache
}

const wildcard = z.object({ '*': z.string().max(2048) })

/**
 * Stored images (`/storage/api/jump{path}`) and video frames
 * (`/storage/api/thumbnail{videoPath}`), read by <img>, so the Token cookie
 * counts. A file outside the user's library is not found.
 */
export const storageRoutes: FastifyPluginAsyncZod<StorageRouteDeps> = async (app, { library, storage, cache }) => {
  app.addHook('preHandler', app.requireUser)

  app.get(`${STORAGE_JUMP_PREFIX}/*`, { schema: { params: wildcard }, config: { cookieAuth: true } }, async (request, reply) => {
    const address = `/${request.params['*']}`
    if (!(await library.userHasStoredFile(request.user.id, address))) throw new NotFoundError(IMAGE_MSG.imageNotFound)
    return sendStored(request, reply, storage, address, IMAGE_MSG.imageNotFound)
  })

  app.get(`${STORAGE_THUMBNAIL_PREFIX}/*`, { schema: { params: wildcard }, config: { cookieAuth: true } }, async (request, reply) => {
    const videoPath = `/${request.params['*']}`
    if (!(await library.userHasMedia(request.user.id, videoPath))) throw new NotFoundError(IMAGE_MSG.imageNotFound)
    if (!(await storage.stat(videoPath))) throw new NotFoundError(IMAGE_MSG.imageNotFound)
    const frame = await cache
      .getOrBuild(`frame:${videoPath}`, '.jpg', (tmp) =>
        storage.withLocalFile(videoPath, async (video) => {
          // Audio (cover art included) has no frame: not found, and the console draws its placeholder.
          const probe = await probeMedia(video)
          if (!probe?.streams.some((s) => s.codecType === 'video' && !s.attachedPic)) throw new NotFoundError(IMAGE_MSG.imageNotFound)
          await grabFrame(probe.input, tmp)
        }),
      )
      .catch((error: unknown) => {
        if (error instanceof AppError) throw error
        request.log.warn({ err: error, videoPath }, 'frame grab failed')
        throw new UpstreamError(IMAGE_MSG.frameFailed)
      })
    return sendLocalFile(request, reply, frame, IMAGE_MSG.imageNotFound, 'private, max-age=86400')
  })
}
