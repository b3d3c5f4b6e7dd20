import { PassThrough, Readable } from 'node:stream'
import { LIBRARY_MSG } from '@lingocast/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError, UpstreamError } from '../../lib/errors'
import type { MediaCache, MediaMeta } from '../../lib/media-cache'
import { discardBody, type SafeFetch, type SafeResponse } from '../../lib/safe-fetch'
import { byteRange, rangeStillFresh } from '../../lib/send-file'

/** Headers of an upstream media response that the browser needs to play and seek. */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'last-modified', 'etag']
const CACHE_CONTROL = 'private, max-age=3600'

/**
 * Streams a remote media address so that the browser can seek in it on any host:
 *
 * - a host that honours Range: its 206 (or 416) is passed on as it is, nothing kept;
 * - a host that ignores Range (a 200 with the whole file): the file is copied
 *   into the media cache while the request is answered with the range it asked
 *   for, read from the copy as it grows; later requests are answered from the
 *   copy (revalidated with the host's ETag / Last-Modified once it is older
 *   than the cache's max age);
 * - a file too big for the cache: the range is cut out of the whole body as it
 *   streams past (the bytes before it are read and dropped);
 * - a host that sends no length: its 200 is passed on (no range can be answered
 *   without knowing the size).
 *
 * Every upstream request goes through the SSRF-safe fetch; the caller has
 * already checked that the user may play the address.
 */
export function createRemoteMedia(deps: { safeFetch: SafeFetch; cache: MediaCache }) {
  const { safeFetch, cache } = deps

  async function fetchUpstream(address: string, headers: Record<string, string>): Promise<SafeResponse> {
    const upstream = await safeFetch.fetch(address, { headers }).catch((error: unknown) => {
      if (error instanceof AppError) throw error
      throw new UpstreamError(LIBRARY_MSG.mediaUpstream, { cause: error })
    })
    if (upstream.status >= 400 && upstream.status !== 416) {
      discardBody(upstream.body)
      throw new UpstreamError(`${LIBRARY_MSG.mediaUpstream} (status ${upstream.status})`)
    }
    return upstream
  }

  return async function sendRemote(request: FastifyRequest, reply: FastifyReply, address: string) {
    const asked = request.headers.range

    const cached = await cache.get(address)
    if (cached?.fresh) return answer(request, reply, cached.meta, (start, end) => cached.stream(start, end), () => cached.close())

    // A copy being written by this process: read from it rather than fetch the file a second time.
    const running = cache.downloading(address)
    if (running) {
      await cached?.close()
      return answer(request, reply, running.meta, (start, end) => running.stream(start, end))
    }

    const headers: Record<string, string> = {}
    if (asked) headers.range = asked
    // A stale copy: the host may confirm it is still the same file (304).
    if (cached?.meta.etag) headers['if-none-match'] = cached.meta.etag
    else if (cached?.meta.lastModified) headers['if-modified-since'] = cached.meta.lastModified
    let upstream: SafeResponse
    try {
      upstream = await fetchUpstream(address, headers)
    } catch (error) {
      await cached?.close()
      throw error
    }

    if (cached && upstream.status === 304) {
      discardBody(upstream.body)
      await cache.revalidated(address, { etag: header(upstream, 'etag'), lastModified: header(upstream, 'last-modified') })
      return answer(request, reply, cached.meta, (start, end) => cached.stream(start, end), () => cached.close())
    }
    await cached?.close()
    // Not confirmed: the file changed, or the host answers ranges itself now (206). A new copy, if any, replaces it.
    if (cached) await cache.remove(address)

    const size = contentLength(upstream)
    const rangeIgnored = asked !== undefined && upstream.status === 200 && size !== undefined
    if (!rangeIgnored) return passThrough(reply, upstream)

    const meta: MediaMeta = { size, contentType: header(upstream, 'content-type'), etag: header(upstream, 'etag'), lastModified: header(upstream, 'last-modified') }
    const range = requestedRange(request, meta)
    if (range === 'unsatisfiable') {
      discardBody(upstream.body)
      return unsatisfiable(reply, size)
    }
    // A malformed or multi-range header: the whole file, as the host sent it.
    if (!range) return passThrough(reply, upstream)

    const download = await cache.download(address, meta, upstream.body)
    if (download) return answer(request, reply, meta, (start, end) => download.stream(start, end))
    // Not cached (too big for the cache, or no room now): the range is cut out of the whole body.
    if (request.method === 'HEAD') {
      discardBody(upstream.body)
      return sendRange(request, reply, meta, range, undefined)
    }
    return sendRange(request, reply, meta, range, asUpstreamFailure(sliceOf(upstream.body, range.start, range.end)))
  }
}

/** Answers the request (whole file or its range) from a copy, complete or growing. */
function answer(request: FastifyRequest, reply: FastifyReply, meta: MediaMeta, read: (start: number, end: number) => Readable, release?: () => Promise<void>) {
  const range = requestedRange(request, meta)
  if (range === 'unsatisfiable') {
    void release?.()
    return unsatisfiable(reply, meta.size)
  }
  const whole = range ?? { start: 0, end: meta.size - 1 }
  if (request.method === 'HEAD' || meta.size === 0) {
    void release?.()
    return sendRange(request, reply, meta, range, undefined)
  }
  return sendRange(request, reply, meta, range, asUpstreamFailure(read(whole.start, whole.end)))
}

function sendRange(request: FastifyRequest, reply: FastifyReply, meta: MediaMeta, range: { start: number; end: number } | undefined, body: Readable | undefined) {
  reply.status(range ? 206 : 200).header('accept-ranges', 'bytes').header('cache-control', CACHE_CONTROL)
  if (meta.contentType) reply.header('content-type', meta.contentType)
  if (meta.etag) reply.header('etag', meta.etag)
  if (meta.lastModified) reply.header('last-modified', meta.lastModified)
  if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${meta.size}`)
  reply.header('content-length', range ? range.end - range.start + 1 : meta.size)
  if (!body || request.method === 'HEAD') {
    if (body) body.destroy()
    return reply.send()
  }
  return reply.send(body)
}

function unsatisfiable(reply: FastifyReply, size: number) {
  return reply.status(416).header('accept-ranges', 'bytes').header('content-range', `bytes */${size}`).send()
}

/** The upstream's answer as it is (a 206 of a host that honours Range, a 416, a whole file). */
function passThrough(reply: FastifyReply, upstream: SafeResponse) {
  reply.status(upstream.status)
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers[name]
    if (value !== undefined) reply.header(name, value)
  }
  // Whatever the host says, ranges of a file of known size are answered here (from a copy or cut out of the stream).
  if (upstream.status === 200 && contentLength(upstream) !== undefined) reply.header('accept-ranges', 'bytes')
  return reply.header('cache-control', CACHE_CONTROL).send(upstream.body)
}

/** The range asked for, if any (If-Range against the file's validators), against a file of meta.size bytes. */
function requestedRange(request: FastifyRequest, meta: MediaMeta) {
  const asked = request.headers.range
  if (!asked || !rangeStillFresh(request, meta.etag, meta.lastModified)) return undefined
  return byteRange(asked, meta.size)
}

function header(upstream: SafeResponse, name: string): string | undefined {
  const value = upstream.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function contentLength(upstream: SafeResponse): number | undefined {
  const value = header(upstream, 'content-length')
  // A compressed body's length is not the file's.
  if (value === undefined || !/^\d+$/.test(value.trim()) || header(upstream, 'content-encoding')) return undefined
  return Number(value)
}

/** Bytes start..end (inclusive) of a body that begins at byte 0: the rest is read past and dropped, the body closed once the range is out. */
function sliceOf(body: Readable, start: number, end: number): Readable {
  body.on('error', () => undefined)
  async function* slice() {
    let pos = 0
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const from = Math.max(0, start - pos)
      const to = Math.min(chunk.length, end + 1 - pos)
      pos += chunk.length
      if (to > from) yield chunk.subarray(from, to)
      // Leaving the loop destroys the body: the rest of the file is not downloaded.
      if (pos > end) return
    }
    throw new Error('The media host sent fewer bytes than it announced')
  }
  return Readable.from(slice(), { objectMode: false })
}

/**
 * The same bytes; a failure (the host cut the transfer off, a copy's download
 * failed) becomes the media host's failure: a 502 if nothing was sent yet,
 * else a response cut short, never a complete-looking one.
 */
function asUpstreamFailure(source: Readable): Readable {
  const out = new PassThrough()
  source.on('error', (error) => out.destroy(new UpstreamError(LIBRARY_MSG.mediaUpstream, { cause: error })))
  // The client went away: stop reading (and release the file or the upstream body).
  out.on('close', () => source.destroy())
  return source.pipe(out)
}
