import { defineFeature } from '../../core/define-feature'
import type { JobRunner } from '../jobs/job-runner'
import { createTranscriptsRepo, type TranscriptsRepo } from '../media/transcripts.repo'
import { canTimeWords } from '../operations/capabilities'
import { createRecogniser } from './recogniser'
import { createTranscribeJob } from './transcribe.job'
import { createTranscriptionService, YIELD_WITHIN_MS, type TranscriptionService } from './transcription.service'
import { createTranscriptionQueueRepo } from './transcription-queue.repo'
import { createTranscriptionSpeed } from './transcription-speed'

declare module 'fastify' {
  interface FastifyInstance {
    /** The transcription lane (started only when PROCESS_ROLE is worker or both); main.ts names its worker id. */
    jobs: JobRunner
    /** Asks for transcripts: features that bring known text (uploads, feeds) call it with cues. */
    transcription: TranscriptionService
    /** The transcripts, one per media address, shared by every user who studies it. */
    transcripts: TranscriptsRepo
    /** Calls `listener` with each transcript that is done (the vocabulary counts its words then). */
    onTranscriptDone: (listener: (transcriptId: number) => Promise<void>) => void
  }
}

/** Word-timed transcripts of media: known text aligned, else recognised, in a lane of their own. */
export const transcriptionFeature = defineFeature({
  name: 'transcription',
  needs: ['operations', 'jobs'],
  async register(app, { config, db, storage, safeFetch, operatorFetch }) {
    // The transcripts' repo sits in media/ (the proxy and the player read through it); this feature writes them, so it makes it.
    const doneListeners: Array<(transcriptId: number) => Promise<void>> = []
    const transcripts = createTranscriptsRepo(db, {
      onDone: async (id) => void (await Promise.all(doneListeners.map((listener) => listener(id)))),
    })
    // config.jobs.concurrency slots (TRANSCRIBE_CONCURRENCY); a transcript a learner opens takes the slot
    // of a background one, which hands it back between chunks (or is stopped).
    const lane = app.jobLane({ component: 'jobs', names: ['transcribe'], preemptAfterMs: YIELD_WITHIN_MS })
    const recogniser = createRecogniser({ ...config, pocketsphinx: canTimeWords(config), http: operatorFetch })
    // Recent runs' speed, kept in the database, estimates the wait of a queued transcript in any process.
    const speed = createTranscriptionSpeed(db)
    const transcription = createTranscriptionService({
      transcripts,
      jobs: app.jobQueue,
      nudge: lane.nudge,
      queue: createTranscriptionQueueRepo(db),
      speeds: speed.speeds,
      recogniser: recogniser.source,
    })
    const transcribe = createTranscribeJob({
      transcripts,
      storage,
      safeFetch,
      modelDir: config.pocketsphinxModelDir,
      wordTiming: canTimeWords(config),
      maxDownloadBytes: config.transcribeMaxBytes,
      recogniser,
      tmpDir: config.transcribeTmpDir,
      onFinished: (run) => {
        app.metrics.observeTranscription(run)
        speed.finished(run, (error) => app.log.warn({ err: error }, 'recording the speed of a transcription failed'))
      },
    })
    lane.register(
      'transcribe',
      speed.measured(transcribe, async (address) => ((await transcripts.state(address))?.cues?.length ? 'align' : recogniser.source)),
      ({ address }) => transcription.setAside(address),
    )
    app.decorate('jobs', lane)
    app.decorate('transcription', transcription)
    app.decorate('transcripts', transcripts)
    app.decorate('onTranscriptDone', (listener: (transcriptId: number) => Promise<void>) => void doneListeners.push(listener))
  },
})
