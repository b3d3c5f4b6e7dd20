import { TOKEN_COOKIE } from '@lingocast/contract'
import type { FastifyRequest } from 'fastify'

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1]
}

/**
 * Media elements (`<video>`, `<img>`) send no headers, so the media and
 * storage GET routes also read the Token cookie (ARCHITECTURE.md s5).
 */
export function cookieToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[TOKEN_COOKIE]
  return value ? value : undefined
}
