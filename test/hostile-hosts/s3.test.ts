import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createS3Storage } from '../../apps/server/src/lib/s3-storage'
import { ARRIVES_WHOLE, BEHAVIOURS, startHostileHost, type HostileHost } from '../hostile-host'

/**
 * Object storage (STORAGE_URL) against every way an S3-compatible host misbehaves: a read streamed to
 * the learner and a read into a local file for ffmpeg either give the object's bytes or fail, within
 * seconds, and never take the process down.
 */

const object = randomBytes(200 * 1024)
const KEY = '/files/alice/episode.mp3'
let host: HostileHost
let tmp = ''

beforeAll(async () => {
  host = await startHostileHost({
    trickleMs: 300,
    content: (p, req) => (req.method === 'GET' && p.startsWith('/bucket/files/alice/episode.mp3') ? { type: 'audio/mpeg', body: object } : undefined),
  })
  tmp = mkdtempSync(path.join(os.tmpdir(), 'hostile-s3-'))
})
afterAll(async () => {
  await host?.close()
  rmSync(tmp, { recursive: true, force: true })
})

const storageAt = (b: string) =>
  createS3Storage({
    bucket: 'bucket',
    prefix: '',
    endpoint: `${host.url}/${b}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    tmpDir: tmp,
    maxObjectBytes: 64 * 1024 * 1024,
    timeouts: { headersMs: 1000, idleMs: 1000, lowSpeed: { bytesPerSecond: 1024, windowMs: 1500 } },
  })

/** The stream's bytes, as a learner's player takes them: it lets go after 4 MB or 5 s (an endless or trickled body is no episode). */
async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  const patience = setTimeout(() => stream.destroy(new Error('no episode after 5 s: the player lets go')), 5000)
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer)
      size += (chunk as Buffer).length
      if (size > 4 * 1024 * 1024) {
        stream.destroy()
        throw new Error('more than 4 MB: the player lets go')
      }
    }
  } finally {
    clearTimeout(patience)
  }
  return Buffer.concat(chunks)
}

describe('an S3-compatible host that misbehaves', () => {
  it.each(BEHAVIOURS)('%s: a streamed read and a read into a file', async (b) => {
    const storage = storageAt(b)
    const started = Date.now()
    try {
      const [streamed, copied] = await Promise.allSettled([storage.read(KEY).then(drain), storage.withLocalFile(KEY, async (file) => readFileSync(file))])
      const bytes = (r: PromiseSettledResult<Buffer>) => (r.status === 'fulfilled' ? r.value : undefined)
      if (ARRIVES_WHOLE.has(b)) {
        expect(bytes(streamed)?.equals(object)).toBe(true)
        // S3 always says how long an object is: a copy of one that does not is refused, never written without end.
        if (b === 'http10-close') expect(copied.status === 'rejected' && String(copied.reason)).toMatch(/without its length/)
        else expect(bytes(copied)?.equals(object)).toBe(true)
      } else if (b === 'length-shorter') {
        // What the host announced is what the SDK reads.
        expect(bytes(streamed)?.length).toBe(object.length - Math.ceil(object.length / 3))
        expect(copied.status).toBe('fulfilled')
      } else if (b === 'gzip-bomb') {
        // Never inflated: the compressed bytes are what the bucket holds in the SDK's eyes.
        expect(bytes(streamed)!.length).toBeLessThan(4 * 1024 * 1024)
        expect(bytes(copied)!.length).toBeLessThan(4 * 1024 * 1024)
      } else {
        expect(streamed.status).toBe('rejected')
        expect(copied.status).toBe('rejected')
      }
      expect(Date.now() - started).toBeLessThan(15_000)
    } finally {
      storage.client.destroy()
    }
  })
})
