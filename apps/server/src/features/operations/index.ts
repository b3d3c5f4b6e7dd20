import { defineFeature } from '../../core/define-feature'
import type { JobName } from '../jobs/job-types'
import { gracefulClose } from './graceful-close'
import { createMetrics, type Metrics } from './metrics'
import { createOperationsRepo } from './operations.repo'
import { operations } from './operations.routes'
import { workerListener } from './worker-listener'

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters and timings for /metrics: the lanes and the feeds report into it. */
    metrics: Metrics
  }
}

/** Every kind of job, in the order the metrics list them; a new job name fails the typecheck until it is here. */
const JOB_NAMES = Object.keys({ transcribe: 0, refresh_feed: 0, count_episode_words: 0, card_audio: 0, score_take: 0 } satisfies Record<JobName, 0>) as JobName[]

/** Health, readiness, metrics and a graceful shutdown. First of the features, so its latency hook sees every route. */
export const operationsFeature = defineFeature({
  name: 'operations',
  async register(app, { config, db, storage }) {
    const repo = createOperationsRepo(db)
    const metrics = createMetrics({ jobNames: JOB_NAMES, queueStats: repo.queueStats, processMetrics: config.metrics.enabled })
    const deps = { metrics, access: config.metrics, readiness: { ping: repo.ping, pingStorage: storage.ping, timeoutMs: 5000 } }
    await app.register(operations, deps)
    // SIGTERM: requests in flight finish, then their keep-alive connections close instead of holding the process.
    await app.register(gracefulClose)
    // A worker serves no app HTTP: its job counters would be unreadable without a listener of their own.
    if (config.processRole === 'worker' && config.metrics.port !== undefined) await app.register(workerListener, { ...deps, host: config.host, port: config.metrics.port })
    app.decorate('metrics', metrics)
  },
})
