import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, form, type TestApp } from '../../../../test/app'
import { createTestUser, type TestUser } from '../../../../test/users'
import { createLibraryRepo } from '../features/library/library.repo'
import { JSON_COMPRESSION_THRESHOLD } from './json-compression'

const DEMO = '/demo/sense-and-sensibility.mp3'
const SEGMENTS = `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(DEMO)}`

let t: TestApp
let alice: TestUser
let article: { id: number; hashId: string }

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  // The first library read gives a new learner the demo article and its transcript.
  await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: alice.auth })
  article = await createLibraryRepo(t.db.database.db).insert(alice.id, { title: 'Sense and Sensibility' })
})
afterAll(async () => t?.close())

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...alice.auth, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } })

describe('JSON answers over the threshold', () => {
  it('sends the transcript brotli or gzip when asked, the same JSON once decoded, and plain when not asked', async () => {
    const plain = await get(SEGMENTS)
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json().segments).toHaveLength(5)
    expect(plain.rawPayload.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD)

    for (const [asked, sent, decode] of [
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      // What Chromium sends: brotli is preferred.
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await get(SEGMENTS, asked)
      expect(res.statusCode, asked).toBe(200)
      expect(res.headers['content-encoding'], asked).toBe(sent)
      expect(res.headers.vary, asked).toMatch(/accept-encoding/i)
      expect(Number(res.headers['content-length']), asked).toBe(res.rawPayload.length)
      expect(res.rawPayload.length, asked).toBeLessThan(plain.rawPayload.length / 2)
      expect(JSON.parse(decode(res.rawPayload).toString('utf8')), asked).toEqual(plain.json())
    }

    for (const asked of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get(SEGMENTS, asked)
      expect(res.headers['content-encoding'], asked).toBeUndefined()
      expect(res.json(), asked).toEqual(plain.json())
    }
  })
})

describe('a kept answer (the library list: the same bytes on every read)', () => {
  it('is sent brotli and gzip alike on every read, each decoding to the list as it is now, also after a change', async () => {
    const repo = createLibraryRepo(t.db.database.db)
    for (let i = 0; i < 15; i++) await repo.insert(alice.id, { title: `Kept answer ${i}` })
    const LIST = '/english_vocab/api/word_collections'
    const check = async () => {
      const plain = await get(LIST)
      for (const [asked, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync], ['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
        const res = await get(LIST, asked)
        expect(res.headers['content-encoding'], asked).toBe(asked)
        expect(decode(res.rawPayload).toString('utf8'), asked).toBe(plain.body)
      }
      return plain.json().collections as Array<{ Title: string }>
    }
    expect((await check()).map((a) => a.Title)).toContain('Kept answer 14')
    await repo.insert(alice.id, { title: 'Added after the first compressed read' })
    expect((await check())[0]!.Title).toBe('Added after the first compressed read')
  })
})

describe('what stays plain', () => {
  it('a small JSON answer, even when compression is asked for', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/api/auth', ...form({ token: alice.token }, { 'accept-encoding': 'br, gzip' }) })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBeLessThan(JSON_COMPRESSION_THRESHOLD)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json().success).toBe(true)
  })

  it("the tutor's streamed answer: text as it is written, never held in a compressor", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/english_vocab/api/chat-explain-english',
      headers: { ...alice.auth, 'accept-encoding': 'br, gzip' },
      payload: { article_id: article.id, user_messages: [{ role: 'user', content: 'What does "estate" mean?' }] },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toContain('**estate**')
  })

  it('media, whole or a Range of it', async () => {
    const url = `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(DEMO)}`
    const whole = await get(url, 'br, gzip')
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-encoding']).toBeUndefined()
    const part = await t.app.inject({ method: 'GET', url, headers: { ...alice.auth, 'accept-encoding': 'br, gzip', range: 'bytes=0-1023' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-encoding']).toBeUndefined()
    expect(part.rawPayload.length).toBe(1024)
  })
})
