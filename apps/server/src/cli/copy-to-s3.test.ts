import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, type TestS3Server } from '../../../../test/s3-server'
import { createS3Storage } from '../lib/s3-storage'

const repoRoot = path.resolve(import.meta.dirname, '../../../..')
let s3: TestS3Server
let dataDir: string
const files: Record<string, Buffer> = {
  '/uploads/a.mp4': randomBytes(12 * 1024 * 1024),
  '/uploads/a.jpg': randomBytes(20_000),
  '/clips/7/b.mp3': randomBytes(3000),
}

/** The real command, as `npm run storage:copy-to-s3` runs it. */
function copyCommand(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/copy-to-s3.ts'], { cwd: repoRoot, env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env }, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

const inBucket = async (address: string) => {
  const storage = createS3Storage({ ...s3.storage('lib'), tmpDir: path.join(dataDir, 'tmp') })
  const chunks: Buffer[] = []
  for await (const chunk of await storage.read(address)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

beforeAll(async () => {
  s3 = await startS3Server()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-copy-s3-'))
  for (const [address, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dataDir, 'storage', address)), { recursive: true })
    writeFileSync(path.join(dataDir, 'storage', address), bytes)
  }
  // Left by a put across disks that was cut off: no stored file, never copied.
  writeFileSync(path.join(dataDir, 'storage', 'uploads', 'c.mp4.123.partial'), 'half')
})
afterAll(async () => {
  await s3?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('npm run storage:copy-to-s3', () => {
  it('copies every stored file into the bucket, byte for byte, and leaves the data dir as it was', async () => {
    const run = await copyCommand(s3.env('lib'))
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('3 copied, 0 already there, 0 failed')
    for (const [address, bytes] of Object.entries(files)) {
      expect((await inBucket(address)).equals(bytes), address).toBe(true)
      expect(readFileSync(path.join(dataDir, 'storage', address)).equals(bytes)).toBe(true)
    }
    await expect(inBucket('/uploads/c.mp4.123.partial')).rejects.toThrow()
    expect(existsSync(path.join(dataDir, 'tmp', 'storage-copy')) ? (await import('node:fs')).readdirSync(path.join(dataDir, 'tmp', 'storage-copy')) : []).toEqual([])
  })

  it('run again, copies only what is new or of another size', async () => {
    const again = await copyCommand(s3.env('lib'))
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('0 copied, 3 already there, 0 failed')

    files['/uploads/a.jpg'] = randomBytes(25_000)
    files['/uploads/new.wav'] = randomBytes(500)
    writeFileSync(path.join(dataDir, 'storage', 'uploads', 'a.jpg'), files['/uploads/a.jpg'])
    writeFileSync(path.join(dataDir, 'storage', 'uploads', 'new.wav'), files['/uploads/new.wav'])
    const third = await copyCommand(s3.env('lib'))
    expect(third.code, third.stderr).toBe(0)
    expect(third.stdout).toContain('2 copied, 2 already there, 0 failed')
    expect((await inBucket('/uploads/a.jpg')).equals(files['/uploads/a.jpg']!)).toBe(true)
    expect((await inBucket('/uploads/new.wav')).equals(files['/uploads/new.wav']!)).toBe(true)
  })

  it('fails with a non-zero exit code when the bucket is not there', async () => {
    const env = s3.env('lib')
    const run = await copyCommand({ ...env, STORAGE_URL: env.STORAGE_URL!.replace(`s3://${s3.bucket}/`, 's3://no-such-bucket/') })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('Copy failed')
  })

  it('fails when a file cannot be copied, and says which', async () => {
    // The server drops every upload: each file fails, the run says so and exits 1.
    files['/uploads/late.mp3'] = randomBytes(700)
    writeFileSync(path.join(dataDir, 'storage', 'uploads', 'late.mp3'), files['/uploads/late.mp3'])
    s3.failWhen = (req) => req.method === 'PUT'
    try {
      const run = await copyCommand(s3.env('lib'))
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('0 copied, 4 already there, 1 failed')
      expect(run.stderr).toContain('/uploads/late.mp3')
    } finally {
      s3.failWhen = undefined
    }
  })

  it('without STORAGE_URL, says how to run it and copies nothing', async () => {
    const run = await copyCommand({})
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Usage: STORAGE_URL=s3://')
  })
})
