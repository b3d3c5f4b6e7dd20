import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Responses still being sent this long after shutdown began are cut: a media
 * stream to a player that has buffered enough and stopped reading would
 * otherwise hold the server open past main.ts's 10 s limit, and the process
 * would be killed instead of exiting. The player resumes with a Range request.
 */
export const STREAMS_CUT_AFTER_MS = 5_000

/**
 * Lets requests in flight finish at shutdown, then lets the process go.
 * Node's server.close() only drops connections idle at that moment; a
 * keep-alive connection whose request finishes afterwards stays open for the
 * keep-alive timeout (72 s in Fastify), past main.ts's 10 s limit. So once
 * closing: responses say `Connection: close`, connections that fall idle are
 * closed as they do, and those still busy after STREAMS_CUT_AFTER_MS are cut.
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
      const cut = setTimeout(() => app.server.closeAllConnections(), STREAMS_CUT_AFTER_MS)
      cut.unref()
      app.server.once('close', () => {
        clearInterval(sweeper)
        clearTimeout(cut)
      })
    })
  },
  { name: 'graceful-close' },
)
