import type { FastifyRequest, FastifyServerOptions } from 'fastify'

/**
 * Query parameters whose values are secrets: the OAuth return's `token`
 * (`/console/login?token=`), the provider's `code` and `state` on the
 * callback, and the like. The access log is read by more people, and kept
 * longer, than the secrets live.
 */
const SECRET_PARAM = /^(token|access_token|refresh_token|id_token|code|state|ticket|password|secret|key|api_key|apikey|signature|sig)$/i

export const REDACTED = '[redacted]'

/** The URL as logged: every secret query value replaced, everything else as it came. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return url
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq === -1) return pair
      let name = pair.slice(0, eq)
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // A malformed escape: judge the raw name.
      }
      return SECRET_PARAM.test(name.trim()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair
    })
    .join('&')
  return `${url.slice(0, q)}?${query}`
}

/** Fastify's own request fields, with the URL redacted. Headers are never logged. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** Credentials, wherever a log call puts headers: a bearer token or a session cookie is a sign-in. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
]

type LoggerOptions = FastifyServerOptions['logger']

/**
 * The one place that keeps secrets out of the log: every logger the app is
 * built with (main's, a test's stream) goes through it.
 */
export function withLogRedaction(logger: LoggerOptions): LoggerOptions {
  if (!logger) return logger
  const base = logger === true ? {} : logger
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest as never },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  }
}
