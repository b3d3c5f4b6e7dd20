import path from 'node:path'
import send from '@fastify/send'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { NotFoundError } from './errors'
import { StoredFileMissing, type ByteRange, type Storage } from './storage'

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

/**
 * Streams a stored file from any storage adapter (local disk, S3) with
 * Range, If-Range, 206 and 416, ETag and Last-Modified where the adapter has
 * them, the content type of its extension. Only the requested bytes are read
 * (a ranged GetObject on S3), never the whole file into memory.
 */
export async function sendStored(request: FastifyRequest, reply: FastifyReply, storage: Storage, address: string, notFound: string, cacheControl = 'private, max-age=3600') {
  // Hidden names (a readiness probe's file, anything dotted) are never served, as @fastify/send's dotfiles: 'deny' did.
  const info = address.split('/').some((part) => part.startsWith('.')) ? undefined : await storage.stat(address)
  if (!info) throw new NotFoundError(notFound)
  const { size, etag, modified } = info
  const lastModified = modified?.toUTCString()
  reply.header('accept-ranges', 'bytes').header('cache-control', cacheControl).header('x-content-type-options', 'nosniff')
  if (etag) reply.header('etag', etag)
  if (lastModified) reply.header('last-modified', lastModified)

  if (notModified(request, etag, modified)) return reply.status(304).send()

  let range: ByteRange | 'unsatisfiable' | undefined
  const asked = request.headers.range
  if (asked && rangeStillFresh(request, etag, lastModified)) range = byteRange(asked, size)
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send()

  reply.type(contentType(address))
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`)
  reply.header('content-length', range ? range.end - range.start + 1 : size)
  // HEAD and empty files: the headers say it all, no read of the object.
  if (request.method === 'HEAD' || size === 0) return reply.send()
  const body = await storage.read(address, range ?? undefined).catch((error: unknown) => {
    // Deleted between stat and read: as if it never was.
    if (error instanceof StoredFileMissing) throw new NotFoundError(notFound)
    throw error
  })
  return reply.send(body)
}

function contentType(address: string): string {
  const type = send.mime.getType(address) ?? 'application/octet-stream'
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type
}

function notModified(request: FastifyRequest, etag: string | undefined, modified: Date | undefined): boolean {
  const noneMatch = request.headers['if-none-match']
  if (noneMatch) return etag !== undefined && noneMatch.split(',').some((tag) => weak(tag.trim()) === weak(etag) || tag.trim() === '*')
  const since = request.headers['if-modified-since']
  const sinceMs = since ? Date.parse(since) : NaN
  // HTTP dates have whole seconds.
  return modified !== undefined && !Number.isNaN(sinceMs) && Math.floor(modified.getTime() / 1000) * 1000 <= sinceMs
}

const weak = (tag: string) => tag.replace(/^W\//, '')

/** If-Range: the range counts only while the file is still the one the client has part of. */
export function rangeStillFresh(request: FastifyRequest, etag: string | undefined, lastModified: string | undefined): boolean {
  const ifRange = request.headers['if-range']?.toString()
  if (!ifRange) return true
  if (ifRange.includes('"')) return etag !== undefined && !etag.startsWith('W/') && ifRange === etag
  return lastModified !== undefined && Date.parse(lastModified) <= Date.parse(ifRange)
}

/**
 * One `bytes=` range against a file of `size` bytes (RFC 9110 14.1.2):
 * undefined means the whole file (no bytes unit, several ranges, malformed),
 * 'unsatisfiable' answers 416.
 */
export function byteRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header)
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  const [first, last] = [match[1]!, match[2]!]
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return 'unsatisfiable'
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}
