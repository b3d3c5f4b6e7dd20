import { rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { MSG } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser } from '../../../../../test/users'
import { loadConfig } from '../../config'
import { createJobsRepo } from '../jobs/jobs.repo'

const TOKEN = 'scrape-token-0123456789abcdef'

/** The value of one sample line of the exposition text, e.g. `lingocast_jobs_queued{name="transcribe"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('health and readiness (metrics off, the default)', () => {
  let t: TestApp
  const logLines: string[] = []
  beforeAll(async () => {
    t = await buildTestApp({}, { logLines })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers /healthz without sign-in, and does not log each probe at info', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok' })
    }
    await t.app.inject({ method: 'GET', url: '/readyz' })
    // Another route still logs its requests, so silence here is the probes' own log level.
    await t.app.inject({ method: 'GET', url: '/api/user-info' })
    expect(logLines.some((l) => l.includes('/api/user-info'))).toBe(true)
    expect(logLines.filter((l) => l.includes('/healthz') || l.includes('/readyz'))).toEqual([])
  })

  it('answers /readyz when the database and the storage directory work', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } })
  })

  it('answers 503 naming storage when the storage directory cannot be written, without internal detail', async () => {
    // A file where the directory should be: fails for root too, which ignores permission bits.
    rmSync(t.config.storageDir, { recursive: true, force: true })
    writeFileSync(t.config.storageDir, 'not a directory')
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ status: 'unready', checks: { database: 'ok', storage: 'failed' } })
      expect(res.body).not.toContain(t.config.dataDir)
      expect(res.body).not.toMatch(/EEXIST|ENOTDIR|Error/)
      // The operator finds the cause in the log.
      expect(logLines.some((l) => l.includes('"level":40') && l.includes('not ready') && /EEXIST|ENOTDIR/.test(l))).toBe(true)
    } finally {
      rmSync(t.config.storageDir, { force: true })
      mkdirSync(t.config.storageDir, { recursive: true })
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })

  it('answers /metrics 404 like any unknown path when metrics are off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: MSG.notFound })
    expect(res.body).not.toContain('lingocast_')
  })

  // Last: the database stays closed.
  it('answers 503 naming the database when it is gone, while /healthz stays up', async () => {
    await t.db.database.close()
    const res = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: 'unready', checks: { database: 'failed', storage: 'ok' } })
    const health = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
  })
})

describe('metrics behind METRICS_TOKEN', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ metrics: loadConfig({ METRICS_TOKEN: TOKEN }).metrics })
  })
  afterAll(async () => {
    await t?.close()
  })
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.body
  }

  it('refuses a scrape without the token or with another one', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Bearer ${TOKEN.slice(0, -1)}` }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(res.statusCode).toBe(401)
      expect(res.body).not.toContain('lingocast_')
    }
  })

  it('labels request latency with the route pattern, never the id in the URL', async () => {
    const user = await createTestUser(t.db.database, 'metrics@example.com')
    const res = await t.app.inject({ method: 'GET', url: '/english_vocab/memories/deck/987654/export.csv', headers: user.auth })
    expect(res.statusCode).toBe(404)
    const text = await scrape()
    expect(sample(text, 'lingocast_http_request_duration_seconds_count{method="GET",route="/english_vocab/memories/deck/:id/export.csv",status_class="4xx"}')).toBe(1)
    expect(text).not.toContain('987654')
    expect(text).not.toContain(user.token)
    // A path no route matches is one series, whatever was in it.
    await t.app.inject({ method: 'GET', url: '/no-such-place/555444' })
    const after = await scrape()
    expect(sample(after, 'lingocast_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}')).toBe(1)
    expect(after).not.toContain('555444')
  })

  it('reads the queue depth and the age of the oldest waiting job from the jobs table at scrape time', async () => {
    const jobs = createJobsRepo(t.db.database.db)
    const before = await scrape()
    expect(sample(before, 'lingocast_jobs_queued{name="transcribe"}')).toBe(0)
    await jobs.enqueue('transcribe', { address: 'http://127.0.0.1:9/one.mp3' })
    const second = await jobs.enqueue('transcribe', { address: 'http://127.0.0.1:9/two.mp3' })
    await t.db.database.db.execute(sql`update jobs set run_at = now() - interval '1 hour' where id = ${second}`)
    // A retry scheduled for later is not backlog yet.
    await jobs.enqueue('refresh_feed', { channelId: 1 })
    await t.db.database.db.execute(sql`update jobs set run_at = now() + interval '1 hour' where name = 'refresh_feed'`)
    const text = await scrape()
    expect(sample(text, 'lingocast_jobs_queued{name="transcribe"}')).toBe(2)
    expect(sample(text, 'lingocast_jobs_queued{name="refresh_feed"}')).toBe(0)
    const age = sample(text, 'lingocast_jobs_oldest_queued_age_seconds{name="transcribe"}')!
    expect(age).toBeGreaterThanOrEqual(3600)
    expect(age).toBeLessThan(3700)
    expect(sample(text, 'lingocast_jobs_oldest_queued_age_seconds{name="refresh_feed"}')).toBe(0)
  })

  it('exposes the feed, transcription and process metrics', async () => {
    const text = await scrape()
    for (const outcome of ['updated', 'unchanged', 'failed']) expect(sample(text, `lingocast_feed_refreshes_total{outcome="${outcome}"}`)).toBe(0)
    expect(text).toContain('# TYPE lingocast_transcription_real_time_factor histogram')
    expect(sample(text, 'lingocast_transcription_real_time_factor_count')).toBe(0)
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })
})

describe('metrics with METRICS=1', () => {
  it('answers without a token (for a private network), and the config reads both settings', async () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: undefined })
    expect(loadConfig({ METRICS: '1' }).metrics).toEqual({ enabled: true, token: undefined })
    expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} ` }).metrics).toEqual({ enabled: true, token: TOKEN })
    const t = await buildTestApp({ metrics: loadConfig({ METRICS: '1' }).metrics })
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('# TYPE lingocast_http_request_duration_seconds histogram')
    } finally {
      await t.close()
    }
  })
})
