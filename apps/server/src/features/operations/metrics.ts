import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { JobName } from '../jobs/job-types'
import { feedRefreshLabel, realTimeFactor, routeLabel, statusClass } from './metric-labels'
import type { QueueStat } from './operations.repo'
import type { RefreshOutcome } from '../feeds/feeds.service'

export interface MetricsDeps {
  /** Every kind of job, so an empty lane reads 0 rather than vanishing from the graph. */
  jobNames: readonly JobName[]
  queueStats: () => Promise<QueueStat[]>
  /** Process metrics (CPU, memory, event loop, GC) start timers: only when someone will scrape them. */
  processMetrics: boolean
}

/**
 * One registry per app: tests build several apps in one process, and the
 * global default registry would refuse the second app's metrics.
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry()
  if (deps.processMetrics) collectDefaultMetrics({ register: registry })

  const requests = new Histogram({
    name: 'lingocast_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })

  // Both queue gauges read the same query; one scrape runs it once.
  let pending: Promise<QueueStat[]> | undefined
  const stats = () => (pending ??= deps.queueStats().finally(() => (pending = undefined)))
  const byName = async () => {
    const rows = await stats()
    return deps.jobNames.map((name) => rows.find((r) => r.name === name) ?? { name, queued: 0, running: 0, oldestQueuedSeconds: 0 })
  }
  new Gauge({
    name: 'lingocast_jobs_queued',
    help: 'Jobs due and waiting for a worker, by job name (each name is its own lane)',
    labelNames: ['name'] as const,
    registers: [registry],
    async collect() {
      for (const row of await byName()) this.set({ name: row.name }, row.queued)
    },
  })
  new Gauge({
    name: 'lingocast_jobs_running',
    help: 'Jobs held by a worker, by job name',
    labelNames: ['name'] as const,
    registers: [registry],
    async collect() {
      for (const row of await byName()) this.set({ name: row.name }, row.running)
    },
  })
  new Gauge({
    name: 'lingocast_jobs_oldest_queued_age_seconds',
    help: 'How long the longest-waiting due job has waited, by job name (0 when none waits)',
    labelNames: ['name'] as const,
    registers: [registry],
    async collect() {
      for (const row of await byName()) this.set({ name: row.name }, row.oldestQueuedSeconds)
    },
  })

  const realTime = new Histogram({
    name: 'lingocast_transcription_real_time_factor',
    help: 'Seconds of audio transcribed per second of wall time, observed when a transcribe job finishes',
    buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128],
    registers: [registry],
  })

  const feedRefreshes = new Counter({
    name: 'lingocast_feed_refreshes_total',
    help: 'Feed refresh jobs by outcome: updated (new episodes), unchanged, failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  // Present at 0 from the start, so rate() works before the first failure.
  for (const outcome of ['updated', 'unchanged', 'failed']) feedRefreshes.inc({ outcome }, 0)

  return {
    registry,
    observeRequest(request: { method: string; pattern: string | undefined; statusCode: number; seconds: number }) {
      requests.observe({ method: request.method, route: routeLabel(request.pattern), status_class: statusClass(request.statusCode) }, request.seconds)
    },
    observeTranscription(run: { audioMs: number; wallMs: number }) {
      const factor = realTimeFactor(run.audioMs, run.wallMs)
      if (factor !== undefined) realTime.observe(factor)
    },
    countFeedRefresh(outcome: RefreshOutcome) {
      const label = feedRefreshLabel(outcome)
      if (label) feedRefreshes.inc({ outcome: label })
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>
