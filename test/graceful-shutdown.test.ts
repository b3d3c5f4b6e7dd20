import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TranscriptionStatus } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createJobsRepo } from '../apps/server/src/features/jobs/jobs.repo'
import { createLibraryRepo } from '../apps/server/src/features/library/library.repo'
import { createTranscriptsRepo } from '../apps/server/src/features/media/transcripts.repo'
import { transcribeKey } from '../apps/server/src/features/transcription/transcription.service'
import { createTestDatabase, type TestDatabase } from './db'
import { startServerProcess, type ServerProcess } from './server-process'
import { makeEpisode } from './speech'
import { createTestUser } from './users'

const ADDRESS = '/uploads/graceful.wav'
const SLOW_BYTES = Buffer.alloc(64 * 1024, 7)
let db: TestDatabase
let server: ServerProcess | undefined
let upstream: http.Server | undefined
let work: string | undefined

afterAll(async () => {
  server?.proc.kill('SIGKILL')
  upstream?.closeAllConnections()
  upstream?.close()
  await db?.drop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('SIGTERM', () => {
  it('hands the running job back at once and finishes the request in flight', async () => {
    db = await createTestDatabase()
    work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-graceful-'))
    // A media host that takes its time: the request through the media proxy is in flight at the signal.
    let seen!: () => void
    const requested = new Promise<void>((resolve) => (seen = resolve))
    upstream = http.createServer((_req, res) => {
      seen()
      setTimeout(() => res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(SLOW_BYTES.length) }).end(SLOW_BYTES), 1500)
    })
    await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve))
    const slowUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/slow.mp3`

    const episode = await makeEpisode(work, 2)
    const storage = path.join(db.env.DATA_DIR, 'storage')
    mkdirSync(path.join(storage, 'uploads'), { recursive: true })
    cpSync(episode.file, path.join(storage, ADDRESS))
    const user = await createTestUser(db.database, 'graceful@example.com')
    const library = createLibraryRepo(db.database.db)
    await library.insert(user.id, { title: 'Graceful', audio: ADDRESS })
    await library.insert(user.id, { title: 'Slow host', audio: slowUrl })
    await createTranscriptsRepo(db.database.db).ensurePending(ADDRESS, episode.cues, 'publisher')
    const jobId = await createJobsRepo(db.database.db).enqueue('transcribe', { address: ADDRESS }, { dedupeKey: transcribeKey(ADDRESS) })
    // Embedded mode: the process takes DATA_DIR's lock, so the test lets go of the database until it has stopped.
    await db.database.close()

    // A lease far longer than the test: a job handed back at once is not one waiting for its lease to run out.
    server = await startServerProcess({ ...db.env, JOB_LEASE_SECONDS: '600', FETCH_ALLOW_HOSTS: '127.0.0.1' })
    const status = async () => {
      const res = await fetch(`${server!.url}/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(ADDRESS)}`, { headers: user.auth })
      return ((await res.json()) as { transcription: TranscriptionStatus }).transcription
    }
    await expect.poll(async () => (await status()).progress, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0)
    expect((await status()).status).toBe('running')

    const inFlight = fetch(`${server.url}/media-proxy/proxy_media?resource_addr=${encodeURIComponent(slowUrl)}`, { headers: user.auth })
    await requested
    const signalled = Date.now()
    const stopping = server
    const exited = stopping.stop()

    const res = await inFlight
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(SLOW_BYTES)).toBe(true)
    // 0, not the forced exit (1) that main.ts takes after 10 s.
    expect(await exited, stopping.output().split('\n').slice(-15).join('\n')).toBe(0)
    const stoppedMs = Date.now() - signalled
    server = undefined

    db.database = await db.reopen()
    const job = (await db.database.db.execute<{ status: string; locked_by: string | null; locked_until: Date | null; attempts: number }>(sql`select status, locked_by, locked_until, attempts from jobs where id = ${jobId}`)).rows[0]
    // Queued again, free for any worker now, and the interrupted try is not counted against it.
    expect(job).toEqual({ status: 'queued', locked_by: null, locked_until: null, attempts: 0 })
    expect(stoppedMs).toBeLessThan(10_000)
    // What was stored before the signal stays: the next worker resumes after it.
    const transcript = (await db.database.db.execute<{ chunks_done: number[] }>(sql`select chunks_done from media_transcripts where media_address = ${ADDRESS}`)).rows[0]
    expect(transcript!.chunks_done.length).toBeGreaterThan(0)
  }, 180_000)
})

describe('SIGTERM during a media stream the player stopped reading', () => {
  it('cuts the stream after a few seconds and exits cleanly, not by the 10 s forced exit', async () => {
    const streamDb = await createTestDatabase()
    // A live stream: bytes for as long as someone reads them.
    const live = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' })
      const chunk = Buffer.alloc(256 * 1024, 3)
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return
        res.once('drain', pump)
      }
      pump()
    })
    await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve))
    const liveUrl = `http://127.0.0.1:${(live.address() as AddressInfo).port}/live.mp3`
    const user = await createTestUser(streamDb.database, 'stream@example.com')
    await createLibraryRepo(streamDb.database.db).insert(user.id, { title: 'Live', audio: liveUrl })
    await streamDb.database.close()
    const process = await startServerProcess({ ...streamDb.env, FETCH_ALLOW_HOSTS: '127.0.0.1' })
    try {
      const res = await fetch(`${process.url}/media-proxy/proxy_media?resource_addr=${encodeURIComponent(liveUrl)}`, { headers: user.auth })
      expect(res.status).toBe(200)
      // The player has buffered enough: it read a little and reads no more.
      await res.body!.getReader().read()
      const signalled = Date.now()
      expect(await process.stop(), process.output().split('\n').slice(-15).join('\n')).toBe(0)
      expect(Date.now() - signalled).toBeLessThan(10_000)
    } finally {
      process.proc.kill('SIGKILL')
      live.closeAllConnections()
      live.close()
      await streamDb.drop()
    }
  }, 120_000)
})
