import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { podcastFeed, startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { makeEpisode, type SyntheticEpisode } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { decodeFeedBody } from './fetch-feed'

/** Windows-1252 by hand: the typographic characters at 0x80-0x9F, Latin-1 for the rest. */
const CP1252: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 }
const cp1252 = (text: string) => Buffer.from([...text].map((c) => CP1252[c] ?? c.charCodeAt(0)))
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
const utf16be = (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])
const utf8bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])

/** A feed's XML with its declaration replaced (`null`: none at all). */
const declaring = (xml: string, encoding: string | null) => xml.replace('<?xml version="1.0" encoding="UTF-8"?>', encoding ? `<?xml version="1.0" encoding="${encoding}"?>` : '')

const TYPOGRAPHIC = ['Price of a coffee: €3 – “too much”', 'It’s the ‘real’ thing — again']
/** Ten accented titles, the sample in which 7 of 10 came out wrong. */
const ACCENTED = ['Café français', 'Leçon numéro un', 'Über München', 'Año nuevo', 'Ça va, garçon ?', 'Crème brûlée', 'À bientôt', 'São Paulo à l’heure', 'Smørrebrød', 'Déjà vu']
const LATIN1_ACCENTED = ACCENTED.map((t) => t.replace('’', "'"))

describe('decodeFeedBody', () => {
  it('reads every encoding case as its author meant, and never as C1 controls or U+FFFD', () => {
    const xml = (titles: string[]) => podcastFeed({ title: titles[0]!, items: titles.map((title, i) => ({ guid: `g${i}`, title })) })
    const cases: Array<[Buffer, string | null, string[]]> = [
      [cp1252(declaring(xml(TYPOGRAPHIC), 'windows-1252')), 'application/rss+xml', TYPOGRAPHIC],
      [cp1252(declaring(xml(TYPOGRAPHIC), null)), 'application/rss+xml', TYPOGRAPHIC],
      [cp1252(declaring(xml(TYPOGRAPHIC), 'ISO-8859-1')), 'text/xml; charset=ISO-8859-1', TYPOGRAPHIC],
      [Buffer.from(declaring(xml(LATIN1_ACCENTED), null), 'latin1'), 'application/rss+xml', LATIN1_ACCENTED],
      [Buffer.from(declaring(xml(ACCENTED), 'ISO-8859-1'), 'utf8'), 'application/xml; charset=iso-8859-1', ACCENTED],
      [Buffer.from(xml(LATIN1_ACCENTED), 'latin1'), 'application/rss+xml; charset=utf-8', LATIN1_ACCENTED],
      [utf16le(declaring(xml(ACCENTED), 'UTF-16')), 'application/rss+xml', ACCENTED],
      [utf16be(declaring(xml(TYPOGRAPHIC), 'UTF-16')), 'application/rss+xml', TYPOGRAPHIC],
      [utf8bom(xml(ACCENTED)), 'application/rss+xml; charset=iso-8859-1', ACCENTED],
    ]
    for (const [bytes, type, titles] of cases) {
      const text = decodeFeedBody(bytes, type)
      for (const title of titles) expect(text).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`)
      expect(text).not.toMatch(/[\u0080-\u009f\ufffd]/)
    }
  })
})

let t: TestApp
let feeds: FeedServer
let alice: TestUser
let work: string
let speech: SyntheticEpisode

beforeAll(async () => {
  feeds = await startFeedServer()
  t = await buildTestApp({ processRole: 'both', fetchAllowHosts: ['127.0.0.1'], jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 200 } })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-feed-encoding-'))
  speech = await makeEpisode(work, 0.06)
}, 60_000)
afterAll(async () => {
  await t?.close()
  await feeds?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: alice.auth })
const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: alice.auth, payload })

describe('feeds in any encoding, imported over HTTP', () => {
  const feed = (titles: string[]) => podcastFeed({ title: titles[0]!, items: titles.map((title, i) => ({ guid: `g${i}`, title, audio: `${feeds.url}/media/${i}.mp3` })) })
  const cases: Array<[string, () => Buffer, string, string[]]> = [
    ['Windows-1252 declared in the XML', () => cp1252(declaring(feed(TYPOGRAPHIC), 'windows-1252')), 'application/rss+xml', TYPOGRAPHIC],
    ['Windows-1252 declared nowhere', () => cp1252(declaring(feed(TYPOGRAPHIC), null)), 'application/rss+xml', TYPOGRAPHIC],
    ['Windows-1252 declared as ISO-8859-1 in the header', () => cp1252(feed(TYPOGRAPHIC).replace('UTF-8', 'ISO-8859-1')), 'text/xml; charset=ISO-8859-1', TYPOGRAPHIC],
    ['Latin-1 with no declaration', () => Buffer.from(declaring(feed(LATIN1_ACCENTED), null), 'latin1'), 'application/rss+xml', LATIN1_ACCENTED],
    ['ISO-8859-1 declared but UTF-8 bytes', () => Buffer.from(declaring(feed(ACCENTED), 'ISO-8859-1')), 'application/xml; charset=iso-8859-1', ACCENTED],
    ['UTF-8 declared but Latin-1 bytes', () => Buffer.from(feed(LATIN1_ACCENTED), 'latin1'), 'application/rss+xml; charset=utf-8', LATIN1_ACCENTED],
    ['UTF-16 LE with a BOM', () => utf16le(declaring(feed(ACCENTED), 'UTF-16')), 'application/rss+xml', ACCENTED],
    ['UTF-16 BE with a BOM', () => utf16be(declaring(feed(TYPOGRAPHIC), 'UTF-16')), 'application/rss+xml', TYPOGRAPHIC],
    ['UTF-8 with a BOM', () => utf8bom(feed(ACCENTED)), 'application/rss+xml', ACCENTED],
  ]
  for (const [[name, body, type, titles], n] of cases.map((c, i) => [c, i] as const)) {
    it(`keeps every title of a feed in ${name}`, async () => {
      feeds.set(`/feed-${n}.xml`, { body: body(), type })
      const imported = await post('/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/feed-${n}.xml` })
      expect(imported.json(), imported.body).toMatchObject({ success: true, title: titles[0] })
      const items = (await get(`/english_vocab/api/rss-items?rss_id=${imported.json().rss_id}`)).json().items as Array<{ title: string }>
      expect(items.map((i) => i.title).sort()).toEqual([...titles].sort())
    })
  }
})

describe("an episode's publisher transcript in another encoding", () => {
  /** How a publisher dresses the spoken sentences: quotes for the first cue and the others, speaker labels. */
  type Style = { quotes: [[string, string], [string, string]]; host: string; guest: string }
  /** Word-processor quotes, as Windows-1252 has them. */
  const CURLY: Style = { quotes: [['“', '”'], ['‘', '’']], host: 'HOST', guest: 'GUEST' }
  /**
   * Latin-1 has no curly quotes: guillemets (0xAB, 0xBB) and accented labels
   * (É 0xC9, Ñ 0xD1, Ú 0xDA), lone bytes that are not UTF-8. A label read as
   * U+FFFD is no label any more and would end up among the words.
   */
  const LATIN1: Style = { quotes: [['«', '»'], ['«', '»']], host: 'JOSÉ', guest: 'SEÑORA NÚÑEZ' }
  /** The spoken sentences as a publisher's subtitle file: quotes, markup, labels, sound tags. */
  const subtitle = (format: 'srt' | 'vtt', style: Style = CURLY) => {
    const q = (i: number) => style.quotes[i === 0 ? 0 : 1]
    const cues = speech.cues.map((c, i) => ({
      ...c,
      text: i === 0 ? `{\\an8}${style.host}: <i>${q(i)[0]}${c.text}${q(i)[1]}</i> [MUSIC]` : `>> ${style.guest}: ${q(i)[0]}${c.text}${q(i)[1]} (laughs)`,
    }))
    const stamp = (ms: number, sep: string) => new Date(ms).toISOString().slice(11, 23).replace('.', sep)
    return format === 'srt'
      ? cues.map((c, i) => `${i + 1}\r\n${stamp(c.start, ',')} --> ${stamp(c.end, ',')}\r\n${c.text}\r\n`).join('\r\n')
      : `WEBVTT\n\n${cues.map((c) => `${stamp(c.start, '.')} --> ${stamp(c.end, '.')}\n${c.text}\n`).join('\n')}`
  }
  const spoken = (style: Style = CURLY) => speech.cues.map((c, i) => `${style.quotes[i === 0 ? 0 : 1][0]}${c.text}${style.quotes[i === 0 ? 0 : 1][1]}`).join(' ')

  const cases: Array<[string, () => Buffer, string, string, Style?]> = [
    // A server that says UTF-8 for a file saved by a Windows editor.
    ['a Windows-1252 SRT served as UTF-8', () => cp1252(subtitle('srt')), 'application/x-subrip; charset=utf-8', 'application/x-subrip'],
    ['a Windows-1252 VTT with no charset', () => cp1252(subtitle('vtt')), 'text/vtt', 'text/vtt'],
    ['a Latin-1 SRT with no charset', () => Buffer.from(subtitle('srt', LATIN1), 'latin1'), 'application/x-subrip', 'application/x-subrip', LATIN1],
    ['a UTF-16 LE SRT with a BOM', () => utf16le(subtitle('srt')), 'application/x-subrip', 'application/srt'],
    ['a UTF-16 BE VTT with a BOM', () => utf16be(subtitle('vtt')), 'text/vtt', 'text/vtt'],
    ['a UTF-8 VTT with a BOM', () => utf8bom(subtitle('vtt')), 'text/vtt', 'text/vtt'],
  ]
  for (const [[name, body, served, declared, style], n] of cases.map((c, i) => [c, i] as const)) {
    it(`times the words of ${name} with its characters and without its markup`, async () => {
      const audio = `${feeds.url}/media/speech-${n}.wav`
      feeds.set(`/media/speech-${n}.wav`, { file: speech.file, type: 'audio/wav' })
      feeds.set(`/transcripts/${n}`, { body: body(), type: served })
      feeds.set(`/transcribed-${n}.xml`, {
        body: podcastFeed({ title: `Transcribed ${n}`, items: [{ guid: `t${n}`, title: 'Spoken', audio, transcript: { url: `${feeds.url}/transcripts/${n}`, type: declared } }] }),
      })
      const rssId = (await post('/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/transcribed-${n}.xml` })).json().rss_id
      const item = (await get(`/english_vocab/api/rss-items?rss_id=${rssId}`)).json().items[0] as { id: number }
      expect((await post('/english_vocab/api/collect-rss-item', { rss_item_id: item.id })).statusCode).toBe(200)
      const read = async () =>
        (await get(`/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(audio)}`)).json<{ segments: Segment[]; transcription: TranscriptionStatus }>()
      await expect.poll(async () => (await read()).transcription.status, { timeout: 60_000, interval: 100 }).toBe('done')
      const body2 = await read()
      expect(body2.transcription.confidence).toBe('aligned')
      const words = body2.segments.flatMap((s) => s.word_timestamps.map((w) => w.word)).join(' ')
      expect(words).toBe(spoken(style))
      expect(words).not.toMatch(/[\u0080-\u009f\ufffd<>{}[\]]|HOST|GUEST|JOS|SE.ORA|N.{2}EZ/)
    }, 90_000)
  }
})
