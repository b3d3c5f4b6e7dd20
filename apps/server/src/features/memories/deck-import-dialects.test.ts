import { MEMORIES_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { detectDialect, sniffDelimiter } from './import-dialect'

let t: TestApp
let user: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  user = await createTestUser(t.db.database, 'dialects@example.com')
})
afterAll(async () => t?.close())

const inject = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) })

/** Imports `csv` into a new deck through the real route; returns the response body and the cards the deck then holds. */
async function importInto(csv: string) {
  const deck = (await inject('POST', '/english_vocab/memories/deck', { name: 'Imported' })).json().deck as { id: number }
  const body = (await inject('POST', `/english_vocab/memories/deck/${deck.id}/import`, { csv })).json()
  const cards = ((await inject('GET', `/english_vocab/memories/flashcards?deck_id=${deck.id}`)).json().flashcards as Array<{ front: string; back: string }>).map((c) => [c.front, c.back])
  return { body, cards }
}

/** Imports a file's bytes as the console sends them (base64), through the real route. */
async function importBytes(bytes: Buffer) {
  const deck = (await inject('POST', '/english_vocab/memories/deck', { name: 'Imported bytes' })).json().deck as { id: number }
  const res = await inject('POST', `/english_vocab/memories/deck/${deck.id}/import`, { file_base64: bytes.toString('base64') })
  const cards = ((await inject('GET', `/english_vocab/memories/flashcards?deck_id=${deck.id}`)).json().flashcards as Array<{ front: string; back: string }>).map((c) => [c.front, c.back])
  return { status: res.statusCode, body: res.json(), cards }
}

/** Windows-1252 by hand: the typographic characters at 0x80-0x9F, Latin-1 for the rest. */
const CP1252: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 }
const cp1252 = (text: string) => Buffer.from([...text].map((c) => CP1252[c] ?? c.charCodeAt(0)))

describe('deck import dialects', () => {
  it('reads a semicolon-separated file, as spreadsheets write it where the comma is the decimal mark', async () => {
    const csv = '\uFEFFFront;Back;Note\r\nlibre;free, as in speech;x\r\n"a; b";"line one\r\nline two";\r\n\r\ntasse;"cup ""of"" tea";2,5\r\n'
    const { body, cards } = await importInto(csv)
    expect(body).toEqual({ success: true, imported: 3, msg: 'ok' })
    expect(cards).toEqual([
      ['libre', 'free, as in speech'],
      ['a; b', 'line one\nline two'],
      ['tasse', 'cup "of" tea'],
    ])
  })

  it('reads a tab-separated file with stray quotes inside words', async () => {
    const { body, cards } = await importInto('word\tmeaning\tback\tfront\n\t\t\t\n1\tx\tthe 5" screen\tscreen\nx\ty\tsaid "hi", left\tgreet\n')
    expect(body.imported).toBe(2)
    expect(cards).toEqual([
      ['screen', 'the 5" screen'],
      ['greet', 'said "hi", left'],
    ])
  })

  it("reads Anki's Notes in Plain Text export with its header lines and HTML fields", async () => {
    const file = [
      '#separator:tab',
      '#html:true',
      '#guid column:1',
      '#notetype column:2',
      '#deck column:3',
      '#tags column:6',
      '#some future key:ignored',
      'a1B2c3\tBasic\tEnglish::Podcasts\t<b>Tom</b> &amp; Jerry\tchase<br>run after<div>a cat &lt;&gt; mouse</div>\tcartoon',
      'd4E5f6\tBasic\tEnglish::Podcasts\tcaf&eacute;&nbsp;cr&egrave;me\t"a ""quoted"" <i>word</i>"\t',
      '',
    ].join('\n')
    const { body, cards } = await importInto(file)
    expect(body).toEqual({ success: true, imported: 2, msg: 'ok' })
    expect(cards).toEqual([
      ['Tom & Jerry', 'chase\nrun after\na cat <> mouse'],
      ['café crème', 'a "quoted" word'],
    ])
  })

  it('takes front and back from #columns by name, wherever they are', async () => {
    const file = '#separator:Semicolon\n#html:false\n#columns:Tags;Back;Front\nverbs;to settle down;settle\nnouns;<b>kept</b> as typed;tag\n'
    const { body, cards } = await importInto(file)
    expect(body.imported).toBe(2)
    expect(cards).toEqual([
      ['settle', 'to settle down'],
      ['tag', '<b>kept</b> as typed'],
    ])
  })

  it('takes the first two columns as front and back when #columns is absent, with no header row', async () => {
    const { body, cards } = await importInto('#separator:pipe\nfront|back\nhouse|maison\n')
    expect(body.imported).toBe(2)
    expect(cards).toEqual([
      ['front', 'back'],
      ['house', 'maison'],
    ])
  })

  it('keeps reading Excel CSV: BOM, CRLF, quoted newlines and commas, formulas escaped', async () => {
    const csv = '\uFEFFfront,back,source_title\r\n"naïve, ""quoted""","line one\r\nline two",\r\n"\'=SUM(1)",formula,\r\n,,\r\n'
    const { body, cards } = await importInto(csv)
    expect(body).toEqual({ success: true, imported: 2, msg: 'ok' })
    expect(cards).toEqual([
      ['naïve, "quoted"', 'line one\nline two'],
      ['=SUM(1)', 'formula'],
    ])
  })

  it('imports a row repeated in the file once, but the same word with another back twice', async () => {
    const { body, cards } = await importInto('front;back\nrun;move fast\nrun;move fast\nrun;manage a business\n')
    expect(body.imported).toBe(2)
    expect(cards).toEqual([
      ['run', 'move fast'],
      ['run', 'manage a business'],
    ])
  })

  it('keeps the error texts, numbers rows as in the file, and imports nothing from a bad file', async () => {
    const expectRejected = async (csv: string, msg: string) => {
      const { body, cards } = await importInto(csv)
      expect(body).toEqual({ success: false, msg })
      expect(cards).toEqual([])
    }
    await expectRejected('word;meaning\na;b', MEMORIES_MSG.csvNoColumns)
    await expectRejected('Front\tBack\na\tb\n\tc', `Row 3: ${MEMORIES_MSG.frontRequired}`)
    await expectRejected('#separator:tab\n#html:true\nok\tfine\n<br>\tno front', `Row 4: ${MEMORIES_MSG.frontRequired}`)
    await expectRejected('#separator:semicolon\n#html:true\n#columns:Front;Back\nok;fine\nword;<b> </b>&nbsp;', `Row 5: ${MEMORIES_MSG.backRequired}`)
    await expectRejected('#separator:tab\n#columns:Word\tTags\nlonely\ttag', MEMORIES_MSG.csvNoColumns)
    await expectRejected('front;back\n"a;b', MEMORIES_MSG.csvUnreadable)
    await expectRejected('\uFEFF \r\n', MEMORIES_MSG.csvEmpty)
  })
})

describe('deck files in any encoding, sent as bytes', () => {
  /** What Excel saves as "CSV (Comma delimited)" on a Western Windows: Windows-1252, no BOM, CRLF. */
  const EXCEL = 'Front,Back\r\n“settle”,to calm down – costs 5€\r\ncafé,a place for coffee\r\n'
  const CARDS = [
    ['“settle”', 'to calm down – costs 5€'],
    ['café', 'a place for coffee'],
  ]

  it('reads a Windows-1252 CSV without BOM with its curly quotes, euro sign and accents', async () => {
    const bytes = cp1252(EXCEL)
    // The bytes Excel writes: 0x93/0x94 quotes, 0x96 dash, 0x80 euro, 0xE9 é; not UTF-8.
    expect([0x93, 0x94, 0x96, 0x80, 0xe9].map((b) => bytes.includes(b))).toEqual([true, true, true, true, true])
    const { body, cards } = await importBytes(bytes)
    expect(body).toEqual({ success: true, imported: 2, msg: 'ok' })
    expect(cards).toEqual(CARDS)
    expect(JSON.stringify(cards)).not.toMatch(/[\u0080-\u009f\ufffd]/)
  })

  it('still reads UTF-8, UTF-8 with a BOM and UTF-16 with a BOM the same way', async () => {
    const encodings: Array<[string, Buffer]> = [
      ['UTF-8', Buffer.from(EXCEL)],
      ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(EXCEL)])],
      ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(EXCEL, 'utf16le')])],
    ]
    for (const [name, bytes] of encodings) {
      const { body, cards } = await importBytes(bytes)
      expect(body, name).toEqual({ success: true, imported: 2, msg: 'ok' })
      expect(cards, name).toEqual(CARDS)
    }
  })

  it('reads a Windows-1252 Anki plain-text export and a semicolon file the same way', async () => {
    const anki = await importBytes(cp1252('#separator:tab\n#html:true\n<b>naïve</b>\t“innocent” – 2€\n'))
    expect(anki.cards).toEqual([['naïve', '“innocent” – 2€']])
    const semicolon = await importBytes(cp1252('Front;Back\r\nbrûlée;burnt ‘crème’\r\n'))
    expect(semicolon.cards).toEqual([['brûlée', 'burnt ‘crème’']])
  })

  it('drops NUL bytes inside the file, as text from outside always is, instead of failing the save', async () => {
    const { body, cards } = await importBytes(Buffer.from('Front,Back\r\nse\u0000ttle,to calm\u0000 down\r\n'))
    expect(body).toEqual({ success: true, imported: 1, msg: 'ok' })
    expect(cards).toEqual([['settle', 'to calm down']])
  })

  it('keeps its refusals: no file, an empty file, bytes that are not base64, a file over 900 KB', async () => {
    const deck = (await inject('POST', '/english_vocab/memories/deck', { name: 'Refusals' })).json().deck as { id: number }
    const post = async (payload: object) => (await inject('POST', `/english_vocab/memories/deck/${deck.id}/import`, payload)).json()
    expect(await post({})).toEqual({ success: false, msg: MEMORIES_MSG.csvEmpty })
    expect(await post({ file_base64: '' })).toEqual({ success: false, msg: MEMORIES_MSG.csvEmpty })
    expect(await post({ file_base64: Buffer.from('\uFEFF \r\n').toString('base64') })).toEqual({ success: false, msg: MEMORIES_MSG.csvEmpty })
    expect(await post({ file_base64: 'not base64!' })).toEqual({ success: false, msg: MEMORIES_MSG.csvUnreadable })
    const big = Buffer.alloc(900_001, 'a').toString('base64')
    expect(await post({ file_base64: big })).toEqual({ success: false, msg: MEMORIES_MSG.csvTooLarge })
    // Just under the limit goes through validation to the CSV reader (no front/back header here).
    expect(await post({ file_base64: Buffer.alloc(899_999, 'a').toString('base64') })).toEqual({ success: false, msg: MEMORIES_MSG.csvNoColumns })
    expect((await inject('GET', `/english_vocab/memories/flashcards?deck_id=${deck.id}`)).json().flashcards).toEqual([])
  })
})

describe('dialect detection', () => {
  it('sniffs the separator from the header line, ignoring quoted ones', () => {
    expect(sniffDelimiter('front;back;note\na,b,c,d,e')).toBe(';')
    expect(sniffDelimiter('\n"a,b,c"\tback')).toBe('\t')
    expect(sniffDelimiter('front')).toBe(',')
  })

  it("reads Anki's separator names and literal separators, and ignores header lines it does not know", () => {
    expect(detectDialect('#separator:Comma\nx').delimiter).toBe(',')
    expect(detectDialect('#separator:|\nx').delimiter).toBe('|')
    const d = detectDialect('\uFEFF#separator:tab\r\n#html:TRUE\r\n#notetype:Basic\r\n#tags column:3\r\nfront\tback\r\n')
    expect(d).toMatchObject({ delimiter: '\t', html: true, ankiHeader: true, columns: null, metaColumns: [2], headerLines: 4, body: 'front\tback\r\n' })
    expect(detectDialect('front,back\n#not,a header')).toMatchObject({ ankiHeader: false, headerLines: 0 })
  })
})
