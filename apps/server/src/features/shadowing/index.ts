import path from 'node:path'
import { SHADOWING_MSG } from '@lingocast/contract'
import { defineFeature } from '../../core/define-feature'
import { createScoreTakeJob } from './score-take.job'
import { createShadowingRepo } from './shadowing.repo'
import { shadowingRoutes } from './shadowing.routes'
import { createShadowingService } from './shadowing.service'

/** Takes of the learner repeating a segment, scored against its words in the quick lane. */
export const shadowingFeature = defineFeature({
  name: 'shadowing',
  needs: ['jobs', 'transcription', 'library'],
  async register(app, { config, db, storage }) {
    // Takes of the user's own articles only (library.own, not the shared reads).
    const library = app.library.own
    const transcripts = app.transcripts
    const repo = createShadowingRepo(db)
    const segmentAt = async (userId: number, articleRef: number, startMs: number) => {
      const article = await library.get(userId, articleRef)
      for (const address of [article.Audio, article.Video]) {
        const segment = address ? (await transcripts.segments(address)).find((s) => s.start === startMs) : undefined
        if (segment) return segment
      }
      return undefined
    }
    const quickJobs = app.quickJobs
    quickJobs.register(
      'score_take',
      createScoreTakeJob({ repo, storage, segmentAt, tmpDir: path.join(config.transcribeTmpDir, 'takes'), modelDir: config.pocketsphinxModelDir }),
      ({ takeId }) => repo.failed(takeId, SHADOWING_MSG.setAside),
    )
    const shadowing = createShadowingService({
      repo,
      library,
      segments: (address) => transcripts.segments(address),
      storage,
      enqueue: async (takeId) => {
        await app.jobQueue.enqueue('score_take', { takeId }, { dedupeKey: `score_take:${takeId}`, maxAttempts: 2 })
        quickJobs.nudge()
      },
      tmpDir: path.join(config.transcribeTmpDir, 'take-uploads'),
      log: app.log,
    })
    await app.register(shadowingRoutes, { shadowing, storage })
  },
})
