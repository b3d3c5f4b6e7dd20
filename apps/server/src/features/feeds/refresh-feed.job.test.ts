import Fastify from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { podcastFeed, startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { createTestUser } from '../../../../../test/users'
import type { RefreshOutcome } from './feeds.service'
import { createRefreshFeedJob } from './refresh-feed.job'

let t: TestApp
let feeds: FeedServer

beforeAll(async () => {
  feeds = await startFeedServer()
  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.1'] })
})

afterAll(async () => {
  await t?.close()
  await feeds?.close()
})

describe('the refresh_feed job', () => {
  it('fetches a due channel, and skips one another worker refreshed after the sweep queued it', async () => {
    feeds.set('/due.xml', { body: podcastFeed({ title: 'Due show', items: [{ guid: 'd1', title: 'One' }] }) })
    const alice = await createTestUser(t.db.database, 'refresh-job@example.com')
    const res = await t.app.inject({ method: 'POST', url: '/english_vocab/api/import-rss-channel', headers: alice.auth, payload: { rss_url: `${feeds.url}/due.xml` } })
    expect(res.statusCode).toBe(200)
    const channelId = res.json().rss_id as number
    const outcomes: RefreshOutcome[] = []
    const job = createRefreshFeedJob(t.app.feeds, (o) => outcomes.push(o))
    const ctx = { jobId: 1, attempt: 1, lastAttempt: true, signal: new AbortController().signal, progress: async () => undefined, shouldYield: () => false, handBack: (): never => { throw new Error('not handed back here') }, log: Fastify({ logger: false }).log }
    const fetches = () => feeds.requests.filter((r) => r.path === '/due.xml').length
    const before = fetches()

    // Just imported: its next fetch is in the future, as after another worker's refresh.
    await job({ channelId }, ctx)
    expect(outcomes).toEqual([{ result: 'skipped' }])
    expect(fetches()).toBe(before)

    await t.db.database.db.execute(sql`update feed_channels set next_fetch_at = now() - interval '1 second' where id = ${channelId}`)
    await job({ channelId }, ctx)
    expect(outcomes[1]).toEqual({ result: 'not-modified' })
    expect(fetches()).toBe(before + 1)
    // A refresh by hand is not held to the schedule.
    expect((await t.app.feeds.refresh(channelId)).result).not.toBe('skipped')
  })
})
