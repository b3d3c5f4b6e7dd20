import { Transform, type Readable } from 'node:stream'
import { AppError } from './errors'

/**
 * What is done with a body fetched from another host. Every byte of it is untrusted in its shape
 * (ARCHITECTURE.md s16): it may never end, be far larger than announced, or arrive a few bytes at
 * a time for hours.
 */

/** A host that keeps a transfer alive with a trickle: too slow for any use, and it would hold a slot for ever. */
export class HostTooSlowError extends Error {
  constructor(bytesPerSecond: number, windowMs: number) {
    super(`The host sent under ${bytesPerSecond} bytes a second for ${Math.round(windowMs / 1000)} s`)
    this.name = 'HostTooSlowError'
  }
}

export interface LowSpeedLimit {
  bytesPerSecond: number
  windowMs: number
}

/**
 * Drops a response body we will not read. Destroying an undici body emits
 * 'error' (UND_ERR_ABORTED); with no listener that is an uncaught exception
 * that would take the whole server down, so one is attached first.
 */
export function discardBody(body: Readable): void {
  body.on('error', () => undefined)
  body.destroy()
}

/**
 * The same body, cut with HostTooSlowError when fewer than `bytesPerSecond * windowMs` bytes came in
 * a window (curl's --speed-limit and --speed-time). Only for a body its reader drains as fast as it
 * comes (a download to disk, a capped read into memory): a reader that pauses (a browser that has
 * buffered enough) would look like a slow host.
 */
export function cutWhenSlow(body: Readable, limit: LowSpeedLimit): Readable {
  let bytes = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length
      callback(null, chunk)
    },
  })
  const minimum = (limit.bytesPerSecond * limit.windowMs) / 1000
  const timer = setInterval(() => {
    if (bytes < minimum) counted.destroy(new HostTooSlowError(limit.bytesPerSecond, limit.windowMs))
    bytes = 0
  }, limit.windowMs)
  timer.unref()
  body.on('error', (error) => counted.destroy(error))
  // The host may fail the body before its reader has started (a cache fill still making room): the error
  // is kept on the stream for that reader, and must not be an uncaught one meanwhile (it would end the process).
  counted.on('error', () => undefined)
  counted.on('close', () => {
    clearInterval(timer)
    if (!body.readableEnded) discardBody(body)
  })
  return body.pipe(counted)
}

/** Reads a body into memory, refusing more than `maxBytes`. */
export async function readCapped(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += (chunk as Buffer).length
    if (size > maxBytes) {
      discardBody(body)
      throw new AppError(413, `The response is larger than ${sizeInWords(maxBytes)}.`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function sizeInWords(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round(bytes / 1_048_576)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}
