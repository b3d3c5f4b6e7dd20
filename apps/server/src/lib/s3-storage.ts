import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import send from '@fastify/send'
import { cutWhenSlow, type LowSpeedLimit } from './fetched-body'
import type { StorageUrl } from './storage-url'
import { addressKey, localFileOf, localReads, mountOf, StoredFileMissing, writableKey, type ByteRange, type Mounts, type Storage, type StoredFileInfo } from './storage'

/** Keys are `${prefix}/${address without its leading slash}`. */
export interface S3StorageOptions extends StorageUrl {
  /** Undefined: the SDK's own chain (instance roles, shared config files). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  /** Where withLocalFile downloads objects for ffmpeg; swept at start-up like the other temporary directories. */
  tmpDir: string
  mounts?: Mounts
  /** Bytes per multipart part; at most partSize * queueSize bytes of an upload are in memory at once. */
  partSize?: number
  queueSize?: number
  /**
   * What the bucket's host is allowed (ARCHITECTURE.md s16): time for an answer's headers, the longest
   * pause in a body, and the slowest a copy to a local file may arrive.
   */
  timeouts?: { headersMs: number; idleMs: number; lowSpeed: LowSpeedLimit }
  /** The largest object a copy to a local file takes: no object this server stored is larger. */
  maxObjectBytes?: number
}

const MiB = 1024 * 1024

/** The bytes as they come, failing when more than `length` come. */
function atMost(length: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      done(seen > length ? new Error(`The bucket sent more than the ${length} bytes it announced`) : null, chunk)
    },
  })
}

/** A stream of `length` bytes after skipping `skip`; the rest is drained. */
function slice(skip: number, length: number): Transform {
  let offset = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, skip - offset)
      const to = Math.min(chunk.length, skip + length - offset)
      offset += chunk.length
      done(null, from < to ? chunk.subarray(from, to) : undefined)
    },
  })
}

/** A 404 of any S3 call (HeadObject answers without a code in its body). */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false
  return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound'
}

/**
 * Stored files as objects of an S3-compatible bucket (AWS, MinIO, Garage, R2...),
 * so several machines serve the same files. Addresses are checked exactly as
 * on local disk (lib/storage.ts), and the read-only mounts stay local files.
 */
/** How long a HEAD's answer is reused, and for how many objects. */
const HEAD_CACHE_MS = 10_000
const HEAD_CACHE_SIZE = 1_000

const DEFAULT_TIMEOUTS = { headersMs: 15_000, idleMs: 60_000, lowSpeed: { bytesPerSecond: 1024, windowMs: 30_000 } }

export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const { bucket, mounts } = options
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Only what S3 itself requires: the default CRC32 trailers are not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits for ever by default: a host that never answers, or stops mid-body, would hold a request and its socket.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: timeouts.headersMs, throwOnRequestTimeout: true, socketTimeout: timeouts.idleMs },
  })
  const keyPrefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : ''
  // A player asks for many ranges of one file: its size comes from a HEAD a few seconds old instead of one
  // per request. Safe because addresses are written once; an object deleted by another process meanwhile
  // fails its GET, which answers not found.
  const heads = new Map<string, { info: StoredFileInfo; at: number }>()
  const keyOf = (key: string) => `${keyPrefix}${key}`
  const mounted = (address: string) => (mountOf(address, mounts) ? localFileOf(address, undefined, mounts) : undefined)
  /** The object key of a readable, non-mounted address, or undefined. */
  const readKey = (address: string) => {
    const key = addressKey(address)
    return key === undefined || mountOf(address, mounts) ? undefined : keyOf(key)
  }

  async function get(address: string, range?: ByteRange): Promise<Readable> {
    const key = readKey(address)
    if (key === undefined) throw new StoredFileMissing(address)
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
      const body = out.Body as Readable
      if (!range || out.ContentLength === range.end - range.start + 1) return body
      // Some S3-compatible servers answer part of a range, or the whole object (s3rver for bytes=0-0): cut it to what was asked.
      const from = out.ContentRange ? Number(/bytes (\d+)-/.exec(out.ContentRange)?.[1] ?? 0) : 0
      return body.pipe(slice(range.start - from, range.end - range.start + 1))
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileMissing(address)
      throw error
    }
  }

  /** The whole object and its announced length, refused when the length is missing or beyond any stored object's. */
  async function getWhole(address: string): Promise<{ body: Readable; length: number }> {
    const key = readKey(address)
    if (key === undefined) throw new StoredFileMissing(address)
    let out
    try {
      out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileMissing(address)
      throw error
    }
    const body = out.Body as Readable
    const length = out.ContentLength
    if (length === undefined || length > (options.maxObjectBytes ?? Number.MAX_SAFE_INTEGER)) {
      body.on('error', () => undefined)
      body.destroy()
      throw new Error(length === undefined ? `The bucket sent ${address} without its length` : `The bucket announced ${length} bytes for ${address}: more than any stored file`)
    }
    return { body, length }
  }

  return {
    client,

    async put(localFile, address) {
      const key = keyOf(writableKey(address, mounts))
      // Multipart from a file stream: at most partSize * queueSize bytes in memory. The object appears only when
      // the upload completes; on failure lib-storage aborts it, so the key keeps what it had before.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: createReadStream(localFile), ContentType: send.mime.getType(address) ?? 'application/octet-stream' },
        partSize: options.partSize ?? 8 * MiB,
        queueSize: options.queueSize ?? 4,
        leavePartsOnError: false,
      })
      await upload.done()
      heads.delete(key)
      // A put moves the file, as on local disk.
      await rm(localFile, { force: true })
    },

    async remove(address) {
      const key = keyOf(writableKey(address, mounts))
      heads.delete(key)
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },

    async stat(address) {
      if (mountOf(address, mounts)) return localReads.stat(mounted(address))
      const key = readKey(address)
      if (key === undefined) return undefined
      const seen = heads.get(key)
      if (seen && Date.now() - seen.at < HEAD_CACHE_MS) return seen.info
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        const info = { size: head.ContentLength ?? 0, modified: head.LastModified, etag: head.ETag }
        if (heads.size >= HEAD_CACHE_SIZE) heads.delete(heads.keys().next().value!)
        heads.set(key, { info, at: Date.now() })
        return info
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },

    read(address, range) {
      if (mountOf(address, mounts)) return localReads.read(mounted(address), address, range)
      return get(address, range)
    },

    async withLocalFile(address, fn) {
      if (mountOf(address, mounts)) return localReads.withLocalFile(mounted(address), address, fn)
      const { body, length } = await getWhole(address)
      await mkdir(options.tmpDir, { recursive: true })
      const dir = await mkdtemp(path.join(options.tmpDir, 'object-'))
      try {
        // The stored name's extension stays: ffprobe and ffmpeg guess less with it.
        const file = path.join(dir, path.posix.basename(address))
        await pipeline(cutWhenSlow(body, timeouts.lowSpeed), atMost(length), createWriteStream(file))
        return await fn(file)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },

    async *list(prefix) {
      if (!prefix.startsWith('/')) throw new Error(`not an address prefix: ${prefix}`)
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: keyOf(prefix.slice(1)), ContinuationToken: token }))
        for (const object of page.Contents ?? []) {
          const address = `/${object.Key!.slice(keyPrefix.length)}`
          // Keys written by something else than this adapter (a console upload of 'a//b') are no address.
          if (addressKey(address) !== undefined && !mountOf(address, mounts)) yield address
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }))
    },
  }
}
