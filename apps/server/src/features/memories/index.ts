import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { defineFeature } from '../../core/define-feature'
import { StoredFileMissing } from '../../lib/storage'
import { createCardAudioJob } from './card-audio.job'
import { improveFlashcardRoutes } from './improve-flashcard.routes'
import { createMemoriesRepo } from './memories.repo'
import { memoriesRoutes } from './memories.routes'
import { createMemoriesService, type CardClips } from './memories.service'
import { createSentenceSource } from './sentence-source'

/** Decks and flashcards, their review schedule, Anki import and export, and cards that speak their sentence. */
export const memoriesFeature = defineFeature({
  name: 'memories',
  needs: ['jobs', 'transcription', 'library', 'tutor', 'vocabulary'],
  async register(app, { config, db, storage, safeFetch }) {
    const repo = createMemoriesRepo(db)
    const quickJobs = app.quickJobs
    // A card made from a sentence keeps the sentence's clip, cut in the quick lane.
    const clips: CardClips = {
      locate: createSentenceSource({
        mediaOf: async (userId, ref) => {
          const article = await app.library.readable.get(userId, ref)
          return article.Video ?? article.Audio
        },
        wordsBetween: async (address, from, to) => (await app.transcripts.segmentsBetween(address, from, to)).flatMap((s) => s.word_timestamps),
      }),
      enqueue: async (flashcardId) => {
        await app.jobQueue.enqueue('card_audio', { flashcardId }, { dedupeKey: `card_audio:${flashcardId}` })
        quickJobs.nudge()
      },
      // A clip gone from storage leaves its card out of the package's media, not the whole export.
      read: (address) => storage.withLocalFile(address, (file) => readFile(file)).catch((error: unknown) => (error instanceof StoredFileMissing ? undefined : Promise.reject(error))),
      remove: (address) => storage.remove(address),
    }
    await app.register(memoriesRoutes, { memories: createMemoriesService({ repo, onCardsCreated: app.vocabulary.noteCardFronts, clips }), storage })
    quickJobs.register(
      'card_audio',
      createCardAudioJob({ repo, storage, safeFetch, maxDownloadBytes: config.transcribeMaxBytes, tmpDir: path.join(config.transcribeTmpDir, 'clips') }),
      ({ flashcardId }) => repo.failClip(flashcardId),
    )
    await app.register(improveFlashcardRoutes, { tutor: app.tutor.provider, library: app.library.own, budget: app.tutor.budget })
  },
})
