import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Lets requests in flight finish at shutdown, then lets the process go.
 * Node's server.close() only drops connections idle at that moment; a
 * keep-alive connection whose request finishes afterwards stays open for the
 * keep-alive timeout (72 s in Fastify), past main.ts's 10 s limit, and the
 * process is killed instead of exiting. So once closing: responses say
 * `Connection: close`, and connections that fall idle are closed as they do.
 */
export const gracefulClose = fp(
  async (app: FastifyInstance) => {
    let closing = false
    app.addHook('onSend', async (_request, reply) => {
      if (closing && !reply.raw.headersSent) reply.header('connection', 'close')
    })
    app.addHook('preClose', async () => {
      closing = true
      const sweeper = setInterval(() => app.server.closeIdleConnections(), 100)
      sweeper.unref()
      app.server.once('close', () => clearInterval(sweeper))
    })
  },
  { name: 'graceful-close' },
)
