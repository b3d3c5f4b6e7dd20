import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Article } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { podcastFeed, startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { multipart, type FilePart } from '../../../../../test/multipart'
import { makeEpisode, type SyntheticEpisode } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createJobsRepo } from '../jobs/jobs.repo'
import { createTranscriptsRepo } from '../media/transcripts.repo'
import { transcribeKey } from './transcription.service'

/**
 * The transcript of an upload (with or without a subtitle) and of a collected feed episode
 * starts when it is saved, in the background, so the library shows its comprehension figure without
 * its player ever being opened. Nothing here calls parse_media or any other /media-proxy route.
 */

let t: TestApp
let feeds: FeedServer
let me: TestUser
let work: string
let speech: SyntheticEpisode

type Figure = { known_share: number; learning_share: number; new_words: number; learning_words: number; words: number }

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: me.auth, payload })
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: me.auth })
const upload = (parts: FilePart[]) => t.app.inject({ method: 'POST', url: '/storage/api/upload_file', ...multipart(parts, me.auth) })
const libraryList = async (): Promise<Article[]> => (await get('/english_vocab/api/word_collections')).json().collections
const figures = async (): Promise<Record<string, Figure>> => {
  const res = await get('/english_vocab/api/words/comprehension')
  expect(res.statusCode, res.body).toBe(200)
  return res.json().articles
}
/** The background job of a media address: queued at save, at background priority (no player raised it). */
const jobOf = (address: string) => createJobsRepo(t.db.database.db).byDedupeKey(transcribeKey(address))
const srt = (cues: SyntheticEpisode['cues']) => {
  const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',')
  return cues.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c.text}\n`).join('\n')
}

beforeAll(async () => {
  feeds = await startFeedServer()
  t = await buildTestApp({ processRole: 'both', fetchAllowHosts: ['127.0.0.1'], jobs: { concurrency: 2, leaseMs: 10_000, pollMs: 50, retryBaseMs: 200 } })
  me = await createTestUser(t.db.database, 'saver@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-at-save-'))
  speech = await makeEpisode(work, 0.1)
}, 60_000)
afterAll(async () => {
  await t?.close()
  await feeds?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a transcript starts when its media is saved', () => {
  it('for an upload without a subtitle and one with: queued at save, done without a player, with a figure in the library', async () => {
    const bare = (await upload([{ field: 'file', filename: 'bare.wav', content: readFileSync(speech.file) }])).json().storage_path as string
    const subtitled = (
      await upload([
        { field: 'subtitle', filename: 'talk.srt', content: srt(speech.cues) },
        { field: 'file', filename: 'talk.wav', content: readFileSync(speech.file) },
      ])
    ).json().storage_path as string
    // Uploaded but not saved: nothing to transcribe yet.
    expect(await jobOf(bare)).toBeUndefined()

    expect((await post('/english_vocab/api/collect', { title: 'Bare upload', audio: bare })).statusCode).toBe(200)
    expect((await post('/english_vocab/api/collect', { title: 'Upload with a subtitle', audio: subtitled })).statusCode).toBe(200)
    for (const address of [bare, subtitled]) expect(await jobOf(address)).toMatchObject({ priority: 0, status: expect.stringMatching(/queued|running|done/) as string })

    const articles = await libraryList()
    const hashOf = (address: string) => articles.find((a) => a.Audio === address)!.HashID
    // (The demo article every new user gets has its figure too.)
    await expect.poll(async () => Object.keys(await figures()), { timeout: 90_000, interval: 200 }).toEqual(expect.arrayContaining([hashOf(bare), hashOf(subtitled)]))
    const all = await figures()
    expect(all[hashOf(subtitled)]).toMatchObject({ known_share: 0, words: expect.any(Number) as number })
    expect(all[hashOf(subtitled)]!.words).toBeGreaterThan(10)
    const transcripts = createTranscriptsRepo(t.db.database.db)
    expect(await transcripts.state(subtitled)).toMatchObject({ status: 'done', source: 'upload', confidence: 'aligned' })
    expect(await transcripts.state(bare)).toMatchObject({ status: 'done', confidence: 'recognised' })
    // Never raised: no player asked for either.
    for (const address of [bare, subtitled]) expect(await jobOf(address)).toMatchObject({ priority: 0, status: 'done' })
  }, 120_000)

  it('for a collected feed episode with a publisher transcript: its figure is in the library list without parse_media', async () => {
    const audio = `${feeds.url}/media/episode.wav`
    feeds.set('/media/episode.wav', { file: speech.file, type: 'audio/wav' })
    feeds.set('/media/episode.srt', { body: srt(speech.cues), type: 'application/x-subrip' })
    feeds.set('/show.xml', {
      body: podcastFeed({ title: 'Saved show', items: [{ guid: 'e1', title: 'Episode one', audio, duration: '0:06', transcript: { url: `${feeds.url}/media/episode.srt`, type: 'application/x-subrip' } }] }),
    })
    const rssId = (await post('/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/show.xml` })).json().rss_id as number
    const item = (await get(`/english_vocab/api/rss-items?rss_id=${rssId}`)).json().items[0] as { id: number }
    const collected = await post('/english_vocab/api/collect-rss-item', { rss_item_id: item.id })
    expect(collected.statusCode, collected.body).toBe(200)
    const hashId = collected.json().article_hash_id as string
    expect(await jobOf(audio)).toMatchObject({ priority: 0 })

    await expect.poll(async () => (await figures())[hashId], { timeout: 90_000, interval: 200 }).toBeDefined()
    const figure = (await figures())[hashId]!
    expect(figure.known_share).toBe(0)
    expect(figure.words).toBeGreaterThan(10)
    expect(await createTranscriptsRepo(t.db.database.db).state(audio)).toMatchObject({ status: 'done', source: 'publisher', confidence: 'aligned' })
    expect(await jobOf(audio)).toMatchObject({ priority: 0, status: 'done' })
  }, 120_000)
})
