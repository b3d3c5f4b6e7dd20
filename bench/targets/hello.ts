import formbody from '@fastify/formbody'
import Fastify from 'fastify'

/** The baseline: a bare Fastify route that parses the same form body, no database. */
const app = Fastify({ logger: false })
await app.register(formbody)
app.post('/hello', async () => ({ success: true, msg: 'ok', username: 'hello' }))
await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`)
