import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { SHADOW_TAKE_MAX_MS, SHADOWING_MSG, type Segment } from '@lingocast/contract'
import { mediaInput, type MediaInput } from '../../lib/media-input'
import { hasTool, MissingToolError } from '../../lib/media-tools'
import type { Storage } from '../../lib/storage'
import { PermanentJobError, type JobContext } from '../jobs/job-runner'
import { decodeToPcm } from '../transcription/audio'
import { DEFAULT_MODEL_DIR, loadDictionary } from '../transcription/sphinx'
import type { ShadowingRepo } from './shadowing.repo'
import { scorePcm } from './take-align'

export interface ScoreTakeDeps {
  repo: Pick<ShadowingRepo, 'byId' | 'scored' | 'failed' | 'setDuration'>
  storage: Pick<Storage, 'withLocalFile'>
  /** The segment the take was made of, as the transcript has it now (for the speaker's word times). */
  segmentAt: (userId: number, articleId: number, startMs: number) => Promise<Segment | undefined>
  modelDir?: string
  /** Where each run makes its work directory (swept at start-up of what a crash leaves). */
  tmpDir: string
  /** Seconds the scoring took, for the metrics or a bench. */
  onScored?: (ms: number) => void
}

/**
 * The take as ffmpeg input with its demuxer forced: the upload probed its
 * bytes (with only our demuxers allowed) and named the file for the container
 * found, so no second probe is needed; bytes that are not that container fail
 * to decode rather than being read as anything else.
 */
function takeInput(file: string, address: string): MediaInput {
  const input = mediaInput(file, address.endsWith('.ogg') ? 'ogg' : 'matroska')
  if (!input) throw new PermanentJobError(SHADOWING_MSG.unreadable)
  return input
}

/**
 * The score_take job: decodes the take (its demuxer forced and only the file
 * protocol allowed, so ffmpeg reads only its bytes, lib/media-input.ts) to 16 kHz mono PCM and
 * scores it against the segment's words (take-align.ts).
 */
export function createScoreTakeJob(deps: ScoreTakeDeps) {
  return async function scoreTake({ takeId }: { takeId: number }, ctx: JobContext): Promise<void> {
    const started = performance.now()
    const take = await deps.repo.byId(takeId)
    // Deleted (or trimmed away) before its turn: nothing to score.
    if (!take || take.status !== 'scoring') return
    await mkdir(deps.tmpDir, { recursive: true })
    const dir = await mkdtemp(path.join(deps.tmpDir, 'take-'))
    try {
      // A server without pocketsphinx says so on the take, instead of retrying what cannot work.
      if (!hasTool('pocketsphinx_batch')) throw new PermanentJobError(new MissingToolError('pocketsphinx_batch').message)
      const pcm = path.join(dir, 'take.raw')
      const [durationMs, dictionary, segment] = await Promise.all([
        deps.storage.withLocalFile(take.audio, (file) => decodeToPcm(takeInput(file, take.audio), pcm, ctx.signal)).catch((error: unknown) => {
          if (ctx.signal.aborted) throw error
          throw new PermanentJobError(SHADOWING_MSG.unreadable)
        }),
        loadDictionary(deps.modelDir ?? DEFAULT_MODEL_DIR),
        deps.segmentAt(take.userId, take.articleId, take.segmentStartMs).catch(() => undefined),
      ])
      if (durationMs > SHADOW_TAKE_MAX_MS + 1000) throw new PermanentJobError(SHADOWING_MSG.tooLong)
      if (durationMs !== take.durationMs) await deps.repo.setDuration(takeId, durationMs)
      const result = await scorePcm(pcm, take.text, segment?.text === take.text ? segment.word_timestamps : [], {
        dictionary,
        lengthMs: durationMs,
        modelDir: deps.modelDir,
        signal: ctx.signal,
      })
      await deps.repo.scored(takeId, result.score, { words: result.words, learnerWpm: result.learnerWpm, speakerWpm: result.speakerWpm })
      const ms = performance.now() - started
      ctx.log.info({ takeId, ms: Math.round(ms), takeMs: durationMs }, 'take scored')
      deps.onScored?.(ms)
    } catch (error) {
      if (!ctx.signal.aborted && (error instanceof PermanentJobError || ctx.lastAttempt)) {
        await deps.repo.failed(takeId, error instanceof PermanentJobError ? error.message : 'The take could not be scored.')
      }
      throw error
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
}
