import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { multipart } from '../../../../../test/multipart'
import { makeEpisode, type SyntheticEpisode } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { decodeText } from '../../lib/decode-text'
import { parseTranscript } from './cues'

/** Windows-1252 by hand: the typographic characters at 0x80-0x9F, Latin-1 for the rest. */
const CP1252: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 }
const cp1252 = (text: string) => Buffer.from([...text].map((c) => CP1252[c] ?? c.charCodeAt(0)))
const BOM = { utf8: Buffer.from([0xef, 0xbb, 0xbf]), utf16le: Buffer.from([0xff, 0xfe]), utf16be: Buffer.from([0xfe, 0xff]) }
const utf16le = (text: string) => Buffer.concat([BOM.utf16le, Buffer.from(text, 'utf16le')])
const utf16be = (text: string) => Buffer.concat([BOM.utf16be, Buffer.from(text, 'utf16le').swap16()])
const utf8bom = (text: string) => Buffer.concat([BOM.utf8, Buffer.from(text)])

const srt = (cues: Array<{ start: number; end: number; text: string }>) => cues.map((c, i) => `${i + 1}\r\n${stamp(c.start, ',')} --> ${stamp(c.end, ',')}\r\n${c.text}\r\n`).join('\r\n')
const vtt = (cues: Array<{ start: number; end: number; text: string }>) => `WEBVTT\n\n${cues.map((c) => `${stamp(c.start, '.')} --> ${stamp(c.end, '.')}\n${c.text}\n`).join('\n')}`
function stamp(ms: number, sep: string): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${sep}${pad(ms % 1000, 3)}`
}
const texts = (text: string, format: 'srt' | 'vtt') => parseTranscript(text, format).map((c) => c.text)

describe('subtitle markup is kept out of the words', () => {
  const cases: Array<[string, string, string]> = [
    ['HTML-ish tags', '<i>Hello</i> <b>there</b>, <u>my</u> <font color="#ffff00">friend</font>.', 'Hello there, my friend.'],
    ['WebVTT voice, class and timestamp tags', '<v Dr. Smith>Never</v> <c.yellow.bg_blue>drink</c> <00:00:01.500>liquid <lang en>nitrogen</lang>.', 'Never drink liquid nitrogen.'],
    ['ASS/SSA override blocks', '{\\an8}{\\i1}Look{\\i0} up{\\pos(10,20)} here.', 'Look up here.'],
    ['ALL-CAPS speaker labels at a cue or line start', 'JOHN: Are you ready?\nDR. SMITH: I am.\n- MARY JANE: Me too.', 'Are you ready? I am. Me too.'],
    ['speaker-change markers', '>> Good evening. >>> JOHN: Thank you.', 'Good evening. Thank you.'],
    ['sound tags', '[MUSIC PLAYING] Welcome back (laughs) to the (door slams) show ♪', 'Welcome back to the show'],
    ['dialogue dashes', '- Where are you going?\n- Home.', 'Where are you going? Home.'],
  ]
  for (const [name, raw, words] of cases) {
    it(`drops ${name}`, () => {
      expect(texts(srt([{ start: 0, end: 1000, text: raw }]), 'srt')).toEqual([words])
      expect(texts(vtt([{ start: 0, end: 1000, text: raw }]), 'vtt')).toEqual([words])
    })
  }

  it('keeps ordinary sentences with a colon, a spoken aside in parentheses, times and comparisons', () => {
    const raw = 'Note: this matters. He was (to be honest) tired. At 10:30 the score was 5 < 6.'
    expect(texts(srt([{ start: 0, end: 1000, text: raw }]), 'srt')).toEqual([raw])
    const caps = 'THE ANSWER IS SIMPLE: GO HOME.'
    expect(texts(srt([{ start: 0, end: 1000, text: caps }]), 'srt')).toEqual([caps])
  })

  it('drops a cue that is only a sound tag or a label', () => {
    const file = srt([
      { start: 0, end: 1000, text: '[APPLAUSE]' },
      { start: 1000, end: 2000, text: '♪ ♪' },
      { start: 2000, end: 3000, text: 'ANNOUNCER:' },
      { start: 3000, end: 4000, text: 'Thank you.' },
    ])
    expect(parseTranscript(file, 'srt')).toEqual([{ start: 3000, end: 4000, text: 'Thank you.' }])
  })
})

describe('subtitle files in any encoding', () => {
  const cues = [
    { start: 0, end: 1500, text: '{\\an8}<i>“Déjà vu,”</i> she said – ‘it’s €5.’' },
    { start: 1500, end: 3000, text: '>> JOHN: Ça va, garçon? [LAUGHS]' },
  ]
  const expected = ['“Déjà vu,” she said – ‘it’s €5.’', 'Ça va, garçon?']
  const latin1 = [
    { start: 0, end: 1500, text: '<i>«Déjà vu»</i>, señor.' },
    { start: 1500, end: 3000, text: 'MARÍA: Ça va, garçon?' },
  ]
  const latin1Expected = ['«Déjà vu», señor.', 'Ça va, garçon?']

  const files: Array<[string, Buffer, 'srt' | 'vtt', string[]]> = [
    ['Windows-1252 SRT', cp1252(srt(cues)), 'srt', expected],
    ['Windows-1252 VTT', cp1252(vtt(cues)), 'vtt', expected],
    ['Latin-1 SRT', Buffer.from(srt(latin1), 'latin1'), 'srt', latin1Expected],
    ['UTF-16 LE SRT with BOM', utf16le(srt(cues)), 'srt', expected],
    ['UTF-16 BE VTT with BOM', utf16be(vtt(cues)), 'vtt', expected],
    ['UTF-8 SRT with BOM', utf8bom(srt(cues)), 'srt', expected],
    ['UTF-8 VTT with BOM', utf8bom(vtt(cues)), 'vtt', expected],
  ]
  for (const [name, bytes, format, words] of files) {
    it(`reads ${name} with the right characters`, () => {
      const parsed = parseTranscript(decodeText(bytes), format)
      expect(parsed.map((c) => c.text)).toEqual(words)
      expect(parsed.map((c) => [c.start, c.end])).toEqual([
        [0, 1500],
        [1500, 3000],
      ])
    })
  }
})

/** An uploaded recording with a sidecar subtitle, through the real upload, collect and transcript routes. */
describe('an uploaded subtitle in another encoding', () => {
  let t: TestApp
  let alice: TestUser
  let work: string
  let speech: SyntheticEpisode

  beforeAll(async () => {
    t = await buildTestApp({ processRole: 'both', jobs: { concurrency: 1, leaseMs: 10_000, pollMs: 50, retryBaseMs: 200 } })
    alice = await createTestUser(t.db.database, 'alice@example.com')
    work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-subtitle-encoding-'))
    speech = await makeEpisode(work, 0.06)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  /** The spoken sentences dressed as real subtitle files are: quotes from a word processor, markup, labels, sound tags. */
  const dressed = (quote: [string, string]) =>
    speech.cues.map((c, i) => ({
      ...c,
      text: i === 0 ? `{\\an8}JOHN: <i>${quote[0]}${c.text}${quote[1]}</i> [MUSIC]` : `>> <font color="#fff">MARY:</font> ${quote[0]}${c.text}${quote[1]} (laughs)`,
    }))
  const spoken = (quote: [string, string]) => speech.cues.map((c) => `${quote[0]}${c.text}${quote[1]}`).join(' ')

  async function uploadAndRead(name: string, subtitle: Buffer): Promise<{ words: string; status: TranscriptionStatus }> {
    const form = multipart([
      { field: 'file', filename: 'speech.wav', content: readFileSync(speech.file) },
      { field: 'subtitle', filename: name, content: subtitle },
    ])
    const res = await t.app.inject({ method: 'POST', url: '/storage/api/upload_file', ...form, headers: { ...form.headers, ...alice.auth } })
    expect(res.statusCode, res.body).toBe(200)
    const address = res.json().storage_path as string
    expect((await t.app.inject({ method: 'POST', url: '/english_vocab/api/collect', headers: alice.auth, payload: { title: name, audio: address } })).statusCode).toBe(200)
    const read = async () =>
      (await t.app.inject({ url: `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(address)}`, headers: alice.auth })).json<{ segments: Segment[]; transcription: TranscriptionStatus }>()
    await expect.poll(async () => (await read()).transcription.status, { timeout: 60_000, interval: 100 }).toBe('done')
    const body = await read()
    return { words: body.segments.flatMap((s) => s.word_timestamps.map((w) => w.word)).join(' '), status: body.transcription }
  }

  const curly: [string, string] = ['“', '”']
  const cases: Array<[string, (text: string) => Buffer, [string, string]]> = [
    ['windows-1252.srt', cp1252, curly],
    ['latin-1.srt', (text) => Buffer.from(text, 'latin1'), ['«', '»']],
    ['utf-16le.srt', utf16le, curly],
    ['utf-16be.vtt', utf16be, curly],
    ['utf-8-bom.vtt', utf8bom, curly],
  ]
  for (const [name, encode, quote] of cases) {
    it(`times the words of ${name} with its characters and without its markup`, async () => {
      const file = name.endsWith('.vtt') ? vtt(dressed(quote)) : srt(dressed(quote))
      const { words, status } = await uploadAndRead(name, encode(file))
      expect(status.confidence).toBe('aligned')
      expect(words).toBe(spoken(quote))
      expect(words).not.toMatch(/[\u0080-\u009f\ufffd<>{}[\]]|JOHN|MARY/)
    }, 90_000)
  }
})
