import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { FEED_NOTICE, SHADOWING_MSG, TRANSCRIPT_NOTICE, type Feed, type ShadowTake, type TranscriptionStatus } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { podcastFeed, startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { demoArticles } from '../library/demo-content'
import { createLibraryRepo } from '../library/library.repo'
import { transcribeKey } from '../transcription/transcription.service'
import { createJobsRepo, SET_ASIDE_ERROR, type JobsRepo } from './jobs.repo'

/**
 * What the learner reads of a job set aside after it stopped the server twice: the web process (no
 * jobs) answers the calls; the ends of the two runs are made by hand (claims whose leases run out,
 * as a killed worker leaves them), and a worker built like any other (PROCESS_ROLE=worker, on the
 * same database) takes the job over and sets it aside.
 */

let t: TestApp
let media: FeedServer
let me: TestUser
let jobs: JobsRepo
const workers: App[] = []
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  media = await startFeedServer()
  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.1'] })
  me = await createTestUser(t.db.database, 'set-aside@example.com')
  jobs = createJobsRepo(t.db.database.db)
})

afterAll(async () => {
  for (const w of workers) await w.close()
  await t?.close()
  await media?.close()
})

/** Two runs of the job with this key that ended with their process: claimed, never renewed nor released. */
async function endTwiceWithTheProcess(key: string): Promise<number> {
  for (let i = 0; i < 2; i++) {
    const claimed = await jobs.claim(`killed-${i}`, 100)
    expect((await jobs.byDedupeKey(key))?.id).toBe(claimed?.id)
    await sleep(250)
  }
  return (await jobs.byDedupeKey(key))!.id
}

/** A worker process's app on this database: its lanes take the queued jobs over. */
async function startWorker(): Promise<App> {
  const worker = await buildApp({ ...t.config, processRole: 'worker', jobs: { ...t.config.jobs, pollMs: 50 } }, { database: t.db.database, logger: false })
  workers.push(worker)
  await worker.ready()
  return worker
}

const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: me.auth, ...(payload ? { payload } : {}) })
const transcriptStatus = async (address: string): Promise<TranscriptionStatus> => {
  const res = await call('GET', `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().transcription
}

describe('a transcript whose job stopped the server twice', () => {
  it('reads as failed with the set-aside notice, and opening it again queues nothing', async () => {
    const address = `${media.url}/stops-the-server.mp3`
    media.set('/stops-the-server.mp3', { body: Buffer.alloc(200_000, 1), type: 'audio/mpeg', hang: true })
    await createLibraryRepo(t.db.database.db).insert(me.id, { title: 'An episode that stops the server', audio: address })
    expect((await call('POST', '/media-proxy/parse_media', { audio_url: address })).json().transcription).toMatchObject({ status: 'pending' })
    const id = await endTwiceWithTheProcess(transcribeKey(address))
    // Before a worker takes it over, the learner still reads it as under way.
    expect((await transcriptStatus(address)).status).not.toBe('failed')

    const worker = await startWorker()
    await expect.poll(() => transcriptStatus(address), { timeout: 15_000 }).toMatchObject({ status: 'failed', notice: 'set_aside' })
    expect(TRANSCRIPT_NOTICE.set_aside).toMatch(/^The server stopped twice while it was making this transcript, so it was set aside/)
    expect(await jobs.get(id)).toMatchObject({ status: 'failed', crashes: 2, error: SET_ASIDE_ERROR })

    // Opening the player again (parse_media, then the window at the play position) does not start it again.
    expect((await call('POST', '/media-proxy/parse_media', { audio_url: address })).json().transcription).toMatchObject({ status: 'failed', notice: 'set_aside' })
    expect((await call('GET', `/media-proxy/transcript?audio_url=${encodeURIComponent(address)}&play_pos=0`)).json().transcription).toMatchObject({ status: 'failed', notice: 'set_aside' })
    await sleep(300)
    expect(await jobs.byDedupeKey(transcribeKey(address))).toMatchObject({ id, status: 'failed' })
    // The worker never fetched the media that stopped the server.
    expect(media.requests.filter((r) => r.path === '/stops-the-server.mp3')).toEqual([])
    await worker.close()
  })
})

describe('a transcript whose job was set aside a moment ago, before its process marked the transcript', () => {
  it("reads as set aside to the player's poll and to opening it again, and neither queues the work again", async () => {
    const address = `${media.url}/stops-the-server-too.mp3`
    media.set('/stops-the-server-too.mp3', { body: Buffer.alloc(200_000, 1), type: 'audio/mpeg', hang: true })
    await createLibraryRepo(t.db.database.db).insert(me.id, { title: 'Another episode that stops the server', audio: address })
    expect((await call('POST', '/media-proxy/parse_media', { audio_url: address })).json().transcription).toMatchObject({ status: 'pending' })
    const id = await endTwiceWithTheProcess(transcribeKey(address))
    // The third claim sets the job aside; its process ends before it marks the transcript (the runner's next step).
    expect(await jobs.claim('killed-2', 100)).toMatchObject({ id, setAside: true })
    expect(await jobs.get(id)).toMatchObject({ status: 'failed', error: SET_ASIDE_ERROR })

    // The open player polls, then the learner opens the episode again.
    expect(await transcriptStatus(address)).toMatchObject({ status: 'failed', notice: 'set_aside' })
    expect((await call('POST', '/media-proxy/parse_media', { audio_url: address })).json().transcription).toMatchObject({ status: 'failed', notice: 'set_aside' })
    expect(await jobs.byDedupeKey(transcribeKey(address))).toMatchObject({ id, status: 'failed' })
    expect(media.requests.filter((r) => r.path === '/stops-the-server-too.mp3')).toEqual([])
  })
})

describe("a channel whose refresh stopped the server twice", () => {
  it('is paused with the set-aside notice, the sweep leaves it, and Refresh now fetches it again', async () => {
    const url = `${media.url}/stops-the-server.xml`
    media.set('/stops-the-server.xml', { body: podcastFeed({ title: 'A feed that stops the server', items: [{ guid: 'a1', title: 'Fetched by hand', audio: `${media.url}/a1.mp3` }] }) })
    // A new address from an OPML file is fetched by a refresh job.
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body><outline text="Stops" type="rss" xmlUrl="${url}"/></body></opml>`
    const imported = await t.app.inject({ method: 'POST', url: '/english_vocab/api/rss-opml', headers: { ...me.auth, 'content-type': 'text/x-opml' }, payload: opml })
    expect(imported.statusCode, imported.body).toBe(200)
    const channel = async () => ((await call('GET', '/english_vocab/api/rss-list')).json().data as Feed[]).find((c) => c.url === url)!
    const id = await endTwiceWithTheProcess(`feed:${(await channel()).id}`)
    expect(await channel()).toMatchObject({ status: 'pending' })

    const worker = await startWorker()
    await expect.poll(channel, { timeout: 15_000 }).toMatchObject({ status: 'paused', notice: 'set_aside', error: FEED_NOTICE.set_aside })
    expect(await jobs.get(id)).toMatchObject({ status: 'failed', crashes: 2, error: SET_ASIDE_ERROR })
    // The sweep does not queue it again, and nothing fetched it.
    await worker.feeds.sweep()
    await sleep(300)
    expect(media.requests.filter((r) => r.path === '/stops-the-server.xml')).toEqual([])
    await worker.close()

    // The learner's Refresh now tries it once more: fetched, and the notice is gone.
    const refreshed = await call('POST', '/english_vocab/api/rss-refresh', { rss_id: (await channel()).id })
    expect(refreshed.statusCode, refreshed.body).toBe(200)
    const after = refreshed.json().data as Feed
    expect(after).toMatchObject({ status: 'ok', error: null, latest_episode: { title: 'Fetched by hand' } })
    expect(after.notice).toBeUndefined()
  })
})

describe('the reading of publisher transcripts that stopped the server twice', () => {
  it('stores those episodes as unreadable, so asking for their figures does not queue the reading again', async () => {
    const url = `${media.url}/words-stop-the-server.xml`
    media.set('/words-stop-the-server.vtt', { body: 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello there.\n', type: 'text/vtt', hang: true })
    media.set('/words-stop-the-server.xml', {
      body: podcastFeed({ title: 'Transcripts that stop the server', items: [{ guid: 'w1', title: 'Held transcript', audio: `${media.url}/w1.mp3`, transcript: { url: `${media.url}/words-stop-the-server.vtt`, type: 'text/vtt' } }] }),
    })
    // Imported in the request; the reading of its transcripts is queued for the feed lane.
    const imported = await call('POST', '/english_vocab/api/import-rss-channel', { rss_url: url })
    expect(imported.statusCode, imported.body).toBe(200)
    const channelId = imported.json().rss_id as number
    const id = await endTwiceWithTheProcess(`episode_words:${channelId}`)

    const worker = await startWorker()
    await expect.poll(() => jobs.get(id), { timeout: 15_000 }).toMatchObject({ status: 'failed', crashes: 2, error: SET_ASIDE_ERROR })
    const items = (await call('GET', `/english_vocab/api/rss-items?rss_id=${channelId}`)).json().items as Array<{ id: number }>
    // The learner looks at the episode's figure: none, and nothing is queued to read it again.
    await sleep(300)
    const figures = await call('GET', `/english_vocab/api/words/feed_comprehension?ids=${items.map((i) => i.id).join(',')}`)
    expect(figures.statusCode, figures.body).toBe(200)
    expect(figures.json().items).toEqual({})
    expect(await jobs.byDedupeKey(`episode_words:${channelId}`)).toMatchObject({ id, status: 'failed' })
    expect(media.requests.filter((r) => r.path === '/words-stop-the-server.vtt')).toEqual([])
    await worker.close()
  })
})

describe('the scoring of a shadowing take that stopped the server twice', () => {
  it('fails the take with words that say what to do', async () => {
    const library = (await call('GET', '/english_vocab/api/word_collections')).json().collections as Array<{ CollectionID: number; Audio: string | null }>
    const article = library.find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!.CollectionID
    const segment = demoArticles()[0]!.segments[0]!
    // A second of tone in Opus/WebM, as MediaRecorder sends a take.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-set-aside-take-'))
    const file = path.join(dir, 'take.webm')
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', file])
    const body = readFileSync(file)
    rmSync(dir, { recursive: true, force: true })
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/english_vocab/api/shadowing/takes?article_id=${article}&segment_start=${segment.start}`,
      headers: { ...me.auth, 'content-type': 'audio/webm;codecs=opus' },
      payload: body,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const takeId = (uploaded.json().take as ShadowTake).id
    const id = await endTwiceWithTheProcess(`score_take:${takeId}`)

    const worker = await startWorker()
    const take = async () => (await call('GET', `/english_vocab/api/shadowing/takes/${takeId}`)).json().take as ShadowTake
    await expect.poll(take, { timeout: 15_000 }).toMatchObject({ status: 'failed', error: SHADOWING_MSG.setAside })
    expect(await jobs.get(id)).toMatchObject({ status: 'failed', crashes: 2 })
    await worker.close()
  })
})
