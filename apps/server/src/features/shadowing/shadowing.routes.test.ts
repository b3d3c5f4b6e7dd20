import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { SHADOW_TAKE_MAX_BYTES, SHADOWING_MSG, TOKEN_COOKIE, type ShadowTake } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { DEMO_DIR, demoArticles } from '../library/demo-content'

const run = promisify(execFile)

/**
 * Shadowing over HTTP with the real job: takes spoken by espeak-ng, encoded
 * as MediaRecorder would (Opus in WebM or Ogg), scored by real pocketsphinx.
 */
let t: TestApp
let alice: TestUser
let bob: TestUser
let carol: TestUser
let dir: string
let articleId: number
let carolArticle: number

const SEGMENTS = demoArticles()[0]!.segments
const FIRST = SEGMENTS[0]!
const TAKES = '/english_vocab/api/shadowing/takes'

beforeAll(async () => {
  t = await buildTestApp({ processRole: 'both' })
  dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-shadowing-test-'))
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  carol = await createTestUser(t.db.database, 'carol@example.com')
  articleId = await demoArticleOf(alice)
  carolArticle = await demoArticleOf(carol)
})
afterAll(async () => {
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The user's copy of the demo article (the library seeds it on the first listing). */
async function demoArticleOf(u: TestUser): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: u.auth })
  return (res.json().collections as Array<{ CollectionID: number; Audio: string | null }>).find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!.CollectionID
}

let made = 0
/** `text` spoken by espeak-ng, with a little silence around it as a microphone would have, as Opus in WebM (or Ogg). */
async function speak(text: string, container: 'webm' | 'ogg' = 'webm'): Promise<Buffer> {
  const wav = path.join(dir, `take-${++made}.wav`)
  const out = path.join(dir, `take-${made}.${container}`)
  await run('espeak-ng', ['-s', '165', '-w', wav, text])
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-af', 'adelay=400,apad=pad_dur=0.8', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', out])
  return readFileSync(out)
}

const upload = (u: TestUser, body: Buffer | string, options: { type?: string; article?: number | string; start?: number | string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${TAKES}?article_id=${options.article ?? articleId}&segment_start=${options.start ?? FIRST.start}`,
    headers: { ...u.auth, 'content-type': options.type ?? 'audio/webm;codecs=opus' },
    payload: body,
  })

async function scored(u: TestUser, id: number, timeoutMs = 30_000): Promise<ShadowTake> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const take = (await t.app.inject({ method: 'GET', url: `${TAKES}/${id}`, headers: u.auth })).json().take as ShadowTake
    if (take.status !== 'scoring' || Date.now() > until) return take
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function uploadScored(u: TestUser, text: string, start = FIRST.start): Promise<ShadowTake> {
  const res = await upload(u, await speak(text), { start })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().take.status).toBe('scoring')
  return scored(u, res.json().take.id)
}

const verdicts = (take: ShadowTake) => take.words.map((w) => `${w.word}:${w.verdict}`)

describe('scoring a take', () => {
  it('scores the segment\'s own words clearly higher than different words, with both speaking rates', async () => {
    const matched = await uploadScored(alice, FIRST.text)
    const different = await uploadScored(alice, 'The weather was cold, so the children stayed inside and played quiet games by the fire all afternoon.')
    expect(matched.status).toBe('scored')
    expect(different.status).toBe('scored')
    const told = `matched ${matched.score} [${verdicts(matched).join(' ')}], different ${different.score} [${verdicts(different).join(' ')}]`
    expect(matched.score!, told).toBeGreaterThanOrEqual(80)
    expect(matched.score! - different.score!, told).toBeGreaterThanOrEqual(40)
    expect(matched.words.map((w) => w.word)).toEqual(FIRST.text.split(' '))
    // espeak-ng's voice is not a person's: a few of its words sound only somewhat like the model's.
    expect(matched.words.filter((w) => w.verdict === 'clear').length).toBeGreaterThanOrEqual(15)
    expect(matched.words.filter((w) => w.verdict === 'missing')).toEqual([])
    expect(different.score!).toBeLessThanOrEqual(35)
    expect(different.words.filter((w) => w.verdict === 'missing').length).toBeGreaterThanOrEqual(12)
    expect(different.words.filter((w) => w.verdict === 'clear')).toEqual([])
    // espeak-ng at 165 words a minute; the speaker of the demo reads at about 190.
    expect(matched.learner_wpm).toBeGreaterThan(120)
    expect(matched.learner_wpm).toBeLessThan(240)
    expect(matched.speaker_wpm).toBe(Math.round((22 / (FIRST.word_timestamps.at(-1)!.end - FIRST.word_timestamps[0]!.start)) * 60_000))
    expect(matched.duration_ms).toBeGreaterThan(5000)
  }, 120_000)

  it('scores a person\'s voice too: the demo\'s reader saying the segment, against the same reader saying another sentence', async () => {
    const cut = async (segment: (typeof SEGMENTS)[number]) => {
      const out = path.join(dir, `speaker-${segment.start}.webm`)
      const demo = path.join(DEMO_DIR, 'sense-and-sensibility.mp3')
      await run('ffmpeg', ['-v', 'error', '-y', '-ss', String(segment.start / 1000), '-to', String(segment.end / 1000), '-i', demo, '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', out])
      const res = await upload(alice, readFileSync(out))
      expect(res.statusCode, res.body).toBe(200)
      return scored(alice, res.json().take.id)
    }
    const own = await cut(FIRST)
    const other = await cut(SEGMENTS[3]!)
    expect(own.score!, `speaker's own ${own.score}, another sentence ${other.score}`).toBeGreaterThanOrEqual(90)
    expect(own.words.filter((w) => w.verdict === 'missing')).toEqual([])
    expect(own.score! - other.score!).toBeGreaterThanOrEqual(40)
  }, 120_000)

  it('marks the two words left out as missing, and the words said as found', async () => {
    const take = await uploadScored(alice, FIRST.text.replace('consider ', '').replace('prudently ', ''))
    expect(take.status).toBe('scored')
    const missing = take.words.filter((w) => w.verdict === 'missing').map((w) => w.word)
    expect(missing).toEqual(['consider', 'prudently'])
    expect(take.score!).toBeLessThan(95)
    expect(take.score!).toBeGreaterThan(70)
  }, 120_000)

  it('reads Ogg takes (Firefox\'s MediaRecorder) and streams a take\'s audio to its owner with the cookie', async () => {
    const res = await upload(alice, await speak(SEGMENTS[1]!.text, 'ogg'), { type: 'audio/ogg', start: SEGMENTS[1]!.start })
    expect(res.statusCode, res.body).toBe(200)
    const take = await scored(alice, res.json().take.id)
    expect(take.status).toBe('scored')
    expect(take.score!).toBeGreaterThanOrEqual(70)
    const audio = await t.app.inject({ method: 'GET', url: take.audio_url, cookies: { [TOKEN_COOKIE]: alice.token } })
    expect(audio.statusCode).toBe(200)
    expect(audio.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS')
    const ranged = await t.app.inject({ method: 'GET', url: take.audio_url, cookies: { [TOKEN_COOKIE]: alice.token }, headers: { range: 'bytes=0-9' } })
    expect(ranged.statusCode).toBe(206)
    expect(ranged.rawPayload.length).toBe(10)
  }, 120_000)
})

describe('bad input', () => {
  it('refuses what is not a recording, and takes too large, with the spec\'s 400 (413 for size)', async () => {
    const webm = await speak('Hello there')
    const cases: Array<[Awaited<ReturnType<typeof upload>>, number, string]> = [
      [await upload(alice, JSON.stringify({ audio: 'x' }), { type: 'application/json' }), 400, SHADOWING_MSG.notAudio],
      [await upload(alice, 'just text', { type: 'text/plain' }), 400, SHADOWING_MSG.notAudio],
      [await upload(alice, webm, { type: 'video/mp4' }), 400, SHADOWING_MSG.notAudio],
      [await upload(alice, Buffer.alloc(0)), 400, SHADOWING_MSG.empty],
      [await upload(alice, Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:1\nfile:///etc/passwd\n')), 400, SHADOWING_MSG.unreadable],
      // Bytes of another container under a recording's type are refused, not guessed at.
      [await upload(alice, webm, { type: 'audio/ogg' }), 400, SHADOWING_MSG.unreadable],
      [await upload(alice, Buffer.alloc(SHADOW_TAKE_MAX_BYTES + 1, 1)), 413, ''],
      [await upload(alice, webm, { start: 'abc' }), 400, SHADOWING_MSG.segmentStart],
      [await upload(alice, webm, { start: -5 }), 400, SHADOWING_MSG.segmentStart],
      [await upload(alice, webm, { start: FIRST.start + 1 }), 404, SHADOWING_MSG.segmentNotFound],
      [await upload(alice, webm, { article: 'nosuchhash12' }), 404, ''],
    ]
    for (const [res, status, msg] of cases) {
      expect(res.statusCode, res.body).toBe(status)
      expect(res.json().success).toBe(false)
      if (msg) expect(res.json().msg).toBe(msg)
    }
    const bad = await t.app.inject({ method: 'GET', url: `${TAKES}/0x1`, headers: alice.auth })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msg).toBe(SHADOWING_MSG.takeId)
  }, 120_000)
})

describe('takes are the owner\'s alone', () => {
  it('answers another user 404 on every route, and leaves the take as it was', async () => {
    const take = await uploadScored(alice, SEGMENTS[4]!.text, SEGMENTS[4]!.start)
    const asBob = [
      await t.app.inject({ method: 'GET', url: `${TAKES}/${take.id}`, headers: bob.auth }),
      await t.app.inject({ method: 'DELETE', url: `${TAKES}/${take.id}`, headers: bob.auth }),
      await t.app.inject({ method: 'GET', url: take.audio_url, cookies: { [TOKEN_COOKIE]: bob.token } }),
      await t.app.inject({ method: 'GET', url: take.audio_url, headers: bob.auth }),
      await t.app.inject({ method: 'GET', url: `${TAKES}?article_id=${articleId}&segment_start=${SEGMENTS[4]!.start}`, headers: bob.auth }),
      await upload(bob, await speak('he might even'), { start: SEGMENTS[4]!.start }),
    ]
    for (const res of asBob) {
      expect(res.statusCode, res.body).toBe(404)
      expect(res.body).not.toContain(SEGMENTS[4]!.text)
    }
    const still = await t.app.inject({ method: 'GET', url: `${TAKES}/${take.id}`, headers: alice.auth })
    expect(still.json().take).toMatchObject({ id: take.id, status: 'scored' })
    expect((await t.app.inject({ method: 'GET', url: take.audio_url, cookies: { [TOKEN_COOKIE]: alice.token } })).statusCode).toBe(200)
    // Signed out: nothing at all.
    expect((await t.app.inject({ method: 'GET', url: `${TAKES}/${take.id}` })).statusCode).toBe(401)
  }, 120_000)
})

describe('the last five takes of a segment', () => {
  it('drops the oldest take and its file at the sixth, and deleting a take deletes its file', async () => {
    const takesDir = path.join(t.config.storageDir, 'takes', String(carol.id))
    const segment = SEGMENTS[2]!
    const ids: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await upload(carol, await speak(i % 2 ? 'rather cold hearted' : 'unless to be rather selfish'), { start: segment.start, article: carolArticle })
      expect(res.statusCode, res.body).toBe(200)
      ids.push(res.json().take.id)
    }
    const listed = (await t.app.inject({ method: 'GET', url: `${TAKES}?article_id=${carolArticle}&segment_start=${segment.start}`, headers: carol.auth })).json()
    expect(listed.takes.map((x: ShadowTake) => x.id)).toEqual(ids.slice(1).reverse())
    expect(listed.takes[0]).toMatchObject({ segment_start: segment.start, segment_end: segment.end, text: segment.text, audio_url: `${TAKES}/${ids[5]}/audio` })
    expect((await t.app.inject({ method: 'GET', url: `${TAKES}/${ids[0]}`, headers: carol.auth })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `${TAKES}/${ids[0]}/audio`, headers: carol.auth })).statusCode).toBe(404)
    expect(readdirSync(takesDir)).toHaveLength(5)

    const del = await t.app.inject({ method: 'DELETE', url: `${TAKES}/${ids[5]}`, headers: carol.auth })
    expect(del.json()).toEqual({ success: true, msg: 'ok' })
    expect(readdirSync(takesDir)).toHaveLength(4)
    expect((await t.app.inject({ method: 'DELETE', url: `${TAKES}/${ids[5]}`, headers: carol.auth })).statusCode).toBe(404)
    // The remaining takes are all scored in the end (a deleted one's job finds nothing to do).
    for (const id of ids.slice(1, 5)) expect((await scored(carol, id)).status).toBe('scored')
    expect(existsSync(takesDir)).toBe(true)
  }, 120_000)
})
