import { readFileSync, rmSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { planCueChunks } from '../apps/server/src/features/transcription/chunks'
import { createTestDatabase, type TestDatabase } from './db'
import { podcastFeed, startFeedServer, type FeedServer } from './feed-server'
import { multipart } from './multipart'
import { startServerProcess, startWorkerProcess, type ServerProcess, type WorkerProcess } from './server-process'
import { makeEpisode } from './speech'
import { sharedStorage, sharedStorageKind, type SharedStorage } from './shared-storage'
import { createTestUser, type TestUser } from './users'

/**
 * Scale-out (decision 0008): two web and two worker processes on one PostgreSQL and one shared
 * storage, as a scaled install runs them. Embedded PGlite is one process
 * holding DATA_DIR, so there is nothing to share there: the test needs
 * TEST_DATABASE_URL.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const storageKind = await sharedStorageKind()
const title = onPostgres
  ? `2 web and 2 worker processes on one PostgreSQL and ${storageKind === 's3' ? 'one s3rver bucket (a DATA_DIR each)' : 'one shared DATA_DIR'}`
  : '2 web and 2 worker processes: skipped, embedded PGlite is one process (set TEST_DATABASE_URL)'

let db: TestDatabase
let feeds: FeedServer | undefined
let storage: SharedStorage | undefined
let work: string | undefined
const procs: Array<ServerProcess | WorkerProcess> = []

afterAll(async () => {
  for (const p of procs) if (p.proc.exitCode === null) p.proc.kill('SIGKILL')
  await db?.drop()
  await feeds?.close()
  await storage?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** Four processes start at once on two cores, beside whatever else the machine runs. */
const START_MS = 150_000

const srt = (cues: Array<{ start: number; end: number; text: string }>) =>
  cues.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c.text}\n`).join('\n')
const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',')

/** The value of one sample of a Prometheus exposition, 0 when absent. */
const sample = (text: string, series: string) => Number(text.split('\n').find((l) => l.startsWith(`${series} `))?.slice(series.length + 1) ?? 0)

describe.skipIf(!onPostgres)(title, () => {
  it('shares uploads, hands a killed worker\'s transcription to the other worker, and refreshes each channel once', async () => {
    db = await createTestDatabase()
    work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-multi-'))
    feeds = await startFeedServer()
    storage = await sharedStorage()
    const { db: sqlDb } = db.database
    const user: TestUser = await createTestUser(db.database, 'several@example.com')

    // Every stored segment write is logged, rolled-back ones excepted: a chunk stored twice (by two workers, or
    // by one worker after a retry) shows as the same span written twice, which ON CONFLICT DO NOTHING would hide.
    await sqlDb.execute(sql`create table test_segment_writes (transcript_id int, start_ms int, end_ms int)`)
    await sqlDb.execute(sql.raw(`create function test_log_segment_write() returns trigger language plpgsql as $$
      begin insert into test_segment_writes values (new.transcript_id, new.start_ms, new.end_ms); return new; end $$`))
    await sqlDb.execute(sql`create trigger test_log_segment_write before insert on transcript_segments for each row execute function test_log_segment_write()`)

    // A short lease, so the job of a killed worker is taken over within seconds; a fast sweep on both workers.
    const env = { ...db.env, FETCH_ALLOW_HOSTS: '127.0.0.1', JOB_LEASE_SECONDS: '5', FEED_SWEEP_SECONDS: '1', METRICS: '1' }
    const [episode, webA, webB, worker1, worker2] = await Promise.all([
      makeEpisode(work, 2),
      startServerProcess({ ...env, ...storage.processEnv(), PROCESS_ROLE: 'web' }, START_MS),
      startServerProcess({ ...env, ...storage.processEnv(), PROCESS_ROLE: 'web' }, START_MS),
      startWorkerProcess({ ...env, ...storage.processEnv(), METRICS_PORT: '0' }, START_MS),
      startWorkerProcess({ ...env, ...storage.processEnv(), METRICS_PORT: '0' }, START_MS),
    ])
    procs.push(webA, webB, worker1, worker2)
    const workers = [worker1, worker2]
    const call = (server: ServerProcess, route: string, init: RequestInit = {}) => fetch(server.url + route, { ...init, headers: { ...user.auth, ...(init.headers ?? {}) } })

    // Uploaded through web A, with its subtitles as the known text.
    const bytes = readFileSync(episode.file)
    const form = multipart([
      { field: 'subtitle', filename: 'episode.srt', content: srt(episode.cues) },
      { field: 'file', filename: 'episode.wav', content: bytes, type: 'audio/wav' },
    ])
    const uploaded = await call(webA, '/storage/api/upload_file', { method: 'POST', headers: form.headers, body: form.payload })
    expect(uploaded.status, await uploaded.clone().text()).toBe(200)
    const address = ((await uploaded.json()) as { storage_path: string }).storage_path

    // Collected and streamed through web B: the bytes web A received.
    const collected = await call(webB, '/english_vocab/api/collect', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Shared episode', audio: address }) })
    expect(collected.status).toBe(200)
    const ranged = await call(webB, `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(address)}`, { headers: { range: 'bytes=1000-4999' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-4999/${bytes.length}`)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(1000, 5000))).toBe(true)

    // The collect queued the transcript; the worker that holds it is killed once a chunk is stored.
    const job = async () =>
      (await sqlDb.execute<{ id: number; status: string; locked_by: string | null; attempts: number }>(sql`select id, status, locked_by, attempts from jobs where name = 'transcribe' and payload->>'address' = ${address}`)).rows[0]
    const transcript = async () =>
      (await sqlDb.execute<{ id: number; status: string; chunks_done: number[] }>(sql`select id, status, chunks_done from media_transcripts where media_address = ${address}`)).rows[0]
    await expect.poll(async () => (await job())?.locked_by && (await transcript())?.chunks_done.length, { timeout: 120_000, interval: 50 }).toBeGreaterThan(0)
    const holder = await job()
    expect((await transcript())?.status, 'the transcript finished before the kill: make the episode longer').toBe('running')
    const victim = workers.find((w) => holder!.locked_by!.split(':')[1] === String(w.proc.pid))!
    const survivor = workers.find((w) => w !== victim)!
    expect(victim, `no worker has pid of ${holder!.locked_by}`).toBeDefined()
    victim.proc.kill('SIGKILL')
    await new Promise((r) => (victim.proc.exitCode !== null ? r(null) : victim.proc.once('exit', r)))

    // The other worker takes it over once the dead one's lease runs out (decoding alone keeps it visible for longer than a poll).
    await expect.poll(async () => (await job())?.locked_by?.split(':')[1], { timeout: 60_000, interval: 50 }).toBe(String(survivor.proc.pid))
    // A second worker joins for the feed sweep while the survivor works.
    const joining = startWorkerProcess({ ...env, ...storage.processEnv(), METRICS_PORT: '0' }, START_MS)
    void joining.then((p) => procs.push(p), () => undefined)
    const status = async () => (await (await call(webB, `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`)).json()) as { segments: Segment[]; transcription: TranscriptionStatus }
    await expect.poll(async () => (await status()).transcription.status, { timeout: 180_000, interval: 250 }).toBe('done')

    // The transcript is done a moment before its job is marked so.
    await expect.poll(job, { timeout: 60_000, interval: 100 }).toMatchObject({ status: 'done', attempts: 2, locked_by: null })
    // Every chunk stored once: none lost at the kill, none written twice after it.
    const chunkCount = planCueChunks(episode.cues, episode.durationMs).length
    expect([...(await transcript())!.chunks_done].sort((a, b) => a - b)).toEqual([...Array(chunkCount).keys()])
    const writes = (await sqlDb.execute<{ start_ms: number; n: number }>(sql`select start_ms, count(*)::int as n from test_segment_writes group by start_ms, end_ms having count(*) > 1`)).rows
    expect(writes, 'segments written more than once').toEqual([])
    // The whole transcript, in order.
    const { segments } = await status()
    expect(segments.map((s) => s.text).join(' ')).toBe(episode.cues.map((c) => c.text).join(' '))
    expect(segments.every((s, i) => i === 0 || s.start >= segments[i - 1]!.end)).toBe(true)

    // The feed sweep runs on both workers: each due channel is fetched once per round.
    const worker3 = await joining
    const sweepers = [survivor, worker3]
    const channels: Array<{ id: number; path: string }> = []
    for (let i = 0; i < 6; i++) {
      const feedPath = `/channel-${i}.xml`
      feeds.set(feedPath, { body: podcastFeed({ title: `Channel ${i}`, items: [{ guid: `c${i}`, title: `Episode of ${i}` }] }) })
      const res = await call(webA, '/english_vocab/api/import-rss-channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rss_url: `${feeds.url}${feedPath}` }) })
      expect(res.status).toBe(200)
      channels.push({ id: ((await res.json()) as { rss_id: number }).rss_id, path: feedPath })
    }
    const fetches = (feedPath: string) => feeds!.requests.filter((r) => r.path === feedPath).length
    const makeDue = (ids: number[]) => sqlDb.execute(sql`update feed_channels set next_fetch_at = now() where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
    const unfinishedRefreshes = async () =>
      (await sqlDb.execute<{ n: number }>(sql`select count(*)::int as n from jobs where name = 'refresh_feed' and status in ('queued', 'running')`)).rows[0]!.n
    // The import fetched each once; then three rounds of all of them falling due at the same moment.
    const ROUNDS = 3
    for (let round = 1; round <= ROUNDS; round++) {
      await makeDue(channels.map((c) => c.id))
      await expect.poll(() => channels.map((c) => fetches(c.path)), { timeout: 60_000, interval: 100 }).toEqual(channels.map(() => 1 + round))
      // Fetched is not yet saved: the next round starts when every refresh has stored its next fetch time.
      await expect.poll(unfinishedRefreshes, { timeout: 60_000, interval: 100 }).toBe(0)
    }
    // Two more sweeps' worth of time, shown by a last channel falling due twice and being fetched each time:
    // a refresh queued twice in the rounds above would have run by then.
    const lastPath = '/channel-last.xml'
    feeds.set(lastPath, { body: podcastFeed({ title: 'Last channel', items: [{ guid: 'l', title: 'Last' }] }) })
    const last = await call(webA, '/english_vocab/api/import-rss-channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rss_url: `${feeds.url}${lastPath}` }) })
    const lastId = ((await last.json()) as { rss_id: number }).rss_id
    for (let n = 2; n <= 3; n++) {
      await makeDue([lastId])
      await expect.poll(() => fetches(lastPath), { timeout: 60_000, interval: 100 }).toBe(n)
      await expect.poll(unfinishedRefreshes, { timeout: 60_000, interval: 100 }).toBe(0)
    }
    expect(channels.map((c) => fetches(c.path))).toEqual(channels.map(() => 1 + ROUNDS))
    // What the workers counted agrees: every sweep refresh was a 304 (unchanged), none failed, none twice.
    const counted = await Promise.all(sweepers.map(async (w) => await (await fetch(`${w.metricsUrl}/metrics`)).text()))
    const unchanged = counted.map((text) => sample(text, 'lingocast_feed_refreshes_total{outcome="unchanged"}'))
    expect(unchanged.reduce((a, b) => a + b, 0), `refreshes by worker: ${unchanged.join(', ')}`).toBe(channels.length * ROUNDS + 2)
    expect(counted.map((text) => sample(text, 'lingocast_feed_refreshes_total{outcome="failed"}'))).toEqual([0, 0])

    // SIGTERM stops every process cleanly (exit 0, not the 10 s forced exit).
    expect(await Promise.all([webA, webB, survivor, worker3].map((p) => p.stop()))).toEqual([0, 0, 0, 0])
  }, 400_000)
})
