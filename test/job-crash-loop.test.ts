import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, FEED_NOTICE, TRANSCRIPT_NOTICE, type Feed, type TranscriptionStatus } from '@lingocast/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { createJobsRepo } from '../apps/server/src/features/jobs/jobs.repo'
import { createLibraryRepo } from '../apps/server/src/features/library/library.repo'
import { createTranscriptsRepo } from '../apps/server/src/features/media/transcripts.repo'
import { FOCUS_PRIORITY, transcribeKey } from '../apps/server/src/features/transcription/transcription.service'
import { createTestDatabase, type TestDatabase } from './db'
import { podcastFeed, startFeedServer, type FeedServer } from './feed-server'
import { killProcess, startServerAfterKill as start, type ServerProcess } from './server-process'
import { makeEpisode } from './speech'
import { createTestUser } from './users'

/**
 * A podcast host once served an episode in a way that stopped the whole server while the transcribe
 * job downloaded it; after each restart the saved job fetched it again and stopped it again: a crash
 * loop caused by one publisher. Here a host that never finishes its body holds the job, and the
 * server is SIGKILLed there twice: after the second restart the job is set aside, the learner reads
 * why, and the rest of the queue runs.
 */

/** Short, so a killed run's lease has run out when the server is started again. */
const LEASE_SECONDS = 2
const dbs: TestDatabase[] = []
let server: ServerProcess | undefined
let host: FeedServer | undefined
let work: string | undefined

afterAll(async () => {
  server?.proc.kill('SIGKILL')
  for (const db of dbs) await db.drop()
  await host?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function kill(): Promise<void> {
  await killProcess(server!)
  server = undefined
  // The killed run's lease runs out: the next start takes its job over (a claim, not a fresh start).
  await sleep(LEASE_SECONDS * 1000 + 500)
}

const requestsFor = (pathname: string) => host!.requests.filter((r) => r.path === pathname).length

describe('a transcribe job whose media host holds it while the server is killed, twice', () => {
  it('is set aside at the next start: the learner reads why, opening it again fetches nothing, and the episode queued behind it is transcribed', async () => {
    host = await startFeedServer()
    host.set('/stops-the-server.mp3', { body: Buffer.alloc(256 * 1024, 1), type: 'audio/mpeg', hang: true })
    const HELD = `${host.url}/stops-the-server.mp3`
    const BEHIND = '/uploads/behind.wav'

    const db = await createTestDatabase()
    dbs.push(db)
    work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-crash-loop-'))
    const episode = await makeEpisode(work, 0.2)
    mkdirSync(path.join(db.env.DATA_DIR, 'storage', 'uploads'), { recursive: true })
    cpSync(episode.file, path.join(db.env.DATA_DIR, 'storage', BEHIND))
    const user = await createTestUser(db.database, 'crash-loop@example.com')
    const library = createLibraryRepo(db.database.db)
    await library.insert(user.id, { title: 'An episode whose host stops the server', audio: HELD })
    await library.insert(user.id, { title: 'An upload queued behind it', audio: BEHIND })
    const transcripts = createTranscriptsRepo(db.database.db)
    await transcripts.ensurePending(HELD, undefined, 'pocketsphinx')
    await transcripts.ensurePending(BEHIND, episode.cues, 'publisher')
    // The opened episode goes first (as parse_media queues it); the upload waits in the background.
    const jobs = createJobsRepo(db.database.db)
    await jobs.enqueue('transcribe', { address: HELD }, { dedupeKey: transcribeKey(HELD), priority: FOCUS_PRIORITY })
    await jobs.enqueue('transcribe', { address: BEHIND }, { dedupeKey: transcribeKey(BEHIND) })
    await db.database.close()

    const env = { ...db.env, JOB_LEASE_SECONDS: String(LEASE_SECONDS), TRANSCRIBE_CONCURRENCY: '1', FETCH_ALLOW_HOSTS: '127.0.0.1' }
    const call = async (pathname: string, body?: object) => {
      const res = await fetch(server!.url + pathname, body ? { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) } : { headers: user.auth })
      expect(res.status, pathname).toBe(200)
      return (await res.json()) as { transcription: TranscriptionStatus }
    }
    const status = async (address: string) => (await call(`/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`)).transcription

    // Each run fetches the media, whose host sends half and then nothing: the server is killed there.
    for (let run = 1; run <= 2; run++) {
      server = await start(env)
      await expect.poll(() => requestsFor('/stops-the-server.mp3'), { timeout: 60_000, interval: 100 }).toBe(run)
      expect((await status(HELD)).status).toBe('running')
      await kill()
    }

    server = await start(env)
    await expect.poll(() => status(HELD), { timeout: 30_000, interval: 250 }).toMatchObject({ status: 'failed', notice: 'set_aside' })
    expect(TRANSCRIPT_NOTICE.set_aside).toContain('so it was set aside and the other transcripts went on')
    // The rest of the queue runs: the upload behind it gets its transcript.
    await expect.poll(async () => (await status(BEHIND)).status, { timeout: 120_000, interval: 500 }).toBe('done')
    // The learner opens it again: it says the same, and nothing fetches it.
    expect((await call('/media-proxy/parse_media', { audio_url: HELD })).transcription).toMatchObject({ status: 'failed', notice: 'set_aside' })
    await sleep(1_500)
    expect(requestsFor('/stops-the-server.mp3')).toBe(2)
    expect(server.output()).toMatch(/"msg":"job set aside: the process ended each time it ran this job; it is not started again"/)
    expect(await server.stop()).toBe(0)
    server = undefined
  }, 300_000)
})

describe('a feed refresh held by its host while the server is killed, twice', () => {
  it('pauses the channel with the set-aside notice at the next start, and other channels are still fetched', async () => {
    host ??= await startFeedServer()
    const feedDb = await createTestDatabase({ open: false })
    dbs.push(feedDb)
    const feedXml = podcastFeed({ title: 'A feed that stops the server', items: [{ guid: 'h1', title: 'Never arrives', audio: `${host.url}/h1.mp3` }] })
    host.set('/held.xml', { body: feedXml, hang: true })
    host.set('/fine.xml', { body: podcastFeed({ title: 'A fine feed', items: [{ guid: 'f1', title: 'Arrives', audio: `${host.url}/f1.mp3` }] }) })
    const env = { ...feedDb.env, DEV_LOGIN: '1', JOB_LEASE_SECONDS: String(LEASE_SECONDS), FETCH_ALLOW_HOSTS: '127.0.0.1' }
    const api = async (pathname: string, init: RequestInit = {}) => {
      const res = await fetch(server!.url + pathname, { ...init, headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, ...(init.headers ?? {}) } })
      expect(res.status, pathname).toBe(200)
      return (await res.json()) as { data: Feed[] }
    }
    const opml = (url: string) => api('/english_vocab/api/rss-opml', { method: 'POST', headers: { 'content-type': 'text/x-opml' }, body: `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body><outline text="x" type="rss" xmlUrl="${url}"/></body></opml>` })
    const channel = async (url: string) => (await api('/english_vocab/api/rss-list')).data.find((c) => c.url === url)

    server = await start(env)
    // A new address from an OPML file is fetched by the refresh job.
    await opml(`${host.url}/held.xml`)
    for (let run = 1; run <= 2; run++) {
      await expect.poll(() => requestsFor('/held.xml'), { timeout: 60_000, interval: 100 }).toBe(run)
      await kill()
      server = await start(env)
    }

    await expect.poll(() => channel(`${host!.url}/held.xml`), { timeout: 30_000, interval: 250 }).toMatchObject({ status: 'paused', notice: 'set_aside', error: FEED_NOTICE.set_aside })
    // The feed lane goes on: another channel is fetched.
    await opml(`${host.url}/fine.xml`)
    await expect.poll(async () => (await channel(`${host!.url}/fine.xml`))?.latest_episode?.title, { timeout: 30_000, interval: 250 }).toBe('Arrives')
    expect(requestsFor('/held.xml')).toBe(2)
    expect(await server.stop()).toBe(0)
    server = undefined
  }, 300_000)
})
