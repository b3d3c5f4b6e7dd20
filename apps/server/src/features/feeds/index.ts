import { defineFeature } from '../../core/define-feature'
import type { JobRunner } from '../jobs/job-runner'
import { STARTER_CATALOGUE } from './catalogue'
import { createFeedsRepo } from './feeds.repo'
import { feedsRoutes } from './feeds.routes'
import { createFeedsService, type FeedsService } from './feeds.service'
import { createRefreshFeedJob } from './refresh-feed.job'

declare module 'fastify' {
  interface FastifyInstance {
    /** Channels and their refresh (tests and benches drive refreshes through it). */
    feeds: FeedsService
    /** The feed lane: short network calls, so they never wait behind a long transcription. */
    feedJobs: JobRunner
    /** Whether an address is the audio or video of an episode in a channel the user sees (the mini player streams it). */
    isVisibleEpisodeMedia: (userId: number, address: string) => Promise<boolean>
  }
}

/** Podcast channels shared by every user who follows them, refreshed in their own lane (decision 0005). */
export const feedsFeature = defineFeature({
  name: 'feeds',
  needs: ['operations', 'jobs', 'transcription'],
  async register(app, { config, db, safeFetch }) {
    const repo = createFeedsRepo(db)
    const lane = app.jobLane({ component: 'feed-jobs', concurrency: config.feeds.concurrency, names: ['refresh_feed', 'count_episode_words'] })
    const feeds = createFeedsService({
      repo,
      safeFetch,
      jobs: app.jobQueue,
      nudge: lane.nudge,
      transcription: app.transcription,
      log: app.log.child({ component: 'feeds' }),
      fetchTimeoutMs: config.feeds.fetchTimeoutMs,
      fetchCatalogue: config.feeds.fetchCatalogue,
    })
    lane.register('refresh_feed', createRefreshFeedJob(feeds, app.metrics.countFeedRefresh), ({ channelId }) => feeds.setAside(channelId))
    app.decorate('feeds', feeds)
    app.decorate('feedJobs', lane)
    app.decorate('isVisibleEpisodeMedia', repo.isVisibleEpisodeMedia)
    await app.register(feedsRoutes, { feeds })

    app.addHook('onReady', async () => feeds.seedCatalogue(STARTER_CATALOGUE))
    if (config.processRole !== 'web') {
      const sweepFeeds = () => void feeds.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'queueing feed refreshes failed'))
      let feedSweep: NodeJS.Timeout | undefined
      app.addHook('onReady', async () => {
        sweepFeeds()
        feedSweep = setInterval(sweepFeeds, config.feeds.sweepMs)
        feedSweep.unref()
      })
      app.addHook('preClose', async () => clearInterval(feedSweep))
    }
  },
})
