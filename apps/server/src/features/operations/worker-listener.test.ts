import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { loadConfig } from '../../config'

const TOKEN = 'worker-scrape-token-0123456789'

describe('a worker process with METRICS_PORT', () => {
  let t: TestApp
  let base: string
  const logLines: string[] = []
  beforeAll(async () => {
    t = await buildTestApp({ processRole: 'worker', host: '127.0.0.1', metrics: { enabled: true, token: TOKEN, port: 0 } }, { logLines })
    const line = logLines.find((l) => l.includes('operations listener'))
    base = /(http:\/\/127\.0\.0\.1:\d+)\/metrics/.exec(line ?? '')?.[1] ?? ''
  })
  afterAll(async () => {
    await t?.close()
  })

  it('serves its own job metrics on that port, behind the same token', async () => {
    expect(base).not.toBe('')
    expect((await fetch(`${base}/metrics`)).status).toBe(401)
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789abc' } })).status).toBe(401)
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    const text = await res.text()
    // The counters only this process can know, and the queue gauges read from the database.
    expect(text).toContain('lingocast_feed_refreshes_total{outcome="failed"} 0')
    expect(text).toContain('lingocast_transcription_real_time_factor_count 0')
    expect(text).toContain('lingocast_jobs_queued{name="transcribe"} 0')
  })

  it('answers health and readiness there, and nothing of the app', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${base}/readyz`)
    expect(ready.status).toBe(200)
    expect(((await ready.json()) as { status: string }).status).toBe('ready')
    for (const route of ['/api/user-info', '/english_vocab/api/word_collections', '/console/']) expect((await fetch(`${base}${route}`)).status).toBe(404)
  })

  it('reads METRICS_PORT as a port, and refuses what is not one', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics.port).toBe(9464)
    expect(loadConfig({ METRICS_PORT: '' }).metrics.port).toBeUndefined()
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/)
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/)
  })
})

describe('a web process', () => {
  it('opens no second listener: its /metrics is on the app port', async () => {
    const logLines: string[] = []
    const t = await buildTestApp({ processRole: 'web', metrics: { enabled: true, token: undefined, port: 0 } }, { logLines })
    try {
      expect(logLines.some((l) => l.includes('operations listener'))).toBe(false)
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
