import { MSG } from '@lingocast/contract'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { bearerToken } from '../../lib/request-token'
import { NotFoundError, UnauthorizedError } from '../../lib/errors'
import type { Metrics } from './metrics'
import { tokenMatches } from './metric-labels'
import { checkReadiness, type ReadinessDeps } from './readiness'

export interface OperationsDeps {
  metrics: Metrics
  /** off: /metrics answers 404; open: anyone who reaches it (a private network); or a bearer token. */
  access: { enabled: boolean; token: string | undefined }
  readiness: ReadinessDeps
}

/** Probes answer often: only their failures reach the log. */
const quiet = { logLevel: 'warn' as const }

/**
 * Health, readiness and Prometheus metrics, for load balancers and
 * orchestrators: no sign-in, no rate limit. Wrapped with fastify-plugin so the
 * latency hook sees every route of the app, and registered before them.
 */
export const operations = fp<OperationsDeps>(
  async (app: FastifyInstance, { metrics, access, readiness }) => {
    // Every request pays for this hook: only when someone can read what it records.
    if (access.enabled) {
      app.addHook('onResponse', async (request, reply) => {
        metrics.observeRequest({ method: request.method, pattern: request.routeOptions.url, statusCode: reply.statusCode, seconds: reply.elapsedTime / 1000 })
      })
    }

    // The process is up and its event loop answers; no database call, so a slow database never gets a healthy process restarted.
    app.get('/healthz', quiet, async () => ({ status: 'ok' }))

    app.get('/readyz', quiet, async (request, reply) => {
      const { ready, checks, errors } = await checkReadiness(readiness)
      if (ready) return { status: 'ready', checks }
      request.log.warn({ checks, err: errors.database ?? errors.storage }, 'not ready')
      return reply.status(503).send({ status: 'unready', checks })
    })

    app.get('/metrics', quiet, async (request, reply) => {
      if (!access.enabled) throw new NotFoundError(MSG.notFound)
      if (access.token !== undefined && !tokenMatches(bearerToken(request), access.token)) {
        reply.header('www-authenticate', 'Bearer')
        throw new UnauthorizedError(MSG.invalidToken)
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
    })
  },
  { name: 'operations' },
)
