import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { decodeText } from './decode-text'

/** Windows-1252 bytes written out by hand: 0x80 €, 0x91-0x94 curly quotes, 0x96 en dash, 0x97 em dash. */
const cp1252 = (ascii: TemplateStringsArray, ...specials: number[]) =>
  Buffer.concat(ascii.flatMap((part, i) => [Buffer.from(part, 'latin1'), ...(i < specials.length ? [Buffer.from([specials[i]!])] : [])]))

const utf16le = (s: string) => Buffer.from(s, 'utf16le')
const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16()

describe('decodeText', () => {
  const euroQuotes = cp1252`Price ${0x80}5 ${0x96} ${0x93}quoted${0x94} and it${0x92}s ${0x97} done`
  const expected = 'Price €5 – “quoted” and it’s — done'

  it('reads Windows-1252 as Windows-1252, never as C1 controls, declared or not', () => {
    expect(decodeText(euroQuotes)).toBe(expected)
    expect(decodeText(euroQuotes, { contentType: 'text/plain; charset=windows-1252' })).toBe(expected)
    // Latin-1 and ASCII labels mean windows-1252, as in browsers.
    expect(decodeText(euroQuotes, { contentType: 'application/xml; charset=ISO-8859-1' })).toBe(expected)
    expect(decodeText(euroQuotes, { contentType: 'text/xml; charset=us-ascii' })).toBe(expected)
    const declared = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1252"?><t>'), euroQuotes, Buffer.from('</t>')])
    expect(decodeText(declared)).toBe(`<?xml version="1.0" encoding="windows-1252"?><t>${expected}</t>`)
    expect(decodeText(euroQuotes)).not.toMatch(/[\u0080-\u009f\ufffd]/)
  })

  it('reads Latin-1 accented text with no declaration', () => {
    const titles = ['Café français', 'Leçon numéro deux', 'Über München', 'Año nuevo', 'Ça va, garçon ?', 'Naïve œuvre']
    // œ is not in Latin-1 but is 0x9C in Windows-1252, which Latin-1 writers often use.
    const bytes = Buffer.concat([Buffer.from(titles.slice(0, 5).join('\n'), 'latin1'), cp1252`\nNa${0xef}ve ${0x9c}uvre`])
    expect(decodeText(bytes).split('\n')).toEqual(titles)
  })

  it('takes valid UTF-8 as UTF-8 even when ISO-8859-1 is declared', () => {
    const doc = '<?xml version="1.0" encoding="ISO-8859-1"?><title>Café “naïve” €</title>'
    expect(decodeText(Buffer.from(doc, 'utf8'))).toBe(doc)
    expect(decodeText(Buffer.from(doc, 'utf8'), { contentType: 'text/xml; charset=iso-8859-1' })).toBe(doc)
  })

  it('falls back to Windows-1252 when UTF-8 is declared but the bytes are Latin-1', () => {
    const doc = '<?xml version="1.0" encoding="UTF-8"?><title>Señal Café</title>'
    expect(decodeText(Buffer.from(doc, 'latin1'), { contentType: 'application/rss+xml; charset=utf-8' })).toBe(doc)
    expect(decodeText(Buffer.from(doc, 'latin1'))).toBe(doc)
  })

  it('honours a declared non-Latin single-byte charset when the bytes are not UTF-8', () => {
    // "Привет" in windows-1251.
    const bytes = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2])
    expect(decodeText(bytes, { contentType: 'text/plain; charset=windows-1251' })).toBe('Привет')
    expect(decodeText(Buffer.concat([Buffer.from('<?xml version="1.0" encoding="KOI8-R"?>'), Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4])]))).toBe(
      '<?xml version="1.0" encoding="KOI8-R"?>Привет',
    )
  })

  it('ignores an unknown label', () => {
    expect(decodeText(cp1252`caf${0xe9}`, { contentType: 'text/plain; charset=x-nonsense' })).toBe('café')
  })

  it('lets a byte order mark win: UTF-8, UTF-16 LE and UTF-16 BE', () => {
    const text = '1\n00:00:00,000 --> 00:00:01,000\n“Déjà vu” – 5 €\n'
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text)
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(text)]))).toBe(text)
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]))).toBe(text)
    // A wrong declaration does not beat the BOM.
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(text)]), { contentType: 'text/plain; charset=iso-8859-1' })).toBe(text)
  })

  it('recognises UTF-16 without a BOM by its NULs', () => {
    const doc = '<?xml version="1.0" encoding="UTF-16"?><title>Crème brûlée</title>'
    expect(decodeText(utf16le(doc))).toBe(doc)
    expect(decodeText(utf16be(doc))).toBe(doc)
  })

  it('never gives a replacement character for single-byte input, even for the bytes Windows-1252 leaves undefined', () => {
    const every = Buffer.from(Array.from({ length: 256 - 32 }, (_, i) => i + 32))
    const text = decodeText(every)
    expect(text).toHaveLength(every.length)
    expect(text).not.toContain('\ufffd')
    expect(text).toContain('€')
    // 0x81 keeps its code point, as the WHATWG decoder does.
    expect(text.charCodeAt(0x81 - 32)).toBe(0x81)
    // In another single-byte charset too: 0x81 and 0xAA are undefined in windows-1253.
    expect(decodeText(Buffer.from([0x41, 0x81, 0xaa, 0xe1]), { contentType: 'text/plain; charset=windows-1253' })).toBe('A\u0081\u00aaα')
  })
})

/**
 * Text in a legacy charset with no BOM and no label anywhere, as old
 * subtitle files, CSV exports and feeds from regional hosts come. The bytes
 * are made from real sentences by iconv-lite, the same library that decodes.
 */
describe('decodeText with no declaration, in a legacy charset', () => {
  const srt = (lines: string[]) => lines.map((text, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i + 1},000\r\n${text}\r\n`).join('\r\n')
  const cases: Array<[string, string[]]> = [
    ['big5', ['今天我們要學習在餐廳點餐的英語。', '服務生會先問你想喝什麼飲料。', '記得說謝謝，這樣比較有禮貌。']],
    ['gbk', ['欢迎收听今天的英语学习节目。', '我们先复习一下上一课的单词。', '请跟着主持人大声朗读这几个句子。']],
    ['euc-kr', ['오늘은 병원에서 쓰는 영어 표현을 배워요.', '어디가 아프신지 천천히 말씀해 주세요.', '약은 하루에 세 번 식후에 드세요.']],
    ['shift_jis', ['今日はホテルのチェックインで使う英語を練習します。', '予約した名前をはっきり伝えましょう。', '朝食の時間も確認しておくと安心です。']],
    ['koi8-r', ['Сегодня мы повторим неправильные глаголы.', 'Послушайте диалог и ответьте на вопросы.', 'Не забудьте записать новые слова в тетрадь.']],
    ['windows-1251', ['Добрый вечер, это наш новый выпуск.', 'Мы поговорим о путешествиях и погоде.', 'Спасибо, что слушаете нас каждую неделю.']],
    ['windows-1255', ['שלום וברוכים הבאים לשיעור האנגלית שלנו.', 'היום נלמד איך לשאול שאלות בחנות.', 'תודה רבה ונתראה בשבוע הבא.']],
    ['tis-620', ['สวัสดีครับ วันนี้เราจะฝึกพูดภาษาอังกฤษกัน', 'ลองฟังบทสนทนาที่ร้านอาหารนะครับ', 'แล้วพูดตามช้าๆ อีกครั้งหนึ่ง']],
    ['windows-1253', ['Καλησπέρα σας και καλώς ήρθατε στο μάθημα.', 'Σήμερα θα μιλήσουμε για τον καιρό.', 'Ευχαριστούμε που μας ακούτε κάθε εβδομάδα.']],
  ]
  for (const [charset, lines] of cases) {
    it(`reads a ${charset} subtitle file and CSV rows as they were written`, () => {
      expect(decodeText(iconv.encode(srt(lines), charset))).toBe(srt(lines))
      const csv = `front,back\n${lines.map((l, i) => `word ${i},${l}`).join('\n')}\n`
      expect(decodeText(iconv.encode(csv, charset))).toBe(csv)
    })
  }

  it('takes a UTF-8 label on bytes that are not UTF-8 as no label (a server default), and detects', () => {
    const text = cases[0]![1].join('\n')
    expect(decodeText(iconv.encode(text, 'big5'), { contentType: 'text/plain; charset=utf-8' })).toBe(text)
  })

  it('still lets a declared charset win over what the bytes look like', () => {
    const text = cases[4]![1].join('\n')
    // KOI8-R bytes said to be Windows-1251: read as declared, as before.
    expect(decodeText(iconv.encode(text, 'koi8-r'), { contentType: 'text/plain; charset=windows-1251' })).toBe(iconv.decode(iconv.encode(text, 'koi8-r'), 'windows-1251'))
  })

  it('keeps Western text in Windows-1252, where a detector guesses wildly on a few accents', () => {
    const western = [
      'Die Straße ist für Fußgänger gesperrt. Schöne Grüße aus Köln!',
      'El niño comió una piña por la mañana. ¿Qué tal? ¡Olé!',
      'A educação é fundamental. Não há solução sem ação.',
      'Où est la bibliothèque ? Très intéressant, n’est-ce pas ?',
      'Blåbærsyltetøy på brødskiva. Åsa och Örjan äter smörgåsar.',
      'Le café',
      '“Déjà vu,” she said – ‘it’s €5.’',
      '<i>«Déjà vu»</i>, señor. MARÍA: Ça va, garçon?',
    ]
    for (const text of western) {
      expect(decodeText(iconv.encode(text, 'windows-1252')), text).toBe(text)
      expect(decodeText(iconv.encode(srt([text, 'And a second line.']), 'windows-1252')), text).toBe(srt([text, 'And a second line.']))
    }
  })
})

describe('decodeText on a large legacy file', () => {
  /** A feed line in Windows-1252 with accents, typographic characters and two of the bytes the charset leaves undefined (0x81, 0x9D). */
  const line = cp1252`<title>Caf${0xe9} cr${0xe8}me ${0x80}5 ${0x93}quoted${0x94} ${0x96} byte ${0x81} and ${0x9d} undefined</title>\n`
  const bytes = Buffer.alloc(14 * 1024 * 1024)
  for (let at = 0; at < bytes.length; at += line.length) line.copy(bytes, at)

  it('reads 14 MB with undefined bytes as the WHATWG decoder does, in time that grows linearly', () => {
    // The charset libraries are loaded, and both decoders warmed up, on a first megabyte, not counted here.
    decodeText(bytes.subarray(0, 1024 * 1024))
    new TextDecoder('windows-1252').decode(bytes.subarray(0, 1024 * 1024))
    // CPU time against the platform's own decoder on the same bytes in this process, so the machine's load
    // counts on both sides; the best of two runs of each, so one collection of garbage does not decide.
    const cpuMs = (work: () => unknown) => {
      const before = process.cpuUsage()
      work()
      const used = process.cpuUsage(before)
      return (used.user + used.system) / 1000
    }
    const platform = Math.min(cpuMs(() => new TextDecoder('windows-1252').decode(bytes)), cpuMs(() => new TextDecoder('windows-1252').decode(bytes)))
    let text = ''
    const ours = Math.min(cpuMs(() => (text = decodeText(bytes))), cpuMs(() => (text = decodeText(bytes))))
    // The same decoder, so about 1x; building the text a character at a time took 6-15x (1.2-2 s against 0.13-0.2 s).
    expect(ours / platform).toBeLessThan(4)
    // The Encoding Standard's windows-1252 decoder (Node 24's TextDecoder follows it) keeps each undefined byte's code point, as decodeText always did.
    expect(text === new TextDecoder('windows-1252').decode(bytes)).toBe(true)
    expect(text.slice(0, line.length)).toBe('<title>Café crème €5 “quoted” – byte \u0081 and \u009d undefined</title>\n')
    expect(text).toHaveLength(bytes.length)
  })
})
