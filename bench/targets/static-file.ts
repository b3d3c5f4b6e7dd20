import path from 'node:path'
import fastifyStatic from '@fastify/static'
import Fastify from 'fastify'

/** The baseline: @fastify/static serving the file named by BENCH_FILE, nothing else. */
const file = process.env.BENCH_FILE!
const app = Fastify({ logger: false })
await app.register(fastifyStatic, { root: path.dirname(file), prefix: '/' })
await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, path: `/${path.basename(file)}` })}\n`)
