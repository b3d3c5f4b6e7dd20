import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './db'
import { podcastFeed, startFeedServer, type FeedServer } from './feed-server'
import { startServerAfterKill, startServerProcess, type ServerProcess } from './server-process'

let db: TestDatabase
let server: ServerProcess | undefined
let feeds: FeedServer

afterAll(async () => {
  server?.proc.kill('SIGKILL')
  await db?.drop()
  await feeds?.close()
})

const auth = { authorization: `Bearer ${DEV_LOGIN_TOKEN}` }
const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(server!.url + path, { ...init, headers: { ...auth, ...(init.headers ?? {}) } })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { data?: unknown; items?: unknown } }
}

describe('the server killed in the middle of a feed refresh', () => {
  it('keeps what was saved, and the refresh runs again after the restart', async () => {
    feeds = await startFeedServer()
    db = await createTestDatabase({ open: false })
    // A short lease and sweep, so the interrupted refresh is taken up again within seconds.
    const env = { ...db.env, DEV_LOGIN: '1', FETCH_ALLOW_HOSTS: '127.0.0.1', JOB_LEASE_SECONDS: '2', FEED_SWEEP_SECONDS: '1' }
    server = await startServerProcess(env)

    const episodes = [{ guid: 'e1', title: 'Saved before the crash', audio: `${feeds.url}/e1.mp3` }]
    feeds.set('/saved.xml', { body: podcastFeed({ title: 'Saved channel', items: episodes }) })
    const saved = await call('/english_vocab/api/import-rss-channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rss_url: `${feeds.url}/saved.xml` }) })
    expect(saved.status).toBe(200)
    const savedId = saved.json.rss_id as number

    // A new address from an OPML file is fetched by the refresh job; this one never finishes sending.
    feeds.set('/slow.xml', { body: podcastFeed({ title: 'Slow channel', items: [{ guid: 's1', title: 'Arrives after the restart', audio: `${feeds.url}/s1.mp3` }] }), hang: true })
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body><outline text="Slow" type="rss" xmlUrl="${feeds.url}/slow.xml"/></body></opml>`
    expect((await call('/english_vocab/api/rss-opml', { method: 'POST', headers: { 'content-type': 'text/x-opml' }, body: opml })).status).toBe(200)
    await expect.poll(() => feeds.requests.some((r) => r.path === '/slow.xml'), { timeout: 20_000 }).toBe(true)
    server.proc.kill('SIGKILL')
    await new Promise((r) => server!.proc.once('exit', r))

    feeds.set('/slow.xml', { body: podcastFeed({ title: 'Slow channel', items: [{ guid: 's1', title: 'Arrives after the restart', audio: `${feeds.url}/s1.mp3` }] }) })
    server = await startServerAfterKill(env)
    // What was acknowledged before the crash is all there.
    expect(((await call(`/english_vocab/api/rss-items?rss_id=${savedId}`)).json.items as Array<{ title: string }>).map((i) => i.title)).toEqual(['Saved before the crash'])
    // The interrupted refresh is done again: the channel gets its episode.
    const slow = async () => ((await call('/english_vocab/api/rss-list')).json.data as Array<{ url: string; status: string; latest_episode: { title: string } | null }>).find((c) => c.url === `${feeds.url}/slow.xml`)
    await expect.poll(async () => (await slow())?.latest_episode?.title, { timeout: 30_000, interval: 500 }).toBe('Arrives after the restart')
    expect((await slow())!.status).toBe('ok')
    const myFeed = (await call('/english_vocab/api/user-rss-subscribe-items')).json.items as Array<{ title: string }>
    expect(myFeed.map((i) => i.title)).toContain('Arrives after the restart')
  })
})
