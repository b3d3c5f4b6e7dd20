import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'

/** Below this a JSON answer goes out as it is: it fits in a packet or two, and compressing it would cost more than it saves. */
export const JSON_COMPRESSION_THRESHOLD = 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] })

/**
 * Compressed forms of answers kept as the same Buffer between requests (the
 * library list and figures of lib/serialised-json.ts): compressed once per
 * encoding, dropped with the Buffer when its cache lets it go.
 */
const compressedOf = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Promise<Buffer>>>>()

const isJson = (type: unknown) => typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)
/** The console's page as console-static.ts sends it with a screen's frame in it (about 18 KB, 4 KB compressed): a string, not one of the build's files. */
const isHtml = (type: unknown) => typeof type === 'string' && /^text\/html\s*(?:;|$)/i.test(type)

/** Adds Accept-Encoding to Vary, keeping what is there: the answer depends on it, so a cache must not hand a br body to a client that asked for none. */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary')
  const values = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((v) => v.trim()).filter(Boolean)
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return
  reply.header('vary', [...values, 'Accept-Encoding'].join(', '))
}

/**
 * JSON answers over a threshold (transcripts, the library, decks), and the
 * console's page made for the opened screen, sent brotli
 * or gzip when the client asks for it, plain when it does not. Only answers
 * already serialised to a string or buffer are touched: a stream (the tutor's
 * streamed text, media and the media proxy with Range, uploads, downloads)
 * goes out as it comes, never held in a compressor's buffer.
 * The console's own files are compressed at build time and served by
 * negotiation in console-static.ts.
 *
 * Why not @fastify/compress: it compresses every stream whose type mime-db
 * calls compressible (text/plain included, so the tutor's streamed answer
 * would wait in zlib's buffer), and has no switch to limit it to buffered JSON.
 */
export const jsonCompression = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
      const type = reply.getHeader('content-type')
      if (!(isJson(type) || isHtml(type)) || reply.hasHeader('content-encoding')) return payload
      const size = Buffer.byteLength(payload)
      if (size < JSON_COMPRESSION_THRESHOLD) return payload
      varyOnEncoding(reply)
      const accept = request.headers['accept-encoding']
      const encoding = accept ? negotiator.negotiate(accept.toLowerCase()) : null
      if (!encoding) return payload
      const compress = () =>
        encoding === 'br'
          ? brotli(payload, {
              params: {
                // Quality 5: most of brotli's gain on JSON for a fraction of the time of its maximum (11), which is for files made once.
                [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            })
          : gzip(payload, { level: 6 })
      let body: Buffer
      if (Buffer.isBuffer(payload)) {
        const kept = compressedOf.get(payload) ?? {}
        compressedOf.set(payload, kept)
        const pending = (kept[encoding] ??= compress())
        // A failed compression is not kept: the next request tries again.
        pending.catch(() => kept[encoding] === pending && delete kept[encoding])
        body = await pending
      } else {
        body = await compress()
      }
      reply.header('content-encoding', encoding)
      reply.header('content-length', body.length)
      return body
    })
  },
  { name: 'json-compression' },
)
