import path from 'node:path'
import send from '@fastify/send'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { NotFoundError } from './errors'

/**
 * Streams a local file with Range, If-Range, 206 and 416 handled by
 * @fastify/send, never buffering it whole. Missing files are not found.
 */
export async function sendLocalFile(request: FastifyRequest, reply: FastifyReply, file: string, notFound: string, cacheControl = 'private, max-age=3600') {
  const result = await send(request.raw, `/${encodeURIComponent(path.basename(file))}`, {
    root: path.dirname(file),
    dotfiles: 'deny',
    cacheControl: false,
    index: false,
  })
  if (result.type === 'file') return reply.status(result.statusCode).headers(result.headers).header('cache-control', cacheControl).send(result.stream)
  if (result.statusCode === 416) return reply.status(416).headers(result.headers).send(result.stream)
  throw new NotFoundError(notFound)
}
