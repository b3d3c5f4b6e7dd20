import { MSG } from '@lingocast/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { RateLimitedError } from '../../lib/errors'

/**
 * One per-user budget for every route that reaches a model (the chat and card
 * refinement): a model costs money or CPU for each call, whichever screen made it.
 * A route-level `rateLimit` config would give each route its own counter, so
 * the budget is one limiter shared by the routes that use this hook. It runs
 * after `requireUser` (route preHandlers follow the plugin's hooks).
 */
export type TutorBudget = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

export function createTutorBudget(app: Pick<FastifyInstance, 'createRateLimit'>, limitPerMinute: number): TutorBudget {
  const limiter = app.createRateLimit({
    max: limitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `tutor:${request.user.id}`,
  })
  return async (request, reply) => {
    const verdict = await limiter(request)
    if (verdict.isAllowed || !verdict.isExceeded) return
    reply.header('retry-after', verdict.ttlInSeconds)
    throw new RateLimitedError(MSG.tooManyRequests)
  }
}
