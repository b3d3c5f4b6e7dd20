import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { cutAudioClip } from '../../lib/ffmpeg'
import type { SafeFetch } from '../../lib/safe-fetch'
import { isStoredAddress, StoredFileMissing, type Storage } from '../../lib/storage'
import { downloadMedia } from '../jobs/download-media'
import { PermanentJobError, type JobContext } from '../jobs/job-runner'
import type { MemoriesRepo } from './memories.repo'

export interface CardAudioDeps {
  repo: Pick<MemoriesRepo, 'pendingClip' | 'setClip' | 'failClip'>
  storage: Storage
  safeFetch: SafeFetch
  maxDownloadBytes: number
  /** Where each run makes its work directory (swept of what a crash leaves, like the transcription's). */
  tmpDir: string
}

/** Where a user's clips are stored: under the owner, named at random so no address can be guessed. */
export const clipAddress = (userId: number) => `/cards/${userId}/${randomBytes(12).toString('hex')}.mp3`

/**
 * The card_audio job: cuts the card's sentence from its article's media with
 * ffmpeg and stores it under the card's owner. Stored media is read in place;
 * remote media (a streamed feed episode) is fetched through the SSRF-safe
 * fetch first. Either way the bytes came from outside, so ffmpeg reads them
 * only as one of our containers (lib/ffmpeg.ts cutAudioClip).
 */
export function createCardAudioJob(deps: CardAudioDeps) {
  return async function cardAudio({ flashcardId }: { flashcardId: number }, ctx: JobContext): Promise<void> {
    const card = await deps.repo.pendingClip(flashcardId)
    if (!card) return
    await mkdir(deps.tmpDir, { recursive: true })
    const dir = await mkdtemp(path.join(deps.tmpDir, 'clip-'))
    try {
      const { media, startMs, endMs } = card.source
      const clip = path.join(dir, 'clip.mp3')
      const cut = (file: string) =>
        cutAudioClip(file, startMs, endMs, clip, ctx.signal).catch((error: unknown) => {
          if (ctx.signal.aborted) throw error
          // Not one of our containers, or no audio in it: no retry makes it one.
          throw new PermanentJobError(`The media could not be cut: ${String((error as { stderr?: string }).stderr ?? error).trim().split('\n').at(-1)}`)
        })
      if (isStoredAddress(media)) {
        await deps.storage.withLocalFile(media, cut).catch((error: unknown) => {
          throw error instanceof StoredFileMissing ? new PermanentJobError(error.message) : error
        })
      } else {
        const file = path.join(dir, 'media')
        await downloadMedia(deps.safeFetch, media, file, deps.maxDownloadBytes, ctx.signal)
        await cut(file)
      }
      const address = clipAddress(card.userId)
      await deps.storage.put(clip, address)
      // Deleted while it was cut: nothing refers to the clip, so it goes too.
      if (!(await deps.repo.setClip(flashcardId, address))) await deps.storage.remove(address)
    } catch (error) {
      if (!ctx.signal.aborted && (error instanceof PermanentJobError || ctx.lastAttempt)) await deps.repo.failClip(flashcardId)
      throw error
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
}
