import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { UPLOAD_MSG, type MediaInfo, type RouteBody, type uploadRoutes } from '@lingocast/contract'
import type { FastifyBaseLogger } from 'fastify'
import { customAlphabet } from 'nanoid'
import type { StoredCue } from '../../db/schema'
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../../lib/errors'
import { grabFrame } from '../../lib/ffmpeg'
import { decodableTailSeconds, playsToEnd, probeMedia } from '../../lib/ffprobe'
import { MissingToolError } from '../../lib/media-tools'
import { isStoredAddress, type Storage } from '../../lib/storage'
import type { LibraryService } from '../library/library.service'
import type { TranscriptionService } from '../transcription/transcription.service'
import { parseTranscript, transcriptFormat } from '../transcription/cues'
import { classifyProbe, mediaTitle } from './media-kind'
import { TMP_SUFFIX, type ReceivedUpload } from './receive-upload'
import type { UploadRepo, UploadRow } from './upload.repo'

/** Stored names are ours: 16 random characters, nothing of the uploader's name. */
const newName = customAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', 16)

export const UPLOAD_DIR = '/uploads'

export type CollectBody = Exclude<RouteBody<typeof uploadRoutes.collect>, undefined>

export interface UploadServiceDeps {
  repo: UploadRepo
  storage: Storage
  library: Pick<LibraryService, 'add'>
  transcription: Pick<TranscriptionService, 'request'>
  tmpDir: string
  log: FastifyBaseLogger
}

/** Cues of an uploaded .srt/.vtt; anything else, or a file without one timed cue, is refused. */
export function subtitleCues(subtitle: { name: string; text: string }): StoredCue[] {
  const format = transcriptFormat(subtitle.name)
  const cues = format === 'srt' || format === 'vtt' ? parseTranscript(subtitle.text, format) : []
  if (cues.length === 0) throw new ValidationError(UPLOAD_MSG.badSubtitle)
  return cues
}

function isHttpAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * Uploads: a received file becomes a stored one only when ffprobe says it is
 * whole audio or video; it belongs to its uploader; collecting it makes a
 * library article with a thumbnail and queues its transcript.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const { repo, storage, library, transcription, log } = deps

  async function requireUpload(userId: number, address: string): Promise<UploadRow> {
    const row = await repo.findForUser(userId, address)
    if (!row) throw new NotFoundError(UPLOAD_MSG.fileNotFound)
    return row
  }

  /** A frame of the video beside it in storage; none (the console falls back to a live frame) if ffmpeg fails. */
  async function makeThumbnail(video: UploadRow): Promise<string | null> {
    const address = video.path.replace(/\.[^./]+$/, '.jpg')
    // An S3 hiccup here only costs the shortcut: the frame is made again below.
    if (await storage.stat(address).catch(() => undefined)) return address
    // The sweep of cut-off uploads takes this too if a crash leaves it.
    const tmp = path.join(deps.tmpDir, `${randomUUID()}.jpg${TMP_SUFFIX}`)
    try {
      await mkdir(deps.tmpDir, { recursive: true })
      await storage.withLocalFile(video.path, async (file) => {
        const probe = await probeMedia(file)
        if (!probe) throw new Error('the stored video is not readable media')
        await grabFrame(probe.input, tmp)
      })
      await storage.put(tmp, address)
      return address
    } catch (error) {
      log.warn({ err: error, video: video.path }, 'upload thumbnail failed')
      await rm(tmp, { force: true })
      return null
    }
  }

  return {
    /** Checks and stores a received file; returns its storage path. The temporary file is gone either way. */
    async accept(userId: number, received: ReceivedUpload): Promise<string> {
      let address: string | undefined
      try {
        const cues = received.subtitle ? subtitleCues(received.subtitle) : null
        if (received.sizeBytes === 0) throw new ValidationError(UPLOAD_MSG.emptyFile)
        // The probe first: it decides which demuxer the tail decode may use (lib/media-input.ts).
        // A server without ffprobe or ffmpeg says so: the file was never looked at.
        const unchecked = (error: unknown) => Promise.reject(error instanceof MissingToolError ? new ServiceUnavailableError(UPLOAD_MSG.serverCannotRead(error.message)) : error)
        const probe = await probeMedia(received.tmpFile).catch(unchecked)
        const kind = probe && classifyProbe(probe)
        if (!probe || !kind) throw new ValidationError(UPLOAD_MSG.unsupportedType)
        const duration = probe.durationSeconds
        if (!duration || !playsToEnd(await decodableTailSeconds(probe.input).catch(unchecked), duration)) throw new ValidationError(UPLOAD_MSG.damaged)

        address = `${UPLOAD_DIR}/${newName()}.${kind.ext}`
        await storage.put(received.tmpFile, address)
        await repo.insert({
          userId,
          path: address,
          originalName: received.originalName,
          kind: kind.kind,
          title: mediaTitle(probe, received.originalName),
          format: kind.ext,
          durationSeconds: duration,
          width: kind.width,
          height: kind.height,
          sizeBytes: received.sizeBytes,
          subtitleCues: cues,
        })
        return address
      } catch (error) {
        // A file in storage without its owner's row would be unreachable: take it back out.
        if (address) await storage.remove(address).catch(() => undefined)
        throw error
      } finally {
        await rm(received.tmpFile, { force: true })
      }
    },

    async mediaInfo(userId: number, address: string): Promise<MediaInfo> {
      const row = await requireUpload(userId, address)
      return { title: row.title, format: row.format, duration: row.durationSeconds, width: row.width, height: row.height }
    },

    /** Saves an article from an uploaded file (or http(s) media addresses) into the user's library. */
    async collect(userId: number, body: CollectBody & { title: string }): Promise<void> {
      const media = body.video || body.audio
      if (!media) throw new ValidationError(UPLOAD_MSG.mediaRequired)
      let fields: { video: string | null; audio: string | null; durationSeconds: number | null; thumbnail: string | null }
      let cues: StoredCue[] | null = null
      if (isStoredAddress(media)) {
        const upload = await requireUpload(userId, media)
        // Where it plays is decided by what ffprobe found, not by which field the caller used.
        const isVideo = upload.kind === 'video'
        fields = {
          video: isVideo ? upload.path : null,
          audio: isVideo ? null : upload.path,
          durationSeconds: upload.durationSeconds,
          thumbnail: isVideo ? await makeThumbnail(upload) : null,
        }
        cues = upload.subtitleCues
      } else {
        if (![body.video, body.audio].every((a) => !a || isHttpAddress(a))) throw new ValidationError(UPLOAD_MSG.badAddress)
        fields = { video: body.video || null, audio: body.audio || null, durationSeconds: null, thumbnail: null }
      }

      await library.add(userId, { title: body.title, description: body.text ?? '', plainText: body.plainText ?? '', ...fields })
      // The article is saved: a queue hiccup must not turn that into an error; parse_media asks again on play.
      await transcription.request(media, cues?.length ? { cues, source: 'upload' } : {}).catch((error: unknown) => {
        log.warn({ err: error, media }, 'queueing the transcript of a collected article failed')
      })
    },
  }
}

export type UploadService = ReturnType<typeof createUploadService>
