import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { makeEpisode } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'

/** A transcription job's PCM must not outlive a crash in the system temp dir. */
let t: TestApp
let me: TestUser
let host: FeedServer
let work: string

const systemTempDirs = () => new Set(readdirSync(os.tmpdir()).filter((n) => n.startsWith('lingocast-transcribe-') || n.startsWith('lingocast-sphinx-')))

beforeAll(async () => {
  t = await buildTestApp({ processRole: 'both', fetchAllowHosts: ['127.0.0.1'], jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 200 } })
  me = await createTestUser(t.db.database, 'listener@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-temp-dirs-'))
  host = await startFeedServer()
  // Half the file, then nothing: the job stays in the middle of its download.
  host.set('/slow.wav', { file: (await makeEpisode(work, 0.05)).file, type: 'audio/wav', hang: true })
}, 60_000)

afterAll(async () => {
  await host?.close()
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('transcription work directories', () => {
  it('are made under DATA_DIR/tmp, never in the system temp dir', async () => {
    expect(t.config.transcribeTmpDir).toBe(path.join(t.config.dataDir, 'tmp', 'transcribe'))
    const before = systemTempDirs()
    const address = `${host.url}/slow.wav`
    await createLibraryRepo(t.db.database.db).insert(me.id, { title: 'Slow', audio: address })
    const res = await t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', headers: me.auth, payload: { audio_url: address } })
    expect(res.statusCode).toBe(200)
    const dir = t.config.transcribeTmpDir
    await expect.poll(() => (existsSync(dir) ? readdirSync(dir).length : 0), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => readdirSync(path.join(dir, readdirSync(dir)[0]!)), { timeout: 10_000 }).toContain('media')
    expect([...systemTempDirs()].filter((n) => !before.has(n))).toEqual([])
  }, 60_000)

  it('left by a crash are removed at the next start; one in use (recently touched) is kept', async () => {
    const dir = t.config.transcribeTmpDir
    const crashed = path.join(dir, 'job-crashed')
    mkdirSync(crashed, { recursive: true })
    writeFileSync(path.join(crashed, 'audio.pcm'), Buffer.alloc(1 << 20))
    // Untouched for an hour, the folder and what is in it: a file written minutes ago would mean a job still at work.
    const hourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(path.join(crashed, 'audio.pcm'), hourAgo, hourAgo)
    utimesSync(crashed, hourAgo, hourAgo)
    const running = path.join(dir, 'job-running')
    mkdirSync(running, { recursive: true })

    const restarted = await buildTestApp({ transcribeTmpDir: dir })
    try {
      await expect.poll(() => existsSync(crashed), { timeout: 10_000 }).toBe(false)
      expect(existsSync(running)).toBe(true)
    } finally {
      await restarted.close()
    }
  }, 60_000)
})
