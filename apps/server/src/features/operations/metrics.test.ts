import { describe, expect, it } from 'vitest'
import { createRefreshFeedJob } from '../feeds/refresh-feed.job'
import type { RefreshOutcome } from '../feeds/feeds.service'
import type { JobContext } from '../jobs/job-runner'
import { createMetrics } from './metrics'

const metricsWith = () => createMetrics({ jobNames: ['transcribe', 'refresh_feed'], queueStats: async () => [], processMetrics: false })
const value = (text: string, series: string) => Number(text.split('\n').find((l) => l.startsWith(`${series} `))?.slice(series.length + 1))

describe('metrics registry', () => {
  it('counts what each refresh job did, by outcome', async () => {
    const metrics = metricsWith()
    const outcomes: RefreshOutcome[] = [{ result: 'fetched', added: 2 }, { result: 'not-modified' }, { result: 'fetched', added: 0 }, { result: 'failed', error: 'timeout', paused: false }, { result: 'skipped' }]
    let next = 0
    const job = createRefreshFeedJob({ refresh: async () => outcomes[next++]! }, metrics.countFeedRefresh)
    // The job only logs through ctx.
    const ctx = { log: { info: () => undefined } } as unknown as JobContext
    for (let i = 0; i < outcomes.length; i++) await job({ channelId: i + 1 }, ctx)
    const text = await metrics.registry.metrics()
    expect(value(text, 'lingocast_feed_refreshes_total{outcome="updated"}')).toBe(1)
    expect(value(text, 'lingocast_feed_refreshes_total{outcome="unchanged"}')).toBe(2)
    expect(value(text, 'lingocast_feed_refreshes_total{outcome="failed"}')).toBe(1)
  })

  it('observes the real-time factor of finished transcriptions', async () => {
    const metrics = metricsWith()
    metrics.observeTranscription({ audioMs: 60_000, wallMs: 20_000 })
    metrics.observeTranscription({ audioMs: 0, wallMs: 500 })
    const text = await metrics.registry.metrics()
    expect(value(text, 'lingocast_transcription_real_time_factor_count')).toBe(1)
    expect(value(text, 'lingocast_transcription_real_time_factor_sum')).toBe(3)
    expect(value(text, 'lingocast_transcription_real_time_factor_bucket{le="2"}')).toBe(0)
    expect(value(text, 'lingocast_transcription_real_time_factor_bucket{le="4"}')).toBe(1)
  })

  it('lets two apps in one process keep their own registries', async () => {
    const a = metricsWith()
    const b = metricsWith()
    a.observeRequest({ method: 'GET', pattern: '/a/:id', statusCode: 200, seconds: 0.01 })
    expect(await a.registry.metrics()).toContain('route="/a/:id"')
    expect(await b.registry.metrics()).not.toContain('route="/a/:id"')
  })
})
