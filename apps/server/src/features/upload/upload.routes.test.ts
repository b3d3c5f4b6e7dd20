import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { MSG, UPLOAD_MSG, type Article } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { makeAudio, makeVideo } from '../../../../../test/media'
import { multipart, type FilePart } from '../../../../../test/multipart'
import { windows1252 } from '../../../../../test/legacy-feed'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createTranscriptsRepo } from '../media/transcripts.repo'

const LIMIT = 512 * 1024
let t: TestApp
let alice: TestUser
let bob: TestUser
let work: string
let video: string

beforeAll(async () => {
  t = await buildTestApp({ uploadMaxBytes: LIMIT })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-upload-'))
  video = await makeVideo(work, { name: 'My Lecture.mp4' })
  // The first listing seeds the demo article: done now, so collected articles are the newest.
  await library(alice)
})
afterAll(async () => {
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const upload = (u: TestUser | undefined, parts: FilePart[]) =>
  t.app.inject({ method: 'POST', url: '/storage/api/upload_file', ...multipart(parts, u?.auth ?? {}) })
const uploadFile = (u: TestUser, file: string, filename = path.basename(file)) => upload(u, [{ field: 'file', filename, content: readFileSync(file) }])
const mediaInfo = (u: TestUser, storagePath: string) => t.app.inject({ method: 'GET', url: `/storage/api/mediainfo${storagePath}`, headers: u.auth })
const collect = (u: TestUser, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/english_vocab/api/collect', headers: u.auth, payload: body })
const library = async (u: TestUser): Promise<Article[]> =>
  (await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: u.auth })).json().collections

/** Every file under storage and the temporary upload folder: what a refused upload must not leave. */
const filesOnDisk = () => [t.config.storageDir, t.config.uploadTmpDir].flatMap((dir) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : []))

async function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, msg: string, before: string[]) {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toEqual({ success: false, msg })
  expect(filesOnDisk()).toEqual(before)
}

describe('upload_file', () => {
  it('stores a video under a name of its own, decided by content, and reports its media info', async () => {
    const res = await uploadFile(alice, video)
    expect(res.statusCode, res.body).toBe(200)
    const { storage_path } = res.json()
    expect(res.json()).toEqual({ success: true, storage_path: expect.stringMatching(/^\/uploads\/[0-9a-z]{16}\.mp4$/), msg: 'ok' })
    expect(readFileSync(path.join(t.config.storageDir, storage_path))).toEqual(readFileSync(video))
    expect(readdirSync(t.config.uploadTmpDir)).toEqual([])

    const info = await mediaInfo(alice, storage_path)
    expect(info.json()).toEqual({ success: true, media_info: { title: 'My Lecture', format: 'mp4', duration: expect.closeTo(4, 0) as number, width: 320, height: 240 }, msg: 'ok' })
  })

  it('takes the title from the media tags when there is one', async () => {
    const tagged = await makeVideo(work, { name: 'x.mp4', title: 'Café talk — part 1', seconds: 2 })
    const { storage_path } = (await uploadFile(alice, tagged)).json()
    expect((await mediaInfo(alice, storage_path)).json().media_info.title).toBe('Café talk — part 1')
  })

  it.each(['wav', 'mp3', 'ogg', 'flac', 'm4a'])('stores %s audio as audio, without a picture size', async (ext) => {
    const file = await makeAudio(work, `tone.${ext}`)
    const res = await uploadFile(alice, file)
    expect(res.statusCode, res.body).toBe(200)
    const { storage_path } = res.json()
    expect(storage_path).toMatch(new RegExp(`^/uploads/[0-9a-z]{16}\\.${ext}$`))
    expect((await mediaInfo(alice, storage_path)).json().media_info).toMatchObject({ title: 'tone', format: ext, width: null, height: null })
  })

  it('names the stored file by what it is, not by what the uploader called it', async () => {
    const wav = await makeAudio(work, 'really.wav')
    const res = await upload(alice, [{ field: 'file', filename: 'song.mp4', content: readFileSync(wav) }])
    expect(res.json().storage_path).toMatch(/\.wav$/)
  })

  it('refuses a text file renamed .mp4, leaving nothing behind', async () => {
    const before = filesOnDisk()
    const res = await upload(alice, [{ field: 'file', filename: 'notes.mp4', content: 'Just some notes, not a video.\n'.repeat(50), type: 'video/mp4' }])
    await expectRefused(res, 400, UPLOAD_MSG.unsupportedType, before)
  })

  it('refuses an image: media means audio or video', async () => {
    const before = filesOnDisk()
    const png = path.join(work, 'frame.png')
    const { execFileSync } = await import('node:child_process')
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x64:duration=1', '-frames:v', '1', png])
    await expectRefused(await upload(alice, [{ field: 'file', filename: 'frame.mp4', content: readFileSync(png) }]), 400, UPLOAD_MSG.unsupportedType, before)
  })

  it('refuses a 0-byte file', async () => {
    const before = filesOnDisk()
    await expectRefused(await upload(alice, [{ field: 'file', filename: 'empty.mp4', content: '' }]), 400, UPLOAD_MSG.emptyFile, before)
  })

  it('refuses truncated files, whether the header is lost or the data runs short', async () => {
    const before = filesOnDisk()
    const indexLast = readFileSync(video)
    const indexFirst = readFileSync(await makeVideo(work, { name: 'fast.mp4', faststart: true }))
    const half = (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))
    await expectRefused(await upload(alice, [{ field: 'file', filename: 'a.mp4', content: half(indexLast) }]), 400, UPLOAD_MSG.unsupportedType, before)
    await expectRefused(await upload(alice, [{ field: 'file', filename: 'b.mp4', content: half(indexFirst) }]), 400, UPLOAD_MSG.damaged, before)
    const mp3 = readFileSync(await makeAudio(work, 'long.mp3', 8))
    await expectRefused(await upload(alice, [{ field: 'file', filename: 'c.mp3', content: half(mp3) }]), 400, UPLOAD_MSG.damaged, before)
  })

  it('answers 413 above the size limit with nothing left on disk, and closes the connection', async () => {
    const before = filesOnDisk()
    const res = await upload(alice, [{ field: 'file', filename: 'big.wav', content: Buffer.alloc(LIMIT + 1) }])
    await expectRefused(res, 413, UPLOAD_MSG.tooLarge(0.5), before)
    expect(res.headers.connection).toBe('close')
    // Declared too big up front: refused before reading.
    const huge = await upload(alice, [{ field: 'file', filename: 'huge.wav', content: Buffer.alloc(LIMIT + 7 * 1024 * 1024) }])
    await expectRefused(huge, 413, UPLOAD_MSG.tooLarge(0.5), before)
  })

  it('says so when no file was sent', async () => {
    const other = await upload(alice, [{ field: 'something', filename: 'a.mp4', content: readFileSync(video) }])
    expect(other.statusCode).toBe(400)
    expect(other.json()).toEqual({ success: false, msg: UPLOAD_MSG.noFile })
    const json = await t.app.inject({ method: 'POST', url: '/storage/api/upload_file', headers: alice.auth, payload: { file: 'x' } })
    expect(json.json()).toEqual({ success: false, msg: UPLOAD_MSG.noFile })
  })

  it('needs a token, and stores nothing without one', async () => {
    const before = filesOnDisk()
    await expectRefused(await upload(undefined, [{ field: 'file', filename: 'a.mp4', content: readFileSync(video) }]), 401, MSG.tokenNotFound, before)
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/storage/api/mediainfo/uploads/x.mp4' }),
      await t.app.inject({ method: 'POST', url: '/english_vocab/api/collect', payload: { title: 'x', video: '/uploads/x.mp4' } }),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, msg: MSG.tokenNotFound })
    }
  })

  it('deletes the partial file when the client goes away mid-upload', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const before = filesOnDisk()
    const { headers, payload } = multipart([{ field: 'file', filename: 'cut.wav', content: Buffer.alloc(LIMIT - 1024) }], alice.auth)
    const req = httpRequest(`${address}/storage/api/upload_file`, { method: 'POST', headers: { ...headers, 'content-length': String(payload.length) } })
    req.on('error', () => undefined)
    req.write(payload.subarray(0, payload.length / 2))
    // Wait until the server has the temporary file open, then vanish.
    await expect.poll(() => readdirSync(t.config.uploadTmpDir).length, { timeout: 10_000 }).toBe(1)
    req.destroy()
    await expect.poll(() => filesOnDisk(), { timeout: 10_000 }).toEqual(before)
  })
})

describe('an uploaded subtitle', () => {
  it('becomes the known text of the transcript when the media is collected', async () => {
    const srt = '1\n00:00:00,000 --> 00:00:02,000\nHello there.\n\n2\n00:00:02,000 --> 00:00:04,000\nThis is a <i>test</i>.\n'
    const res = await upload(alice, [
      { field: 'subtitle', filename: 'lecture.srt', content: srt },
      { field: 'file', filename: 'lecture.mp4', content: readFileSync(video) },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const { storage_path } = res.json()
    expect((await collect(alice, { title: 'With subtitles', video: storage_path })).statusCode).toBe(200)
    const state = await createTranscriptsRepo(t.db.database.db).state(storage_path)
    expect(state).toMatchObject({ status: 'pending', source: 'upload' })
    expect(state?.cues).toEqual([
      { start: 0, end: 2000, text: 'Hello there.' },
      { start: 2000, end: 4000, text: 'This is a test.' },
    ])
  })

  it('is read in its legacy charset when large (decoded on the worker pool), every cue with its characters', async () => {
    // A Windows editor's SRT of 600 cues, about 40 KB: typographic characters as Windows-1252 bytes, no BOM.
    const cues = Array.from({ length: 600 }, (_, i) => ({ start: i * 1000, end: i * 1000 + 900, text: `“Déjà vu” – it’s 5 € at the café, cue ${i + 1}` }))
    const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',')
    const srt = cues.map((c, i) => `${i + 1}\r\n${stamp(c.start)} --> ${stamp(c.end)}\r\n${c.text}\r\n`).join('\r\n')
    const res = await upload(alice, [
      { field: 'subtitle', filename: 'long.srt', content: windows1252(srt) },
      { field: 'file', filename: 'long.mp4', content: readFileSync(video) },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const { storage_path } = res.json()
    expect((await collect(alice, { title: 'With a long subtitle', video: storage_path })).statusCode).toBe(200)
    expect((await createTranscriptsRepo(t.db.database.db).state(storage_path))?.cues).toEqual(cues)
  })

  it('must be .srt or .vtt with a timed cue; otherwise nothing is stored', async () => {
    const before = filesOnDisk()
    for (const subtitle of [
      { field: 'subtitle', filename: 'notes.txt', content: 'Hello there.' },
      { field: 'subtitle', filename: 'empty.vtt', content: 'WEBVTT\n\n' },
    ]) {
      await expectRefused(await upload(alice, [{ field: 'file', filename: 'a.mp4', content: readFileSync(video) }, subtitle]), 400, UPLOAD_MSG.badSubtitle, before)
    }
  })
})

describe('collect', () => {
  it('saves an uploaded video as an article with its duration and a thumbnail, and queues its transcript', async () => {
    const { storage_path } = (await uploadFile(alice, video)).json()
    const res = await collect(alice, { title: '  My first lecture  ', url: '', audio: '', video: storage_path, text: '', plainText: '', contentType: 'video/mp4' })
    expect(res.json(), res.body).toEqual({ success: true, msg: 'ok' })
    const [article] = await library(alice)
    expect(article).toMatchObject({ Title: 'My first lecture', Video: storage_path, Audio: null, Duration: expect.closeTo(4, 0) as number })
    expect(article!.Thumbnail).toBe(storage_path.replace(/\.mp4$/, '.jpg'))
    const thumb = await t.app.inject({ method: 'GET', url: `/storage/api/jump${article!.Thumbnail}`, headers: alice.auth })
    expect(thumb.statusCode).toBe(200)
    expect(thumb.headers['content-type']).toBe('image/jpeg')
    expect(statSync(path.join(t.config.storageDir, article!.Thumbnail!)).size).toBeGreaterThan(1000)
    const status = await t.app.inject({ method: 'GET', url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(storage_path)}`, headers: alice.auth })
    expect(status.json().transcription.status).toBe('pending')
    // The media plays through the proxy for its owner.
    const media = await t.app.inject({ method: 'GET', url: `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(storage_path)}`, headers: { ...alice.auth, range: 'bytes=0-99' } })
    expect(media.statusCode).toBe(206)
  })

  it('puts audio where audio goes, whichever field the caller used', async () => {
    const { storage_path } = (await uploadFile(alice, await makeAudio(work, 'memo.mp3'))).json()
    expect((await collect(alice, { title: 'Voice memo', video: storage_path })).statusCode).toBe(200)
    const [article] = await library(alice)
    expect(article).toMatchObject({ Title: 'Voice memo', Audio: storage_path, Video: null, Thumbnail: null })
  })

  it('refuses a blank title, missing media and addresses that are neither uploads nor http(s)', async () => {
    const { storage_path } = (await uploadFile(alice, video)).json()
    const count = (await library(alice)).length
    for (const [body, msg] of [
      [{ title: '   ', video: storage_path }, UPLOAD_MSG.titleRequired],
      [{ video: storage_path }, UPLOAD_MSG.titleRequired],
      [{ title: 'No media' }, UPLOAD_MSG.mediaRequired],
      [{ title: 'Bad', video: 'file:///etc/passwd' }, UPLOAD_MSG.badAddress],
      [{ title: 'Missing', video: '/uploads/doesnotexist0000.mp4' }, UPLOAD_MSG.fileNotFound],
    ] as const) {
      const res = await collect(alice, body)
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect(await library(alice)).toHaveLength(count)
  })
})

describe("another user's upload", () => {
  it('is not found for media info or collect, and nothing is saved', async () => {
    const { storage_path } = (await uploadFile(alice, video)).json()
    await library(bob)
    const bobsBefore = await library(bob)
    for (const res of [await mediaInfo(bob, storage_path), await collect(bob, { title: 'Stolen', video: storage_path }), await collect(bob, { title: 'Stolen', audio: storage_path })]) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg: UPLOAD_MSG.fileNotFound })
    }
    expect(await library(bob)).toEqual(bobsBefore)
    expect((await mediaInfo(alice, storage_path)).statusCode).toBe(200)
    // Nor can a path trick reach it.
    expect((await mediaInfo(bob, `/uploads/../${storage_path}`)).statusCode).toBe(404)
  })
})
