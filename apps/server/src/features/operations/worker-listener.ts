import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { errorHandler } from '../../plugins/error-handler'
import { operations, type OperationsDeps } from './operations.routes'

export interface WorkerListenerOptions extends OperationsDeps {
  host: string
  /** 0 picks a free port (tests); the log line says which. */
  port: number
}

/**
 * A worker process serves no app routes, yet its job counters (transcription
 * real-time factor, feed refresh outcomes) live in its memory only. With
 * METRICS_PORT set it listens there with /healthz, /readyz and /metrics, and
 * nothing else: the same handlers, access rule and token as a web process.
 */
export const workerListener = fp<WorkerListenerOptions>(
  async (app: FastifyInstance, { host, port, ...deps }) => {
    const listener = Fastify({ loggerInstance: app.log.child({ component: 'operations-listener' }) })
    await listener.register(errorHandler)
    await listener.register(operations, deps)
    app.addHook('onReady', async () => {
      await listener.listen({ host, port })
      const bound = (listener.server.address() as { port: number }).port
      app.log.info(`Lingocast worker operations listener: http://${host}:${bound}/metrics`)
    })
    app.addHook('onClose', async () => {
      await listener.close()
    })
  },
  { name: 'worker-listener' },
)
