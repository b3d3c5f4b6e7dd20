import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises'
import path from 'node:path'
import type { StoredCue, StoredWord } from '../../db/schema'
import type { SafeFetch } from '../../lib/safe-fetch'
import { isStoredAddress, StoredFileMissing, type Storage } from '../../lib/storage'
import { downloadMedia } from '../jobs/download-media'
import { PermanentJobError, type JobContext } from '../jobs/job-runner'
import type { TranscriptsRepo } from '../media/transcripts.repo'
import { anchorCues } from './align'
import { decodeToPcm, findSilences } from './audio'
import { nextChunk, planCueChunks, planRecognitionChunks, planUntimedChunk, type Chunk } from './chunks'
import { MOSTLY_UNMATCHED, spansMs } from './fit'
import { CUE_TIMES, cueSegments, transcribeKnownChunk } from './known-text'
import type { Recogniser } from './recogniser'
import { segmentWords } from './segmenter'
import { isSetAside } from './transcription.service'
import type { Span } from './timing'
import { loadDictionary } from './sphinx'

/** Untimed text (HTML, plain) is aligned in one piece up to this length; longer audio gets anchors first. */
export const UNTIMED_ALIGN_MAX_MS = 180_000

/** How often a running job touches its work directory, far inside the sweep's stale time (lib/sweep-temp.ts). */
const HEARTBEAT_MS = 60_000

export interface TranscribeDeps {
  transcripts: TranscriptsRepo
  storage: Storage
  safeFetch: SafeFetch
  modelDir: string
  /**
   * Whether known text can be timed word by word (pocketsphinx and its model are here). Without it a
   * publisher's transcript is stored with its cue times (CUE_TIMES), and media without one is left
   * to the recogniser (Whisper or an API; pocketsphinx's own recognition is missing too).
   */
  wordTiming?: boolean
  maxDownloadBytes: number
  recogniser: Recogniser
  /** Where each run makes its work directory (config.transcribeTmpDir); app.ts sweeps what a crash leaves there. */
  tmpDir: string
  /** Told when a run finishes the transcript: the audio it covered and the wall time it took (the real-time factor metric). */
  onFinished?: (run: { audioMs: number; wallMs: number }) => void
}

const isTimed = (cues: StoredCue[]) => cues.every((c) => c.start !== undefined && c.end !== undefined)

/**
 * The transcribe job: media -> 16 kHz PCM -> chunks -> word timings ->
 * segments, stored chunk by chunk so the player has words before the end.
 * Before each chunk it reads the learner's play position again and takes the
 * chunk there first. Resumed after a crash, it skips the chunks stored.
 */
export function createTranscribeJob(deps: TranscribeDeps) {
  const { transcripts } = deps

  /** Runs `fn` on a local file of the media: the stored file (downloaded from S3 for as long as `fn` runs) or a download. */
  async function withMediaFile<T>(address: string, dir: string, signal: AbortSignal, fn: (file: string) => Promise<T>): Promise<T> {
    if (isStoredAddress(address)) {
      return deps.storage.withLocalFile(address, fn).catch((error: unknown) => {
        throw error instanceof StoredFileMissing ? new PermanentJobError(`Not a stored file: ${address}`) : error
      })
    }
    const file = path.join(dir, 'media')
    await downloadMedia(deps.safeFetch, address, file, deps.maxDownloadBytes, signal)
    return fn(file)
  }

  return async function transcribe({ address }: { address: string }, ctx: JobContext): Promise<void> {
    const state = await transcripts.state(address)
    // Set aside (it stopped the server twice): a job queued again in the moment before it was marked does not start it.
    if (!state || state.status === 'done' || isSetAside(state)) return
    await transcripts.setStatus(state.id, 'running')
    const startedAt = performance.now()
    // Only the chunks this run did: a run resumed after a crash is not credited with audio it never touched.
    let audioMs = 0
    await mkdir(deps.tmpDir, { recursive: true })
    const dir = await mkdtemp(path.join(deps.tmpDir, 'job-'))
    // A long recognition writes nothing for a while: the sweep must still see this directory as in use.
    const heartbeat = setInterval(() => void utimes(dir, new Date(), new Date()).catch(() => undefined), HEARTBEAT_MS)
    heartbeat.unref()
    try {
      const pcm = path.join(dir, 'audio.pcm')
      // Downloaded or uploaded, the bytes came from outside: a playlist or concat script in them is refused here, never followed.
      // The media is needed only for this decode: everything after reads the PCM in the job's own directory.
      const durationMs = await withMediaFile(address, dir, ctx.signal, (input) =>
        decodeToPcm(input, pcm, ctx.signal).catch((error: unknown) => {
          throw new PermanentJobError((error as Error).message)
        }),
      )
      if (durationMs < 100) throw new PermanentJobError('The media has no audio.')
      const wordTiming = deps.wordTiming ?? true
      if (!wordTiming && state.cues?.length) {
        // No aligner on this server: the publisher's words with their cue times, one piece.
        await transcripts.storeChunk(state.id, 0, cueSegments(state.cues, durationMs), 1, { confidence: CUE_TIMES })
        await transcripts.setStatus(state.id, 'done')
        return
      }
      // pocketsphinx's dictionary, for alignment and its own recognition (Whisper and APIs need none).
      const dictionary = wordTiming ? await loadDictionary(deps.modelDir) : new Map<string, string[]>()
      const options = { dictionary, modelDir: deps.modelDir, workDir: dir, signal: ctx.signal }
      // Known timed text needs the pauses only after its first chunk is aligned: found meanwhile, on the other core.
      const pauses = findSilences(pcm, ctx.signal)
      pauses.catch(() => undefined)
      let cues = state.cues ?? []
      if (cues.length && !isTimed(cues) && durationMs > UNTIMED_ALIGN_MAX_MS) {
        // Kept on the transcript: a resumed job does not make this pass again.
        cues = await anchorCues(pcm, cues, durationMs, await pauses, options)
        await transcripts.setCues(state.id, cues)
      }
      const aligned = cues.length > 0
      const chunks = !aligned
        ? planRecognitionChunks(durationMs, await pauses)
        : isTimed(cues)
          ? planCueChunks(cues, durationMs)
          : planUntimedChunk(cues, durationMs)

      for (;;) {
        ctx.signal.throwIfAborted()
        const now = (await transcripts.state(address))!
        const done = new Set(now.chunksDone)
        const chunk = nextChunk(chunks, done, now.focusMs)
        if (!chunk) break
        // A transcript a learner opened waits for this slot: hand this one back; it resumes after the chunks stored.
        if (ctx.shouldYield()) ctx.handBack()
        let segments
        let unmatched: Span[] = []
        if (chunk.text !== undefined) {
          const known = await transcribeKnownChunk(pcm, chunk, pauses, deps.recogniser, options)
          if (known.unmatched.length > 0) ctx.log.info({ chunk: chunk.index, units: known.units, alignedUnits: known.alignedUnits, recognised: known.unmatched }, 'the known text does not fit the audio here: recognised instead')
          segments = known.segments
          unmatched = known.unmatched
        } else {
          segments = segmentWords(await deps.recogniser.recognise(pcm, chunk, options))
        }
        const progress = (done.size + 1) / chunks.length
        // Mostly recognised instead of aligned, the transcript as a whole is the recogniser's, not exact.
        // Cores, not windows: the windows of timed chunks overlap.
        const mostlyUnmatched = spansMs([...now.unmatched, ...unmatched]) > MOSTLY_UNMATCHED * spansMs(chunks.map((c) => c.core ?? c))
        const origin = aligned && !mostlyUnmatched ? { confidence: 'aligned' } : { confidence: deps.recogniser.confidence, ...(aligned ? {} : { source: deps.recogniser.source }) }
        await transcripts.storeChunk(state.id, chunk.index, segments, progress, origin, unmatched)
        audioMs += chunk.end - chunk.start
        await ctx.progress(progress)
      }
      await transcripts.setStatus(state.id, 'done')
      deps.onFinished?.({ audioMs, wallMs: performance.now() - startedAt })
    } catch (error) {
      if (!ctx.signal.aborted && (error instanceof PermanentJobError || ctx.lastAttempt)) await transcripts.setStatus(state.id, 'failed', (error as Error).message)
      throw error
    } finally {
      clearInterval(heartbeat)
      await rm(dir, { recursive: true, force: true })
    }
  }
}
