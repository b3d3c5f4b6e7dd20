import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { podcastFeed, startFeedServer, type FeedServer } from '../../../../../test/feed-server'
import { makeEpisode, type SyntheticEpisode } from '../../../../../test/speech'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { feedFromBytes } from './read-feed'

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

describe('feedFromBytes', () => {
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
      const reading = feedFromBytes(bytes, type, 'https://feeds.example.org/show.xml', {})
      if (!('feed' in reading)) throw new Error(`not read: ${JSON.stringify(reading)}`)
      expect([reading.feed.title, ...reading.feed.items.map((i) => i.title)]).toEqual([titles[0], ...titles])
      expect(JSON.stringify(reading.feed)).not.toMatch(/[\u0080-\u009f\ufffd]/)
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

/**
 * Podcasts from regional hosts in a legacy charset, declared nowhere: no BOM,
 * no encoding in the XML declaration, no charset in the Content-Type. The
 * bytes are made from real text by iconv-lite.
 */
const LEGACY: Array<{ charset: string; title: string; description: string; episodes: Array<{ title: string; description: string }> }> = [
  {
    charset: 'big5',
    title: '每日英語會話',
    description: '每天十分鐘，用簡單的對話學習生活中最常用的英語。',
    episodes: [
      { title: '第一集：在咖啡店點餐', description: '今天我們學習如何用英語在咖啡店點餐，包括常用的句型和禮貌的說法。' },
      { title: '第二集：機場報到與登機', description: '出國旅行時，在機場報到、托運行李和登機都需要用到的實用英語對話。' },
    ],
  },
  {
    charset: 'gbk',
    title: '每天十分钟学英语',
    description: '适合初学者的英语播客，每期讲解一个生活场景。',
    episodes: [
      { title: '第一课：如何用英语做自我介绍', description: '这一期节目里，我们来学习第一次见面时怎样用英语介绍自己的名字、工作和爱好。' },
      { title: '第二课：在餐厅里点菜和结账', description: '主持人带你练习在国外餐厅点菜、询问推荐菜品以及结账时最常用的英语句子。' },
    ],
  },
  {
    charset: 'euc-kr',
    title: '매일 듣는 영어 회화',
    description: '하루 십 분, 실생활에서 바로 쓰는 영어 표현을 함께 연습해요.',
    episodes: [
      { title: '1회: 카페에서 주문하기', description: '오늘은 카페에서 커피를 주문할 때 자주 쓰는 영어 표현을 배워 봅니다. 천천히 따라 해 보세요.' },
      { title: '2회: 공항에서 길 묻기', description: '해외 여행 중 공항에서 길을 잃었을 때 도움을 요청하는 방법과 유용한 문장을 알려 드립니다.' },
    ],
  },
  {
    charset: 'shift_jis',
    title: '毎日ちょっと英会話',
    description: '通勤中に聞ける、やさしい英会話のポッドキャストです。',
    episodes: [
      { title: '第1回：カフェで注文してみよう', description: '今回はカフェでコーヒーを注文するときに使える簡単な英語の表現を紹介します。ゆっくり練習しましょう。' },
      { title: '第2回：空港でのチェックイン', description: '海外旅行の前に覚えておきたい、空港のカウンターで使う便利なフレーズを一緒に学びます。' },
    ],
  },
  {
    charset: 'koi8-r',
    title: 'Английский за десять минут',
    description: 'Короткие уроки разговорного английского для начинающих.',
    episodes: [
      { title: 'Выпуск 1: Как заказать кофе', description: 'Сегодня мы учимся заказывать кофе в кафе и вежливо просить счёт. Повторяйте за ведущим вслух.' },
      { title: 'Выпуск 2: В аэропорту', description: 'Полезные фразы для регистрации на рейс, сдачи багажа и поиска нужного выхода на посадку.' },
    ],
  },
  {
    charset: 'windows-1255',
    title: 'אנגלית מדוברת בכל יום',
    description: 'פודקאסט קצר ללימוד אנגלית יומיומית למתחילים.',
    episodes: [
      { title: 'פרק ראשון: להזמין קפה בבית קפה', description: 'בפרק הזה נלמד איך להזמין קפה באנגלית, לבקש את החשבון ולדבר בנימוס עם המלצר.' },
      { title: 'פרק שני: בשדה התעופה', description: 'משפטים שימושיים לצ׳ק אין, למסירת מזוודות ולמציאת השער הנכון לפני הטיסה.' },
    ],
  },
  {
    charset: 'tis-620',
    title: 'ภาษาอังกฤษวันละนิด',
    description: 'พอดแคสต์สอนภาษาอังกฤษสั้นๆ สำหรับผู้เริ่มต้น',
    episodes: [
      { title: 'ตอนที่ 1: สั่งกาแฟที่ร้าน', description: 'วันนี้เราจะมาเรียนประโยคภาษาอังกฤษที่ใช้สั่งกาแฟและขอใบเสร็จที่ร้านกาแฟอย่างสุภาพ' },
      { title: 'ตอนที่ 2: เช็คอินที่สนามบิน', description: 'ประโยคที่มีประโยชน์สำหรับการเช็คอิน การฝากกระเป๋า และการถามทางไปประตูขึ้นเครื่อง' },
    ],
  },
]

describe('feeds in a legacy charset declared nowhere, imported over HTTP', () => {
  for (const show of LEGACY) {
    it(`reads a ${show.charset} podcast with its title, episode titles and descriptions as written`, async () => {
      const xml = declaring(
        podcastFeed({
          title: show.title,
          description: show.description,
          items: show.episodes.map((e, i) => ({ guid: `${show.charset}-${i}`, title: e.title, description: e.description, audio: `${feeds.url}/media/${show.charset}-${i}.mp3`, pubDate: `Mon, 0${i + 2} Nov 2026 10:00:00 GMT` })),
        }),
        null,
      )
      const bytes = iconv.encode(xml, show.charset)
      // Really undeclared and really not UTF-8: the bytes alone must tell.
      expect(bytes.subarray(0, 64).toString('latin1')).not.toMatch(/encoding|\?xml/i)
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow()
      feeds.set(`/legacy-${show.charset}.xml`, { body: bytes, type: 'application/rss+xml' })
      const imported = await post('/english_vocab/api/import-rss-channel', { rss_url: `${feeds.url}/legacy-${show.charset}.xml` })
      expect(imported.json(), imported.body).toMatchObject({ success: true, title: show.title })
      const rssId = imported.json().rss_id as number
      const channel = ((await get('/english_vocab/api/rss-list')).json().data as Array<{ id: number; title: string; description: string }>).find((c) => c.id === rssId)
      expect(channel).toMatchObject({ title: show.title, description: show.description })
      const items = (await get(`/english_vocab/api/rss-items?rss_id=${rssId}`)).json().items as Array<{ title: string; description: string; rss_channel_name: string }>
      expect(items.map((i) => ({ title: i.title, description: i.description }))).toEqual([...show.episodes].reverse())
      expect(items.every((i) => i.rss_channel_name === show.title)).toBe(true)
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
