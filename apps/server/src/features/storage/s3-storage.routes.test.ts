import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { IMAGE_MSG, LIBRARY_MSG, TOKEN_COOKIE, type Article } from '@lingocast/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { makeAudio, makeVideo } from '../../../../../test/media'
import { multipart } from '../../../../../test/multipart'
import { startS3Server, type TestS3Server } from '../../../../../test/s3-server'
import { createTestUser, type TestUser } from '../../../../../test/users'

/**
 * The app with STORAGE_URL pointing at an S3-protocol server (s3rver on
 * loopback): uploads land in the bucket, and every route that serves or
 * reads a stored file works from there, for its owner only.
 */
let s3: TestS3Server
let t: TestApp
let alice: TestUser
let bob: TestUser
let work: string
let videoBytes: Buffer
let videoPath = ''
let audioPath = ''
let article: Article

const upload = async (u: TestUser, file: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/storage/api/upload_file', ...multipart([{ field: 'file', filename: path.basename(file), content: readFileSync(file) }], u.auth) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().storage_path as string
}
const get = (u: TestUser | undefined, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...u?.auth, ...headers } })
const proxy = (address: string) => `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(address)}`
/** Keys in the bucket under the app's prefix, as the S3 server holds them. */
const bucketKeys = async () => {
  const { ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3')
  const where = s3.storage('app')
  const client = new S3Client({ region: where.region, endpoint: where.endpoint, forcePathStyle: true, credentials: where.credentials })
  const page = await client.send(new ListObjectsV2Command({ Bucket: where.bucket, Prefix: 'app/' }))
  client.destroy()
  return (page.Contents ?? []).map((o) => o.Key!).sort()
}

beforeAll(async () => {
  s3 = await startS3Server()
  t = await buildTestApp({ storage: s3.storage('app'), processRole: 'both', jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 200 } })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-s3-routes-'))
  const video = await makeVideo(work, { name: 'Lecture.mp4', seconds: 3 })
  videoBytes = readFileSync(video)
  videoPath = await upload(alice, video)
  audioPath = await upload(alice, await makeAudio(work, 'tone.mp3', 2))
  const res = await t.app.inject({ method: 'POST', url: '/english_vocab/api/collect', headers: alice.auth, payload: { title: 'Lecture', video: videoPath } })
  expect(res.json(), res.body).toEqual({ success: true, msg: 'ok' })
  const collections = (await get(alice, '/english_vocab/api/word_collections')).json().collections as Article[]
  article = collections.find((a) => a.Video === videoPath)!
}, 120_000)

afterAll(async () => {
  await t?.close()
  await s3?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('with S3 storage', () => {
  it('stores uploads and the video thumbnail in the bucket, nothing on local disk', async () => {
    expect(await bucketKeys()).toEqual([`app${audioPath}`, `app${article.Thumbnail}`, `app${videoPath}`].sort())
    expect(article.Thumbnail).toBe(videoPath.replace(/\.mp4$/, '.jpg'))
    const local = existsSync(t.config.storageDir) ? readdirSync(t.config.storageDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : []
    expect(local).toEqual([])
  })

  it('media proxy: the whole file, then ranges with 206, a suffix, and 416 beyond the end, to its owner', async () => {
    const whole = await get(alice, proxy(videoPath))
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('video/mp4')
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.headers['x-content-type-options']).toBe('nosniff')
    expect(whole.headers.etag).toMatch(/^"[0-9a-f]+"$/)
    expect(whole.headers['last-modified']).toBeTruthy()
    expect(whole.rawPayload.equals(videoBytes)).toBe(true)

    const size = videoBytes.length
    const first = await get(alice, proxy(videoPath), { range: 'bytes=0-0' })
    expect(first.statusCode).toBe(206)
    expect(first.headers['content-range']).toBe(`bytes 0-0/${size}`)
    expect(first.rawPayload).toEqual(videoBytes.subarray(0, 1))

    const middle = await get(alice, proxy(videoPath), { range: 'bytes=1000-1999' })
    expect(middle.statusCode).toBe(206)
    expect(middle.headers['content-length']).toBe('1000')
    expect(middle.rawPayload).toEqual(videoBytes.subarray(1000, 2000))

    const suffix = await get(alice, proxy(videoPath), { range: 'bytes=-100' })
    expect(suffix.statusCode).toBe(206)
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`)
    expect(suffix.rawPayload).toEqual(videoBytes.subarray(size - 100))

    const beyond = await get(alice, proxy(videoPath), { range: `bytes=${size}-` })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`)

    // The <video> element sends the Token cookie, not a header.
    const cookie = await t.app.inject({ method: 'GET', url: proxy(videoPath), cookies: { [TOKEN_COOKIE]: alice.token }, headers: { range: 'bytes=10-19' } })
    expect(cookie.statusCode).toBe(206)
    expect(cookie.rawPayload).toEqual(videoBytes.subarray(10, 20))

    // A cached copy is still good: 304, no body.
    const again = await get(alice, proxy(videoPath), { 'if-none-match': String(whole.headers.etag) })
    expect(again.statusCode).toBe(304)
    // A stale If-Range gets the whole file, not a piece of another version.
    const stale = await get(alice, proxy(videoPath), { range: 'bytes=0-9', 'if-range': '"not-this-version"' })
    expect(stale.statusCode).toBe(200)
    expect(stale.rawPayload.length).toBe(size)
  })

  it('jump images, frame thumbnails and resized images come from the bucket', async () => {
    const jump = await get(alice, `/storage/api/jump${article.Thumbnail}`)
    expect(jump.statusCode).toBe(200)
    expect(jump.headers['content-type']).toBe('image/jpeg')
    expect((await sharp(jump.rawPayload).metadata()).format).toBe('jpeg')

    const frame = await get(alice, `/storage/api/thumbnail${videoPath}`)
    expect(frame.statusCode, frame.body).toBe(200)
    expect(frame.headers['content-type']).toBe('image/jpeg')
    expect((await sharp(frame.rawPayload).metadata()).format).toBe('jpeg')

    const resized = await get(alice, `/media-proxy/thumbnail-image?size=180&address=${encodeURIComponent(article.Thumbnail!)}`)
    expect(resized.statusCode, resized.body).toBe(200)
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 180 })

    // Audio has no frame: not found, as on local disk.
    expect((await get(alice, `/storage/api/thumbnail${audioPath}`)).statusCode).toBe(404)
  })

  it("another user reaches none of it, through any route", async () => {
    const tries = [
      [proxy(videoPath), LIBRARY_MSG.mediaNotFound],
      [`/storage/api/jump${article.Thumbnail}`, IMAGE_MSG.imageNotFound],
      [`/storage/api/jump${videoPath}`, IMAGE_MSG.imageNotFound],
      [`/storage/api/thumbnail${videoPath}`, IMAGE_MSG.imageNotFound],
      [`/media-proxy/thumbnail-image?size=180&address=${encodeURIComponent(article.Thumbnail!)}`, IMAGE_MSG.imageNotFound],
    ] as const
    for (const [url, msg] of tries) {
      const res = await get(bob, url, { range: 'bytes=0-9' })
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual({ success: false, msg })
    }
    expect((await get(bob, `/storage/api/mediainfo${videoPath}`)).statusCode).toBe(404)
    expect((await get(undefined, proxy(videoPath))).statusCode).toBe(401)
  })

  it('refuses addresses that try to leave storage, without asking the bucket', async () => {
    for (const address of ['/uploads/../../etc/passwd', '/uploads/%2e%2e/x', '/a\\b.mp4']) {
      const res = await get(alice, proxy(address))
      expect(res.statusCode, address).toBe(404)
    }
  })

  it('transcribes an upload read from the bucket', async () => {
    const status = async () => (await get(alice, `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(videoPath)}`)).json().transcription.status as string
    const deadline = Date.now() + 60_000
    while (!['done', 'failed'].includes(await status()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
    expect(await status()).toBe('done')
    // ffprobe and ffmpeg (thumbnail, transcription) had their downloads in the storage temp directory; none is left behind.
    const tmp = path.join(t.config.dataDir, 'tmp', 'storage')
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([])
  }, 90_000)

  it('is ready while the bucket answers', async () => {
    const res = await get(undefined, '/readyz')
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } })
  })
})

describe('with S3 storage whose bucket is missing', () => {
  it('is not ready, and says storage is what failed', async () => {
    const other = await buildTestApp({ storage: { ...s3.storage(), bucket: 'no-such-bucket' } })
    try {
      const res = await other.app.inject({ method: 'GET', url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ status: 'unready', checks: { database: 'ok', storage: 'failed' } })
    } finally {
      await other.close()
    }
  })
})
