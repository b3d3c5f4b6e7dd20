import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SHADOW_TAKE_MAX_BYTES, SHADOW_TAKE_MAX_MS, SHADOW_TAKES_KEPT, SHADOWING_MSG, shadowTakeAudioUrl, type Segment, type ShadowTake } from '@lingocast/contract'
import type { FastifyBaseLogger } from 'fastify'
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../../lib/errors'
import { probeMedia } from '../../lib/ffprobe'
import type { Storage } from '../../lib/storage'
import type { LibraryService } from '../library/library.service'
import type { ShadowingRepo, TakeResult, TakeRow } from './shadowing.repo'

export interface ShadowingDeps {
  repo: ShadowingRepo
  /** The library's user-scoped read: another user's article is not found. */
  library: Pick<LibraryService, 'get'>
  /** The transcript's segments of a media address. */
  segments: (address: string) => Promise<Segment[]>
  storage: Pick<Storage, 'put' | 'remove'>
  enqueue: (takeId: number) => Promise<void>
  tmpDir: string
  log: FastifyBaseLogger
}

/** Containers MediaRecorder writes Opus in: WebM is ffmpeg's matroska demuxer. */
const CONTAINERS: Record<string, { demuxer: string; ext: string }> = {
  'audio/webm': { demuxer: 'matroska', ext: '.webm' },
  'audio/ogg': { demuxer: 'ogg', ext: '.ogg' },
}

export function toTakeDto(row: TakeRow): ShadowTake {
  const result = row.result as TakeResult | null
  return {
    id: row.id,
    article_id: row.articleId,
    segment_start: row.segmentStartMs,
    segment_end: row.segmentEndMs,
    text: row.text,
    status: row.status as ShadowTake['status'],
    score: row.score,
    words: result?.words ?? [],
    learner_wpm: result?.learnerWpm ?? null,
    speaker_wpm: result?.speakerWpm ?? null,
    duration_ms: row.durationMs,
    error: row.error,
    audio_url: shadowTakeAudioUrl(row.id),
    created_at: row.createdAt.toISOString(),
  }
}

/** Shadowing takes: kept per user and segment, never seen by another user. */
export function createShadowingService(deps: ShadowingDeps) {
  const { repo, library, storage } = deps

  /** The user's article (404 otherwise) and the segment of its transcript starting at `startMs` (404 when none). */
  async function segmentOf(userId: number, articleRef: number | string, startMs: number) {
    const article = await library.get(userId, articleRef)
    for (const address of [article.Audio, article.Video]) {
      if (!address) continue
      const segment = (await deps.segments(address)).find((s) => s.start === startMs)
      if (segment) return { articleId: article.CollectionID, segment }
    }
    throw new NotFoundError(SHADOWING_MSG.segmentNotFound)
  }

  const removeFiles = async (rows: TakeRow[]) => {
    for (const row of rows) {
      await storage.remove(row.audio).catch((error: unknown) => deps.log.warn({ err: error, address: row.audio }, 'removing a shadowing take failed'))
    }
  }

  return {
    async upload(userId: number, articleRef: number | string, segmentStart: number, contentType: string, body: Buffer): Promise<ShadowTake> {
      const container = CONTAINERS[contentType]
      if (!container) throw new ValidationError(SHADOWING_MSG.notAudio)
      if (body.length === 0) throw new ValidationError(SHADOWING_MSG.empty)
      if (body.length > SHADOW_TAKE_MAX_BYTES) throw new PayloadTooLargeError(SHADOWING_MSG.tooLarge)
      const { articleId, segment } = await segmentOf(userId, articleRef, segmentStart)
      await mkdir(deps.tmpDir, { recursive: true })
      const name = randomBytes(12).toString('hex')
      const tmp = path.join(deps.tmpDir, `${name}${container.ext}`)
      try {
        await writeFile(tmp, body)
        // Read by its content with only our demuxers allowed: the declared type must be what the bytes are.
        const probe = await probeMedia(tmp)
        if (!probe || probe.input.demuxer !== container.demuxer || !probe.streams.some((s) => s.codecType === 'audio')) throw new ValidationError(SHADOWING_MSG.unreadable)
        // MediaRecorder's WebM has no duration in its header; the job measures the decoded length too.
        if ((probe.durationSeconds ?? 0) * 1000 > SHADOW_TAKE_MAX_MS + 1000) throw new ValidationError(SHADOWING_MSG.tooLong)
        const audio = `/takes/${userId}/${name}${container.ext}`
        await storage.put(tmp, audio)
        const row = await repo.insert({
          userId,
          articleId,
          segmentStartMs: segment.start,
          segmentEndMs: segment.end,
          text: segment.text,
          audio,
          durationMs: Math.round((probe.durationSeconds ?? 0) * 1000),
        })
        await removeFiles(await repo.trim(userId, articleId, segment.start, SHADOW_TAKES_KEPT))
        await deps.enqueue(row.id)
        return toTakeDto(row)
      } finally {
        await rm(tmp, { force: true })
      }
    },

    async list(userId: number, articleRef: number | string, segmentStart: number): Promise<ShadowTake[]> {
      const article = await library.get(userId, articleRef)
      return (await repo.list(userId, article.CollectionID, segmentStart)).slice(0, SHADOW_TAKES_KEPT).map(toTakeDto)
    },

    async get(userId: number, id: number): Promise<ShadowTake> {
      const row = await repo.find(userId, id)
      if (!row) throw new NotFoundError(SHADOWING_MSG.takeNotFound)
      return toTakeDto(row)
    },

    /** The storage address of the user's take, for streaming it. */
    async audioOf(userId: number, id: number): Promise<string> {
      const row = await repo.find(userId, id)
      if (!row) throw new NotFoundError(SHADOWING_MSG.takeNotFound)
      return row.audio
    },

    async delete(userId: number, id: number): Promise<void> {
      const row = await repo.delete(userId, id)
      if (!row) throw new NotFoundError(SHADOWING_MSG.takeNotFound)
      await removeFiles([row])
    },
  }
}

export type ShadowingService = ReturnType<typeof createShadowingService>
