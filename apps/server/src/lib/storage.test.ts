import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, type TestS3Server } from '../../../../test/s3-server'
import { createS3Storage } from './s3-storage'
import { byteRange } from './send-file'
import { createLocalStorage, StoredFileMissing, type Storage } from './storage'

const MiB = 1024 * 1024
let work: string
let demoDir: string
let s3: TestS3Server

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-storage-'))
  demoDir = path.join(work, 'demo')
  mkdirSync(demoDir)
  writeFileSync(path.join(demoDir, 'welcome.mp3'), 'demo bytes')
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

interface Variant {
  storage: Storage
  /** Every file the backend holds for this storage, whatever its name: where a partial would show. */
  backendFiles(): string[]
}

let dirs = 0
const variants: Array<[string, () => Variant]> = [
  [
    'local disk',
    () => {
      const root = path.join(work, `root-${dirs++}`)
      const storage = createLocalStorage({ root, mounts: { '/demo/': demoDir } })
      return { storage, backendFiles: () => (existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : []) }
    },
  ],
  [
    'S3 (s3rver)',
    () => {
      const prefix = `p${dirs++}`
      // 5 MiB parts (the S3 minimum): a 12 MiB file is a 3-part multipart upload.
      const storage = createS3Storage({ ...s3.storage(prefix), tmpDir: path.join(work, `s3tmp-${prefix}`), mounts: { '/demo/': demoDir }, partSize: 5 * MiB, queueSize: 2 })
      const bucketDir = path.join(s3.directory, s3.bucket, prefix)
      return { storage, backendFiles: () => (existsSync(bucketDir) ? readdirSync(bucketDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : []) }
    },
  ],
]

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function listed(storage: Storage, prefix = '/'): Promise<string[]> {
  const out: string[] = []
  for await (const address of storage.list(prefix)) out.push(address)
  return out.sort()
}

/** A local file to put, with its bytes. */
function localFile(bytes: Buffer, name = `${randomBytes(4).toString('hex')}.bin`) {
  const file = path.join(work, name)
  writeFileSync(file, bytes)
  return file
}

describe.each(variants)('%s storage', (_name, make) => {
  let v: Variant
  let storage: Storage
  beforeAll(() => {
    v = make()
    storage = v.storage
  })

  it('puts a file (moving it in), then stats, reads and lists it', async () => {
    const bytes = randomBytes(300_000)
    const file = localFile(bytes)
    await storage.put(file, '/uploads/a.mp3')
    expect(existsSync(file)).toBe(false)
    expect((await storage.stat('/uploads/a.mp3'))?.size).toBe(bytes.length)
    expect(await bytesOf(await storage.read('/uploads/a.mp3'))).toEqual(bytes)
    expect(await listed(storage, '/uploads/')).toEqual(['/uploads/a.mp3'])
  })

  it('streams a multipart-sized file in and back out whole', async () => {
    const bytes = randomBytes(12 * MiB)
    await storage.put(localFile(bytes), '/uploads/big.wav')
    const back = await bytesOf(await storage.read('/uploads/big.wav'))
    expect(back.length).toBe(bytes.length)
    expect(back.equals(bytes)).toBe(true)
  })

  describe('ranged reads', () => {
    const bytes = randomBytes(10_000)
    beforeAll(async () => storage.put(localFile(bytes), '/ranges/r.bin'))
    const read = async (header: string) => {
      const range = byteRange(header, bytes.length)
      if (range === undefined || range === 'unsatisfiable') return range
      return bytesOf(await storage.read('/ranges/r.bin', range))
    }

    it('reads the start, the middle, a suffix and an open end', async () => {
      expect(await read('bytes=0-0')).toEqual(bytes.subarray(0, 1))
      expect(await read('bytes=0-99')).toEqual(bytes.subarray(0, 100))
      expect(await read('bytes=4000-5999')).toEqual(bytes.subarray(4000, 6000))
      expect(await read('bytes=-500')).toEqual(bytes.subarray(9500))
      expect(await read('bytes=9990-')).toEqual(bytes.subarray(9990))
    })

    it('clips a range past the end to the file, and refuses one that starts beyond it', async () => {
      expect(await read('bytes=9000-20000')).toEqual(bytes.subarray(9000))
      expect(await read('bytes=-20000')).toEqual(bytes)
      expect(await read('bytes=10000-')).toBe('unsatisfiable')
      expect(await read('bytes=12000-13000')).toBe('unsatisfiable')
      expect(await read('bytes=20-10')).toBe('unsatisfiable')
      // Not a single byte range: the whole file, as @fastify/send does.
      expect(await read('bytes=0-1,5-6')).toBeUndefined()
      expect(await read('items=0-1')).toBeUndefined()
    })
  })

  describe('all or nothing', () => {
    it('a put whose source is gone leaves no object, and the old one whole', async () => {
      const old = randomBytes(1000)
      await storage.put(localFile(old), '/aon/kept.bin')
      const before = v.backendFiles().length
      await expect(storage.put(path.join(work, 'no-such-file'), '/aon/kept.bin')).rejects.toThrow()
      await expect(storage.put(path.join(work, 'no-such-file'), '/aon/new.bin')).rejects.toThrow()
      expect(await bytesOf(await storage.read('/aon/kept.bin'))).toEqual(old)
      expect(await storage.stat('/aon/new.bin')).toBeUndefined()
      expect(await listed(storage, '/aon/')).toEqual(['/aon/kept.bin'])
      expect(v.backendFiles().length).toBe(before)
    })
  })

  it('deletes, and deleting what is missing is fine', async () => {
    await storage.put(localFile(Buffer.from('bye')), '/gone/x.txt')
    await storage.remove('/gone/x.txt')
    expect(await storage.stat('/gone/x.txt')).toBeUndefined()
    await expect(storage.read('/gone/x.txt')).rejects.toBeInstanceOf(StoredFileMissing)
    await expect(storage.remove('/gone/x.txt')).resolves.toBeUndefined()
    await expect(storage.remove('/never/was.txt')).resolves.toBeUndefined()
    expect(await listed(storage, '/gone/')).toEqual([])
  })

  it('lists by prefix, every address once, and nothing of the read-only mounts', async () => {
    for (const address of ['/list/a/1.mp3', '/list/a/2.mp3', '/list/b/3.jpg', '/listing.txt']) await storage.put(localFile(Buffer.from(address)), address)
    expect(await listed(storage, '/list/a/')).toEqual(['/list/a/1.mp3', '/list/a/2.mp3'])
    expect(await listed(storage, '/list/')).toEqual(['/list/a/1.mp3', '/list/a/2.mp3', '/list/b/3.jpg'])
    const all = await listed(storage)
    expect(all).toEqual(expect.arrayContaining(['/list/a/1.mp3', '/listing.txt', '/uploads/a.mp3']))
    expect(all.some((a) => a.startsWith('/demo/'))).toBe(false)
  })

  it('refuses every address that escapes, is not normal, or is read-only', async () => {
    const source = localFile(Buffer.from('x'))
    const bad = ['../etc/passwd', 'uploads/a.mp3', '/uploads/../../etc/passwd', '/uploads/../a.mp3', '/uploads/./a.mp3', '//host/a', '/a\\..\\b', '/a\0.mp3', '/uploads/', '/', '', '/demo/welcome.mp3', '/demo/new.mp3']
    for (const address of bad) {
      await expect(storage.put(source, address), address).rejects.toThrow(/not a writable storage address/)
      await expect(storage.remove(address), address).rejects.toThrow(/not a writable storage address/)
    }
    expect(existsSync(source)).toBe(true)
    for (const address of bad.filter((a) => !a.startsWith('/demo/'))) {
      expect(await storage.stat(address), address).toBeUndefined()
      await expect(storage.read(address), address).rejects.toBeInstanceOf(StoredFileMissing)
      await expect(storage.withLocalFile(address, async () => 'ran'), address).rejects.toBeInstanceOf(StoredFileMissing)
    }
    // Escapes out of the mount are refused too.
    expect(await storage.stat('/demo/../uploads/a.mp3')).toBeUndefined()
  })

  it('reads the read-only demo mount from local disk', async () => {
    expect((await storage.stat('/demo/welcome.mp3'))?.size).toBe(10)
    expect((await bytesOf(await storage.read('/demo/welcome.mp3', { start: 5, end: 9 }))).toString()).toBe('bytes')
    expect(await storage.withLocalFile('/demo/welcome.mp3', async (file) => readFileSync(file, 'utf8'))).toBe('demo bytes')
  })

  it('hands ffmpeg a local file with the stored bytes, and cleans up after it even when it fails', async () => {
    const bytes = randomBytes(50_000)
    await storage.put(localFile(bytes), '/frames/clip.mp4')
    let seen = ''
    const size = await storage.withLocalFile('/frames/clip.mp4', async (file) => {
      seen = file
      expect(path.extname(file)).toBe('.mp4')
      return readFileSync(file).length
    })
    expect(size).toBe(bytes.length)
    await expect(storage.withLocalFile('/frames/clip.mp4', async () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow('ffmpeg failed')
    // S3: the download is gone; local disk: it was the stored file itself, which stays.
    expect(existsSync(seen)).toBe(_name === 'local disk')
    expect((await storage.stat('/frames/clip.mp4'))?.size).toBe(bytes.length)
  })

  it('answers the readiness ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined()
  })
})

describe('S3 storage, all or nothing when the server fails', () => {
  let v: Variant
  let storage: Storage
  beforeAll(() => {
    v = variants[1]![1]()
    storage = v.storage
  })

  it('a multipart upload cut off mid-way leaves no object, no part, and the old object whole', async () => {
    const old = randomBytes(2000)
    await storage.put(localFile(old), '/aon/video.mp4')
    const before = v.backendFiles()
    const file = localFile(randomBytes(12 * MiB))
    // The server drops the connection on every try of part 2: parts 1 and 3 may have arrived.
    s3.failWhen = (req) => req.method === 'PUT' && /[?&]partNumber=2(&|$)/.test(req.url ?? '')
    const deletes = s3.requests.DELETE ?? 0
    try {
      await expect(storage.put(file, '/aon/video.mp4')).rejects.toThrow()
      await expect(storage.put(file, '/aon/other.mp4')).rejects.toThrow()
    } finally {
      s3.failWhen = undefined
    }
    // lib-storage asked to abort the uploads (s3rver keeps parts outside the bucket either way).
    expect((s3.requests.DELETE ?? 0) - deletes).toBeGreaterThanOrEqual(2)
    expect(existsSync(file)).toBe(true)
    expect(await bytesOf(await storage.read('/aon/video.mp4'))).toEqual(old)
    expect(await storage.stat('/aon/other.mp4')).toBeUndefined()
    expect(await listed(storage, '/aon/')).toEqual(['/aon/video.mp4'])
    expect(v.backendFiles()).toEqual(before)
  })
})

describe('S3 storage readiness', () => {
  it('fails the ping when the bucket is not there', async () => {
    const storage = createS3Storage({ ...s3.storage(), bucket: 'no-such-bucket', tmpDir: work })
    await expect(storage.ping()).rejects.toThrow()
  })
})

describe('local storage readiness', () => {
  it('fails the ping when the storage directory cannot be made', async () => {
    const blocker = path.join(work, 'a-file')
    writeFileSync(blocker, '')
    await expect(createLocalStorage({ root: path.join(blocker, 'storage') }).ping()).rejects.toThrow()
  })
})
