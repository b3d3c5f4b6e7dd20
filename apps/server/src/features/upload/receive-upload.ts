import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { SUBTITLE_MAX_BYTES, UPLOAD_FILE_FIELD, UPLOAD_MSG, UPLOAD_SUBTITLE_FIELD } from '@lingocast/contract'
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { decodeTextOffThread } from '../../lib/decode-text-off-thread'
import { AppError, PayloadTooLargeError, ValidationError } from '../../lib/errors'
import { cleanFileName } from './media-kind'

export interface ReceivedUpload {
  /** The complete media, flushed to disk, outside storage. The caller moves or deletes it. */
  tmpFile: string
  originalName: string
  sizeBytes: number
  subtitle?: { name: string; text: string }
}

export const TMP_SUFFIX = '.part'

/** Multipart boundaries, headers and the small fields around the media. */
const ENVELOPE_BYTES = 1024 * 1024

/**
 * Streams the multipart body to a temporary file, never holding the media in
 * memory, and stops reading at the size limit. Any failure (limit, a client
 * that goes away, a full disk) deletes what was written: the temporary file
 * is all or nothing.
 */
export async function receiveUpload(request: FastifyRequest, options: { tmpDir: string; maxBytes: number }): Promise<ReceivedUpload> {
  const limitMb = megabytes(options.maxBytes)
  const declared = Number(request.headers['content-length'])
  // Refused before a byte is read when the client says up front that it is too big.
  if (declared > options.maxBytes + SUBTITLE_MAX_BYTES + ENVELOPE_BYTES) throw new PayloadTooLargeError(UPLOAD_MSG.tooLarge(limitMb))
  if (!request.isMultipart()) throw new ValidationError(UPLOAD_MSG.noFile)

  await mkdir(options.tmpDir, { recursive: true })
  let media: Omit<ReceivedUpload, 'subtitle'> | undefined
  let subtitle: ReceivedUpload['subtitle']
  let tmpFile: string | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      if (part.fieldname === UPLOAD_FILE_FIELD && !media) {
        tmpFile = path.join(options.tmpDir, `${randomUUID()}${TMP_SUFFIX}`)
        const sizeBytes = await writeDurably(part, tmpFile)
        if (part.file.truncated) throw new PayloadTooLargeError(UPLOAD_MSG.tooLarge(limitMb))
        media = { tmpFile, originalName: cleanFileName(part.filename), sizeBytes }
      } else if (part.fieldname === UPLOAD_SUBTITLE_FIELD && !subtitle) {
        subtitle = { name: cleanFileName(part.filename), text: await readSmall(part, SUBTITLE_MAX_BYTES) }
      } else {
        part.file.resume()
      }
    }
    if (!media) throw new ValidationError(UPLOAD_MSG.noFile)
    return { ...media, subtitle }
  } catch (error) {
    if (tmpFile) await rm(tmpFile, { force: true })
    throw asUploadError(error, limitMb)
  }
}

/**
 * The multipart parser's refusals are the client's fault: a missing boundary
 * or a body cut off mid-part (busboy's plain errors, without a code), or more
 * parts than the form has (@fastify/multipart's FST_ codes). Disk and stream
 * errors (with a system code) stay server errors.
 */
function asUploadError(error: unknown, limitMb: number): unknown {
  if (error instanceof AppError) return error
  const code = (error as { code?: unknown }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeError(UPLOAD_MSG.tooLarge(limitMb))
  if (error instanceof Error && (code === undefined || (typeof code === 'string' && code.startsWith('FST_')))) return new ValidationError(UPLOAD_MSG.malformed)
  return error
}

/** Writes the part to `file` (which must not exist) and flushes it, so a crash later cannot leave it short. */
async function writeDurably(part: MultipartFile, file: string): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx', highWaterMark: 1 << 20 })
  await pipeline(part.file, out)
  const handle = await open(file, 'r+')
  try {
    await handle.sync()
    return (await handle.stat()).size
  } finally {
    await handle.close()
  }
}

async function readSmall(part: MultipartFile, max: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) throw new PayloadTooLargeError(UPLOAD_MSG.subtitleTooLarge(megabytes(max)))
    chunks.push(chunk)
  }
  // Subtitles come in whatever their editor wrote: Windows-1252, UTF-16 with a BOM...
  return decodeTextOffThread(Buffer.concat(chunks))
}

/** For messages: whole MB, or one decimal below 10 MB. */
function megabytes(bytes: number): number {
  const mb = bytes / 1_048_576
  return mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10
}
