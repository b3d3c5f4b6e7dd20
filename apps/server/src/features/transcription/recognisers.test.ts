import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { makeEpisode } from '../../../../../test/speech'
import { createTestUser } from '../../../../../test/users'
import { ConfigError, loadConfig } from '../../config'
import { createSafeFetch } from '../../lib/safe-fetch'
import { createLibraryRepo } from '../library/library.repo'
import { createRecogniser } from './recogniser'
import { apiWords, transcribeWithApi } from './transcription-api'
import { loadWhisperModule, openWhisper, whisperModelUrl, whisperWords, WhisperUnavailableError } from './whisper'

/** The operator endpoints' fetch, as app.ts makes it: no address check (the API runs on loopback here). */
const http = createSafeFetch({ checkAddresses: false })

let work: string
let api: Server
let apiUrl: string
/** What the loopback transcription API received, one entry per request. */
const received: Array<{ auth?: string; fields: Record<string, string>; fileHead: string; fileBytes: number }> = []

/** Reads a multipart/form-data body just enough to check its fields and the file's first bytes. */
function parseMultipart(body: Buffer, contentType: string) {
  const boundary = `--${/boundary=(.+)$/.exec(contentType)![1]}`
  const fields: Record<string, string> = {}
  let fileHead = ''
  let fileBytes = 0
  for (const part of body.toString('latin1').split(boundary).slice(1, -1)) {
    const [head, ...rest] = part.split('\r\n\r\n')
    const value = rest.join('\r\n\r\n').replace(/\r\n$/, '')
    const name = /name="([^"]+)"/.exec(head!)![1]!
    if (/filename=/.test(head!)) {
      fileHead = value.slice(0, 4)
      fileBytes = value.length
    } else fields[name] = value
  }
  return { fields, fileHead, fileBytes }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-recognisers-'))
  // An OpenAI-compatible /v1/audio/transcriptions on loopback: the real multipart protocol.
  api = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const parsed = parseMultipart(Buffer.concat(chunks), req.headers['content-type']!)
      received.push({ auth: req.headers.authorization, ...parsed })
      if (parsed.fields.model === 'broken') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"model crashed"}}')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ text: 'hello there friend', words: [{ word: 'hello', start: 0.5, end: 0.9 }, { word: ' there', start: 1.0, end: 1.4 }, { word: 'friend', start: 1.5, end: 2.25 }] }),
      )
    })
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}/v1`
})

afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve))
  rmSync(work, { recursive: true, force: true })
})

describe('Whisper loading', () => {
  it.skipIf(process.platform !== 'linux' || process.arch !== 'x64')('loads the native CPU module on linux-x64', () => {
    expect(typeof loadWhisperModule().WhisperContext).toBe('function')
  })

  it('says clearly when the model file is missing or is not a model, without crashing', () => {
    expect(() => openWhisper(path.join(work, 'nope.bin'))).toThrow(new WhisperUnavailableError(`WHISPER_MODEL file not found: ${path.join(work, 'nope.bin')}`))
    const junk = path.join(work, 'junk.bin')
    writeFileSync(junk, 'this is not a ggml model')
    expect(() => openWhisper(junk)).toThrow(/^WHISPER_MODEL is not a usable ggml model/)
  })

  it('refuses to start with a WHISPER_MODEL that does not exist', () => {
    expect(() => loadConfig({ WHISPER_MODEL: path.join(work, 'missing.bin') })).toThrow(ConfigError)
  })

  it('turns whisper.cpp word pieces into timed words, dropping [MUSIC] and blanks', () => {
    expect(whisperWords([{ text: ' Hello', t0: 50, t1: 90 }, { text: ' [MUSIC]', t0: 90, t1: 200 }, { text: ' ', t0: 200, t1: 200 }, { text: ' world.', t0: 200, t1: 260 }], 1000)).toEqual([
      { word: 'Hello', start: 1500, end: 1900 },
      { word: 'world.', start: 3000, end: 3600 },
    ])
  })

  it('names the model files npm run whisper:download fetches, and refuses unknown sizes', () => {
    expect(whisperModelUrl('base.en')).toBe('https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.en.bin')
    expect(() => whisperModelUrl('huge')).toThrow(/Unknown model size "huge"/)
  })

  // No model can be downloaded on the CI machines: recognition itself runs where one is given.
  it.skipIf(!process.env.WHISPER_TEST_MODEL)('recognises real speech with a ggml model (set WHISPER_TEST_MODEL to run)', async () => {
    const episode = await makeEpisode(work, 0.2)
    const { decodeToPcm } = await import('./audio')
    const pcm = path.join(work, 'w.pcm')
    await decodeToPcm(episode.file, pcm)
    const words = await openWhisper(process.env.WHISPER_TEST_MODEL!).recognise(pcm, 0)
    expect(words.length).toBeGreaterThan(5)
  })
})

describe('OpenAI-compatible transcription API', () => {
  it('sends a WAV with the model and word granularity, and reads the word times', async () => {
    const pcm = path.join(work, 'api.pcm')
    writeFileSync(pcm, Buffer.alloc(32_000))
    const words = await transcribeWithApi(http, { baseUrl: apiUrl, apiKey: 'sk-test', model: 'whisper-1' }, pcm, 10_000)
    expect(words).toEqual([
      { word: 'hello', start: 10_500, end: 10_900 },
      { word: 'there', start: 11_000, end: 11_400 },
      { word: 'friend', start: 11_500, end: 12_250 },
    ])
    const last = received.at(-1)!
    expect(last.auth).toBe('Bearer sk-test')
    expect(last.fields).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'word', language: 'en' })
    expect(last.fileHead).toBe('RIFF')
    expect(last.fileBytes).toBe(32_044)
  })

  it('reports an upstream failure and an answer without word times', async () => {
    const pcm = path.join(work, 'api2.pcm')
    writeFileSync(pcm, Buffer.alloc(3200))
    await expect(transcribeWithApi(http, { baseUrl: apiUrl, apiKey: undefined, model: 'broken' }, pcm, 0)).rejects.toThrow('The transcription API answered 500: {"error":{"message":"model crashed"}}')
    expect(() => apiWords({ text: 'no words' }, 0)).toThrow(/no word timestamps/)
  })

  it('is chosen over pocketsphinx when configured, and Whisper over both', () => {
    expect(createRecogniser({ whisperModel: undefined, transcribeApi: undefined }).source).toBe('pocketsphinx')
    expect(createRecogniser({ whisperModel: undefined, transcribeApi: { baseUrl: apiUrl, apiKey: undefined, model: 'm' }, http })).toMatchObject({ source: 'openai', confidence: 'transcribed' })
    expect(createRecogniser({ whisperModel: '/models/x.bin', transcribeApi: { baseUrl: apiUrl, apiKey: undefined, model: 'm' }, http }).source).toBe('whisper')
  })

  it('makes a whole transcript through the API when no transcript came with the media', async () => {
    let t: TestApp | undefined
    try {
      t = await buildTestApp({ processRole: 'both', transcribeApi: { baseUrl: apiUrl, apiKey: undefined, model: 'whisper-1' }, jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 100 } })
      const user = await createTestUser(t.db.database, 'api@example.com')
      const episode = await makeEpisode(mkdtempSync(path.join(work, 'ep-')), 0.2)
      mkdirSync(path.join(t.config.storageDir, 'up'), { recursive: true })
      writeFileSync(path.join(t.config.storageDir, 'up/a.wav'), await import('node:fs/promises').then((fs) => fs.readFile(episode.file)))
      await createLibraryRepo(t.db.database.db).insert(user.id, { title: 'API', audio: '/up/a.wav' })
      await t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', headers: user.auth, payload: { audio_url: '/up/a.wav' } })
      const read = async () => (await t!.app.inject({ url: '/media-proxy/get_speech_segments?audio_url=%2Fup%2Fa.wav', headers: user.auth })).json()
      await expect.poll(async () => (await read()).transcription.status, { timeout: 30_000, interval: 100 }).toBe('done')
      const body = await read()
      expect(body.transcription.confidence).toBe('transcribed')
      expect(body.segments[0].word_timestamps[0]).toEqual({ word: 'hello', start: 500, end: 900 })
    } finally {
      await t?.close()
    }
  }, 60_000)

  it('makes it through the API on a server without pocketsphinx too (no model dictionary is read)', async () => {
    let t: TestApp | undefined
    try {
      const tools = { ...loadConfig({}).tools, pocketsphinx_batch: undefined }
      t = await buildTestApp({ processRole: 'both', tools, pocketsphinxModelDir: path.join(work, 'no-model'), transcribeApi: { baseUrl: apiUrl, apiKey: undefined, model: 'whisper-1' }, jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 100 } })
      const user = await createTestUser(t.db.database, 'api-no-sphinx@example.com')
      const episode = await makeEpisode(mkdtempSync(path.join(work, 'ep-')), 0.2)
      mkdirSync(path.join(t.config.storageDir, 'up'), { recursive: true })
      writeFileSync(path.join(t.config.storageDir, 'up/b.wav'), await import('node:fs/promises').then((fs) => fs.readFile(episode.file)))
      await createLibraryRepo(t.db.database.db).insert(user.id, { title: 'API without pocketsphinx', audio: '/up/b.wav' })
      await t.app.inject({ method: 'POST', url: '/media-proxy/parse_media', headers: user.auth, payload: { audio_url: '/up/b.wav' } })
      const read = async () => (await t!.app.inject({ url: '/media-proxy/get_speech_segments?audio_url=%2Fup%2Fb.wav', headers: user.auth })).json()
      await expect.poll(async () => (await read()).transcription.status, { timeout: 30_000, interval: 100 }).toBe('done')
      const body = await read()
      expect(body.transcription).toMatchObject({ status: 'done', confidence: 'transcribed' })
      expect(body.transcription.notice).toBeUndefined()
      expect(body.segments[0].word_timestamps[0]).toEqual({ word: 'hello', start: 500, end: 900 })
    } finally {
      await t?.close()
    }
  }, 60_000)
})
