import multipart from '@fastify/multipart'
import { MSG, uploadRoutes as c } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { fromContract } from '../../lib/contract-route'
import { AppError } from '../../lib/errors'
import { receiveUpload } from './receive-upload'
import type { UploadService } from './upload.service'

export interface UploadRouteDeps {
  uploads: UploadService
  tmpDir: string
  maxBytes: number
}

/** upload_file, mediainfo and collect (spec 001 s7). */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRouteDeps> = async (app, { uploads, tmpDir, maxBytes }) => {
  app.addHook('preHandler', app.requireUser)
  // Only these routes parse multipart, and only when the handler asks: the guard has run by then.
  // 1 MB buffers: with the 16 KB default the parser and the file write spend more time in calls than in copying.
  await app.register(multipart, { throwFileSizeLimit: true, highWaterMark: 1 << 20, fileHwm: 1 << 20, limits: { fileSize: maxBytes, files: 4, fields: 16, parts: 20 } })

  app.route({
    ...fromContract(c.uploadFile),
    handler: async (request, reply) => {
      try {
        const received = await receiveUpload(request, { tmpDir, maxBytes })
        return { success: true as const, storage_path: await uploads.accept(request.user.id, received), msg: MSG.ok }
      } catch (error) {
        // The rest of a refused body is not worth reading: answer, then drop the connection.
        if (error instanceof AppError && error.statusCode === 413) reply.header('connection', 'close')
        throw error
      }
    },
  })

  app.route({
    ...fromContract(c.getMediaInfo),
    schema: { ...fromContract(c.getMediaInfo).schema, params: z.object({ '*': z.string().max(2048) }) },
    handler: async (request) => ({ success: true as const, media_info: await uploads.mediaInfo(request.user.id, `/${request.params['*']}`), msg: MSG.ok }),
  })

  app.route({
    ...fromContract(c.collect),
    handler: async (request) => {
      await uploads.collect(request.user.id, request.body)
      return { success: true as const, msg: MSG.ok }
    },
  })
}
