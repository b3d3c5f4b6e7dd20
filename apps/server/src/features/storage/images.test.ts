import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { IMAGE_MSG, TOKEN_COOKIE } from '@lingocast/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { internalAddresses, OTHER_SCHEMES } from '../../../../../test/ssrf-matrix'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'

let t: TestApp
let alice: TestUser
let bob: TestUser
let imageHost: http.Server
let imageBase = ''
let victim: http.Server
let victimHits = 0
let victimPort = 0
let wide: Buffer

/** A few bytes whose PNG header claims width x height: a decompression bomb for a resizer that trusts it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const idat = zlib.deflateSync(Buffer.alloc(1024))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))])
}

const listen = (s: http.Server, host: string) => new Promise<number>((r) => s.listen(0, host, () => r((s.address() as { port: number }).port)))

beforeAll(async () => {
  wide = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#4f46e5' } }).png().toBuffer()
  const bomb = pngClaiming(50_000, 50_000)
  imageHost = http.createServer((req, res) => {
    if (req.url === '/cover.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(wide)
    if (req.url === '/bomb.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(bomb)
    if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>')
    res.writeHead(404).end()
  })
  imageBase = `http://127.0.0.2:${await listen(imageHost, '127.0.0.2')}`
  victim = http.createServer((_q, s) => {
    victimHits++
    s.end()
  })
  victimPort = await listen(victim, '127.0.0.1')

  t = await buildTestApp({ fetchAllowHosts: ['127.0.0.2'] })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  const storageDir = t.config.storageDir
  mkdirSync(path.join(storageDir, 'alice'), { recursive: true })
  writeFileSync(path.join(storageDir, 'alice', 'cover.png'), wide)
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10', '-pix_fmt', 'yuv420p', path.join(storageDir, 'alice', 'clip.mp4')])
  const repo = createLibraryRepo(t.db.database.db)
  await repo.insert(alice.id, { title: 'Clip', video: '/alice/clip.mp4', thumbnail: '/alice/cover.png' })
  await repo.insert(alice.id, { title: 'Gone', video: '/alice/missing.mp4' })
  // An audio file has no frame; a "video" that is a playlist naming another user's file must not lend it its frame.
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=2', path.join(storageDir, 'alice', 'talk.mp3')])
  mkdirSync(path.join(storageDir, 'bob'), { recursive: true })
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10', '-pix_fmt', 'yuv420p', path.join(storageDir, 'bob', 'secret.mp4')])
  writeFileSync(path.join(storageDir, 'alice', 'playlist.mp4'), `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${path.join(storageDir, 'bob', 'secret.mp4')}\n#EXT-X-ENDLIST\n`)
  await repo.insert(alice.id, { title: 'Talk', audio: '/alice/talk.mp3', video: '/alice/talk.mp3' })
  await repo.insert(alice.id, { title: 'Playlist', video: '/alice/playlist.mp4' })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await new Promise((r) => imageHost.close(r))
  await new Promise((r) => victim.close(r))
})

const get = (u: TestUser | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: u?.auth })
const thumb = (u: TestUser, address: string, size = 180) => get(u, `/media-proxy/thumbnail-image?size=${size}&address=${encodeURIComponent(address)}`)

describe('stored images', () => {
  it('serves a stored image of the library, also by Token cookie', async () => {
    const res = await get(alice, '/storage/api/jump/alice/cover.png')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.rawPayload.equals(wide)).toBe(true)
    const byCookie = await t.app.inject({ method: 'GET', url: '/storage/api/jump/alice/cover.png', cookies: { [TOKEN_COOKIE]: alice.token } })
    expect(byCookie.statusCode).toBe(200)
  })

  it('answers not found to another user and to paths that escape', async () => {
    for (const [user, url] of [
      [bob, '/storage/api/jump/alice/cover.png'],
      [alice, '/storage/api/jump/alice/../../package.json'],
      [alice, '/storage/api/jump/alice/%2e%2e/%2e%2e/package.json'],
      [alice, '/storage/api/jump/alice/other.png'],
    ] as const) {
      const res = await get(user, url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().success).toBe(false)
    }
  })
})

describe('video thumbnails', () => {
  it('grabs a frame of a stored video with ffmpeg and caches it', async () => {
    const first = await get(alice, '/storage/api/thumbnail/alice/clip.mp4')
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('image/jpeg')
    const meta = await sharp(first.rawPayload).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.width).toBe(480)
    const again = await get(alice, '/storage/api/thumbnail/alice/clip.mp4')
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it('answers not found, never a 5xx, for an audio file: it has no frame, and the console draws its placeholder', async () => {
    const res = await get(alice, '/storage/api/thumbnail/alice/talk.mp3')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: IMAGE_MSG.imageNotFound })
  })

  it("gives no frame of a stored playlist, so never one of the file it names (another user's video)", async () => {
    const res = await get(alice, '/storage/api/thumbnail/alice/playlist.mp4')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).not.toMatch(/image/)
  })

  it('answers not found for a missing video and for another user', async () => {
    expect((await get(alice, '/storage/api/thumbnail/alice/missing.mp4')).json()).toEqual({ success: false, msg: IMAGE_MSG.imageNotFound })
    expect((await get(bob, '/storage/api/thumbnail/alice/clip.mp4')).statusCode).toBe(404)
  })
})

describe('thumbnail proxy', () => {
  it('resizes a remote image to fit the size, as WebP', async () => {
    const res = await thumb(alice, `${imageBase}/cover.png`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    const meta = await sharp(res.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([180, 90])
  })

  it('resizes a stored image of the library, not another user', async () => {
    expect((await thumb(alice, '/alice/cover.png', 64)).statusCode).toBe(200)
    expect((await thumb(bob, '/alice/cover.png', 64)).statusCode).toBe(404)
  })

  it('refuses what is not an image, decompression bombs and bad sizes', async () => {
    const html = await thumb(alice, `${imageBase}/page.html`)
    expect(html.statusCode).toBe(400)
    expect(html.json().msg).toMatch(/^The address did not return an image/)
    const bomb = await thumb(alice, `${imageBase}/bomb.png`)
    expect(bomb.statusCode).toBe(400)
    expect(bomb.json().msg).toContain('pixel limit')
    expect((await thumb(alice, `${imageBase}/missing.png`)).statusCode).toBe(502)
    expect((await thumb(alice, `${imageBase}/cover.png`, 5000)).json()).toEqual({ success: false, msg: 'size must be 32 to 1024' })
  })

  it('refuses the SSRF matrix without reaching the listener', async () => {
    for (const address of [...internalAddresses(victimPort, '/a.png'), ...OTHER_SCHEMES, `${imageBase}/redirect-not-served`]) {
      const res = await thumb(alice, address)
      expect(res.json().success, address).toBe(false)
    }
    expect(victimHits).toBe(0)
  })

  it('needs a token', async () => {
    expect((await get(undefined, `/media-proxy/thumbnail-image?size=180&address=${encodeURIComponent(`${imageBase}/cover.png`)}`)).statusCode).toBe(401)
  })
})
