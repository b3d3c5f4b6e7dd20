import { findNul, NUL_IN_INPUT } from '@lingocast/contract'
import fp from 'fastify-plugin'
import { ValidationError } from '../lib/errors'

/**
 * Refuses a NUL character anywhere in a request's path, query or parsed body,
 * for every route at once. PostgreSQL cannot store U+0000 in text and answers
 * such a query with an error, so without this check each route that saves or
 * looks up text would answer 500. It runs before validation, so it also covers
 * the routes whose input no contract schema describes (wildcard paths, text
 * bodies); multipart parts are streamed and checked where they are read.
 */
export const inputGuard = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const where = findNul({ params: request.params, query: request.query, body: request.body })
      if (where !== undefined) throw new ValidationError(`${NUL_IN_INPUT} (${where})`)
    })
  },
  { name: 'input-guard' },
)
