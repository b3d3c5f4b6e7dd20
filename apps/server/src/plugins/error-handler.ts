import { MSG, type ErrorBody } from '@lingocast/contract'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError } from '../lib/errors'
import { MissingToolError } from '../lib/media-tools'

/**
 * The one error handler: every failure leaves as `{success:false, msg}` with
 * its status. Messages of 4xx errors are meant for the user; 5xx details stay
 * in the log under the request id, which the client gets instead.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const body = (statusCode: number, msg: string) => {
        const payload: ErrorBody = { success: false, msg }
        return reply.status(statusCode).type('application/json').send(payload)
      }

      if (error instanceof AppError && error.statusCode < 500) return body(error.statusCode, error.message)
      // A program this server lacks (ffmpeg, pocketsphinx): said with how to add it, wherever it was needed.
      if (error instanceof MissingToolError) {
        request.log.warn({ reqId: request.id }, error.message)
        return body(503, error.message)
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        // Contract schemas carry user-facing messages (e.g. 'Invalid email address').
        const first = error.validation[0]
        const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.')
        const message = first?.message ?? 'Invalid request'
        const generic = /^Invalid input|^Too (big|small)|^Unrecognized key/.test(message)
        return body(400, generic && field ? `${field}: ${message}` : message)
      }

      const status = error.statusCode ?? 500
      if (status < 500 && !isResponseSerializationError(error)) {
        // Fastify's own client errors (bad JSON, body too large, unsupported type, rate limit).
        return body(status, error.message || MSG.internal)
      }

      const where = { reqId: request.id, method: request.method, route: request.routeOptions.url }
      // The client went away before its answer (a closed tab, a stopped tutor): the failure that follows
      // (an aborted upstream stream's "Premature close") is no fault of ours, and nobody is left to tell.
      if (request.raw.socket?.destroyed) {
        request.log.info({ ...where, err: error.message }, 'the client left before its answer')
        return body(500, MSG.internal)
      }

      // A failing third party (502) and a tool this server lacks (503) are said in words: neither is the user's doing.
      const said = error instanceof AppError && (error.statusCode === 502 || error.statusCode === 503)
      request.log.error({ err: error, ...where }, 'request failed')
      return body(said ? error.statusCode : 500, said ? error.message : `${MSG.internal} (request id ${request.id})`)
    })
  },
  { name: 'error-handler' },
)
