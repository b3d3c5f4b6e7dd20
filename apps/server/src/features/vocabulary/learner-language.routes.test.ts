import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { LANGUAGE_MSG, MSG, NUL_IN_INPUT, TRANSLATE_SENTENCE_MAX_LENGTH, VOCABULARY_MSG } from '@lingocast/contract'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { stardictFields, writeDictd, writeStardict } from '../../../../../test/dictionaries'
import { startOpenAiStreamServer, type OpenAiStreamServer } from '../../../../../test/openai-stream'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { loadConfig } from '../../config'
import { describeCapabilities } from '../operations/capabilities'

/**
 * The learner's language (docs/vocabulary.md, Your language), over HTTP on the test database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL): the settings call, and the lookup's
 * meanings in that language from a FreeDict dictd file (dictzip), from
 * dictionaries dropped in the data dir in each format (dictd, StarDict, TSV,
 * and EDICT / CC-CEDICT text), and from the model on loopback. `real` runs on
 * this machine's own FreeDict English-German (Debian dict-freedict-eng-deu,
 * in scripts/test-prerequisites.sh).
 */
let work: string
let system: string
let own: string
let model: OpenAiStreamServer
let t: TestApp
let real: TestApp
let alice: TestUser
let bob: TestUser

const FREEDICT = 'FreeDict English–German'
const SENTENCE = 'They bought two houses near the river.'

function writeFixtures() {
  // A FreeDict English-German as Debian installs it (dictzip, chunks of 64 bytes so articles span chunks), in Ding's style.
  writeDictd(
    system,
    'freedict-eng-deu',
    [
      { headwords: ['house'], text: 'house /hˈaʊs/\nGeschlecht <neut>, Familie <fem>\n' },
      { headwords: ['house'], text: 'house /hˈaʊs/\nHaus <neut>\n      "build a house"  - ein Haus bauen\n      "a house by the river"  - ein Haus am Fluss\n see: {houses}, {detached house}\n\n' },
      { headwords: ['house'], text: 'house /hˈaʊs/\njdn./etw. unterbringen <v, trans>\n' },
      { headwords: ['consider sth'], text: 'consider sth. /kənsˈɪdəɹ/\netw. bedenken, berücksichtigen <v, trans>\n   Synonym: {take sth. into consideration}\n\n' },
      { headwords: ['dog'], text: 'dog /dˈɒɡ/\nBock <masc>, Auflagebock <masc> [techn.]\n   Synonym: {trestle}\n\n' },
      { headwords: ['dog'], text: 'dog /dˈɒɡ/\nHund <masc> [zool.]\n      "train a dog"  - einen Hund abrichten\n      "unleash the dogs"  - die Hunde loslassen\n see: {dogs}, {domestic dog}\n\n' },
      { headwords: ['illdisposed'], text: 'ill-disposed /ɪl dɪspˈəʊzd/\nübelgesinnt <adj>\n' },
    ],
    { dictzip: true, chunkLength: 64, short: 'English - German Ding/FreeDict dictionary' },
  )
  // An older FreeDict (numbered meanings), whose index files "how are you" under "how".
  writeDictd(system, 'freedict-eng-fra', [
    { headwords: ['how'], text: 'how /hau/\n1. comment, de quelle manière\n2. comme\n' },
    { headwords: ['how'], text: 'how /hauɛərjau/\ncomment allez-vous?\n' },
    { headwords: ['house'], text: 'house /haus/\nmaison\n' },
  ], { dictzip: true })
  // The self-hoster's: a dictd file (plain .dict, as dictfmt writes it) in a folder named by the language.
  writeDictd(path.join(own, 'de'), 'mein-woerterbuch', [
    { headwords: ['leisure'], text: 'leisure\n    Freizeit\n' },
    { headwords: ['house'], text: 'house\n    Haus, Gebäude\n' },
  ], { short: 'Mein Wörterbuch' })
  // A StarDict dictionary (HTML articles, a .syn of other spellings, dictzip), its bookname shown.
  writeStardict(
    path.join(own, 'de'),
    'karten',
    [
      { word: 'amiable', data: '<b>liebenswürdig</b><br>freundlich' },
      { word: 'color', data: 'Farbe &amp; Ton' },
    ],
    { bookname: 'Meine Karten', sametypesequence: 'h', synonyms: [['colour', 'color']], dictzip: true },
  )
  // A StarDict dictionary without sametypesequence (each field with its type letter), index gzipped, language in the file name.
  writeStardict(own, 'typed.eng-deu', [{ word: 'meadow', data: stardictFields([['t', 'ˈmedəʊ'], ['m', 'Wiese\nAue']]) }], { bookname: 'Typed', gzipIndex: true })
  // A TSV at the top of the folder, its language in its name: a header, a comment, a word with two lines, extra columns.
  writeFileSync(path.join(own, 'vokabeln.eng-deu.tsv'), 'word\tmeaning\n# meine Liste\nhouse\tHütte (meine Notiz)\nrun\tlaufen\trennen\nrun\tbetreiben\n')
  // No language anywhere: left out, and said so.
  writeFileSync(path.join(own, 'unnamed.tsv'), 'house\tmaison\n')
  // EDICT (EUC-JP, as Debian ships it) and CC-CEDICT (UTF-8) dropped in too.
  writeFileSync(path.join(own, 'edict'), iconv.encode('　？？？ /EDICT header/\n戌 [いぬ] /(n) eleventh sign of the Chinese zodiac (the Dog)/dog/\n犬 [いぬ] /(n) (1) dog (Canis (lupus) familiaris)/(n) (2) (derog) squealer/(P)/\n走る [はしる] /(v5r-i,vi) (1) to run/(P)/\n', 'euc-jp'))
  writeFileSync(path.join(own, 'cedict_ts.u8'), '# CC-CEDICT\n犬 犬 [quan3] /dog/\n狗 狗 [gou3] /dog/CL:隻|只[zhi1],條|条[tiao2]/\n馬 马 [ma3] /horse/CL:匹[pi3]/\n馬 马 [Ma3] /surname Ma/\n跑 跑 [pao3] /to run/\n')
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-dictionaries-'))
  system = path.join(work, 'dictd')
  own = path.join(work, 'dictionaries')
  mkdirSync(own, { recursive: true })
  writeFixtures()
  model = await startOpenAiStreamServer()
  t = await buildTestApp({
    dictionaries: { ownDir: own, systemDir: system, edict: undefined, cedict: undefined },
    ai: { baseUrl: model.baseUrl, apiKey: undefined, model: 'tiny-translator', idleTimeoutMs: 1500 },
    tutorLimitPerMinute: 5,
  })
  real = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice-language@example.com')
  bob = await createTestUser(t.db.database, 'bob-language@example.com')
})
afterAll(async () => {
  await t?.close()
  await real?.close()
  await model?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const settings = (app: TestApp, u: TestUser) => app.app.inject({ url: '/english_vocab/api/words/settings', headers: u.auth })
const put = (app: TestApp, u: TestUser, payload: object) => app.app.inject({ method: 'PUT', url: '/english_vocab/api/words/settings', headers: u.auth, payload })
async function lookup(app: TestApp, u: TestUser, word: string, sentence?: string) {
  const res = await app.app.inject({ url: `/english_vocab/api/words/lookup?word=${encodeURIComponent(word)}${sentence ? `&sentence=${encodeURIComponent(sentence)}` : ''}`, headers: u.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { lemma: string; translations: Array<{ text: string; source: string }>; native_language: string | null; dictionary_link: string | null }
}
async function learnerOf(app: TestApp, email: string, language: string) {
  const u = await createTestUser(app.db.database, email)
  expect((await put(app, u, { native_language: language })).statusCode).toBe(200)
  // Setting the language starts its indexing, and a first lookup no longer waits for it: these tests read the full answer.
  await app.app.translations.ready(language)
  return u
}

describe('word settings', () => {
  it('starts empty, lists the dictionaries found, and keeps what the learner sets (a region is dropped, a field left out stays)', async () => {
    const fresh = await settings(t, alice)
    expect(fresh.statusCode).toBe(200)
    const body = fresh.json()
    expect(body).toMatchObject({ success: true, native_language: null, dictionary_url: null, msg: 'ok' })
    // The data dir's own first (folders named by a language, then names saying it), then FreeDict's.
    expect(body.dictionaries).toEqual([
      { language: 'zh', name: 'CC-CEDICT' },
      { language: 'ja', name: 'EDICT' },
      { language: 'de', name: 'Typed' },
      { language: 'de', name: 'vokabeln.eng-deu' },
      { language: 'de', name: 'Meine Karten' },
      { language: 'de', name: 'mein-woerterbuch' },
      { language: 'de', name: FREEDICT },
      { language: 'fr', name: 'FreeDict English–French' },
    ])

    const set = await put(t, alice, { native_language: 'DE-at', dictionary_url: 'https://dict.example/?q={word}&l=de' })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toMatchObject({ native_language: 'de', dictionary_url: 'https://dict.example/?q={word}&l=de' })
    expect((await put(t, alice, { dictionary_url: 'https://dict.example/de/{word}' })).json()).toMatchObject({ native_language: 'de', dictionary_url: 'https://dict.example/de/{word}' })
    expect((await settings(t, alice)).json()).toMatchObject({ native_language: 'de', dictionary_url: 'https://dict.example/de/{word}' })
  })

  it("never shows or changes one learner's settings to another", async () => {
    const eve = await learnerOf(t, 'eve-language@example.com', 'fr')
    expect((await put(t, eve, { dictionary_url: 'https://eve.example/{word}' })).statusCode).toBe(200)
    const mallory = await createTestUser(t.db.database, 'mallory-language@example.com')
    expect((await settings(t, mallory)).json()).toMatchObject({ native_language: null, dictionary_url: null })
    expect((await put(t, mallory, { native_language: 'ja', dictionary_url: null })).statusCode).toBe(200)
    expect((await settings(t, eve)).json()).toMatchObject({ native_language: 'fr', dictionary_url: 'https://eve.example/{word}' })
    // Each lookup answers in its own learner's language, with their own web dictionary.
    expect(await lookup(t, eve, 'house')).toMatchObject({ native_language: 'fr', dictionary_link: 'https://eve.example/house', translations: [{ text: 'maison', source: 'FreeDict English–French' }] })
    const theirs = await lookup(t, mallory, 'house')
    expect(theirs).toMatchObject({ native_language: 'ja', dictionary_link: null, translations: [] })
    // Without a sign-in: nothing.
    expect((await t.app.inject({ url: '/english_vocab/api/words/settings' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'PUT', url: '/english_vocab/api/words/settings', payload: { native_language: 'de' } })).statusCode).toBe(401)
  })

  it('refuses an unknown language code, a web dictionary that is not http(s) with {word}, and NUL, changing nothing', async () => {
    const u = await learnerOf(t, 'careful@example.com', 'de')
    for (const bad of ['xx', 'deu', 'german', '', 'd', 42]) {
      const res = await put(t, u, { native_language: bad })
      expect(res.statusCode, String(bad)).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: LANGUAGE_MSG.badLanguage })
    }
    for (const bad of ['javascript:alert(1)//{word}', 'https://dict.example/', 'ftp://dict.example/{word}', `https://dict.example/${'x'.repeat(600)}{word}`]) {
      const res = await put(t, u, { dictionary_url: bad })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: LANGUAGE_MSG.badDictionaryUrl })
    }
    for (const payload of [{ native_language: 'd\u0000e' }, { dictionary_url: 'https://dict.example/\u0000{word}' }]) {
      const res = await put(t, u, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().msg).toContain(NUL_IN_INPUT)
    }
    expect((await settings(t, u)).json()).toMatchObject({ native_language: 'de', dictionary_url: null })
    // null and empty text clear.
    expect((await put(t, u, { native_language: null, dictionary_url: '' })).json()).toMatchObject({ native_language: null, dictionary_url: null })
  })
})

describe('lookup in the learner language', () => {
  it('answers FreeDict meanings (dictzip) best first: the sense the sentence uses, with examples, before subject senses and other parts of speech', async () => {
    const u = await learnerOf(t, 'freedict@example.com', 'de')
    const dog = await lookup(t, u, 'dog', 'The dog barked all night.')
    expect(dog.translations.filter((x) => x.source === FREEDICT).map((x) => x.text)).toEqual(['Hund [zool.]', 'Bock, Auflagebock [techn.]'])
    // "consider" is filed as "consider sth": found through the verb's frame.
    expect((await lookup(t, u, 'considered', 'He considered the offer.')).translations).toEqual([{ text: 'etw. bedenken, berücksichtigen', source: FREEDICT }])
    // A hyphenated word as dictd's index writes it.
    expect((await lookup(t, u, 'ill-disposed', 'He was ill-disposed towards them.')).translations).toEqual([{ text: 'übelgesinnt', source: FREEDICT }])
    // The older FreeDict's numbered meanings, without the phrase filed under "how".
    const fr = await learnerOf(t, 'french@example.com', 'fr')
    expect((await lookup(t, fr, 'how', 'I know how to swim.')).translations).toEqual([
      { text: 'comment, de quelle manière', source: 'FreeDict English–French' },
      { text: 'comme', source: 'FreeDict English–French' },
    ])
  })

  it('puts the data dir dictionaries (dictd, StarDict, TSV) first, each line naming its source', async () => {
    const u = await learnerOf(t, 'owndicts@example.com', 'de')
    const house = await lookup(t, u, 'houses', SENTENCE)
    expect(house.lemma).toBe('house')
    expect(house.translations).toEqual([
      { text: 'Hütte (meine Notiz)', source: 'vokabeln.eng-deu' },
      { text: 'Haus, Gebäude', source: 'mein-woerterbuch' },
      { text: 'Haus', source: FREEDICT },
      { text: 'Geschlecht, Familie', source: FREEDICT },
    ])
    expect((await lookup(t, u, 'amiable', 'a more amiable woman')).translations).toEqual([
      { text: 'liebenswürdig', source: 'Meine Karten' },
      { text: 'freundlich', source: 'Meine Karten' },
    ])
    // StarDict's .syn: another spelling of a headword.
    expect((await lookup(t, u, 'colour', 'What colour is it?')).translations).toEqual([{ text: 'Farbe & Ton', source: 'Meine Karten' }])
    // Fields with their type letters: the phonetic field is left out.
    expect((await lookup(t, u, 'meadow', 'a green meadow')).translations).toEqual([
      { text: 'Wiese', source: 'Typed' },
      { text: 'Aue', source: 'Typed' },
    ])
    expect((await lookup(t, u, 'running', 'She was running late.')).translations).toEqual([
      { text: 'laufen; rennen', source: 'vokabeln.eng-deu' },
      { text: 'betreiben', source: 'vokabeln.eng-deu' },
    ])
    expect((await lookup(t, u, 'leisure', 'at leisure')).translations).toEqual([{ text: 'Freizeit', source: 'mein-woerterbuch' }])
  })

  it('reads EDICT (EUC-JP) and CC-CEDICT the other way round, common words first, names left out', async () => {
    const ja = await learnerOf(t, 'japanese@example.com', 'ja')
    expect((await lookup(t, ja, 'dog', 'The dog barked.')).translations).toEqual([
      { text: '犬 [いぬ]', source: 'EDICT' },
      { text: '戌 [いぬ]', source: 'EDICT' },
    ])
    expect((await lookup(t, ja, 'ran', 'He ran home.')).translations).toEqual([{ text: '走る [はしる]', source: 'EDICT' }])
    const zh = await learnerOf(t, 'chinese@example.com', 'zh')
    expect((await lookup(t, zh, 'dog', 'The dog barked.')).translations.map((x) => x.text)).toEqual(['狗 gǒu', '犬 quǎn'])
    expect((await lookup(t, zh, 'horse', 'a horse')).translations).toEqual([{ text: '马 [馬] mǎ', source: 'CC-CEDICT' }])
  })

  it('says when no source knows a word, with the learner web dictionary for it', async () => {
    const u = await learnerOf(t, 'unknown-word@example.com', 'de')
    await put(t, u, { dictionary_url: 'https://dict.example/search?q={word}' })
    const res = await lookup(t, u, 'zorblax', 'A zorblax appeared.')
    expect(res).toMatchObject({ translations: [], native_language: 'de', dictionary_link: 'https://dict.example/search?q=zorblax' })
    // Without a language: no translations, and the lookup says so.
    expect(await lookup(t, bob, 'house', SENTENCE)).toMatchObject({ translations: [], native_language: null, dictionary_link: null })
  })

  it("names the dictionaries found (and the one left out, with why) in the start-up line", () => {
    const line = describeCapabilities(t.config).find((c) => c.name === 'dictionaries')!
    expect(line.text).toContain(`Meine Karten (de, ${path.join(own, 'de', 'karten.ifo')})`)
    expect(line.text).toContain(`${FREEDICT} (de, ${path.join(system, 'freedict-eng-deu.index')})`)
    expect(line.text).toContain(`EDICT (ja, ${path.join(own, 'edict')})`)
    expect(line.text).toMatch(/left out: \S*unnamed\.tsv \(no language/)
    // By default the data dir's own folder is DATA_DIR/dictionaries.
    expect(loadConfig({ DATA_DIR: '/srv/lingocast' }).dictionaries.ownDir).toBe('/srv/lingocast/dictionaries')
  })

  it("answers from this machine's FreeDict English-German (Debian dict-freedict-eng-deu)", async () => {
    const u = await learnerOf(real, 'real-freedict@example.com', 'de')
    const res = await lookup(real, u, 'amiable', 'Had he married a more amiable woman, he might have been made still more respectable.')
    expect(res.translations[0]).toEqual({ text: 'freundlich, liebenswürdig', source: FREEDICT })
    expect((await lookup(real, u, 'leisure', 'And Mr. John Dashwood had then leisure to consider how much there might be.')).translations[0]).toEqual({ text: 'Muße', source: FREEDICT })
  })
})

describe('the model, in the learner language', () => {
  it("translates the word in its sentence and the whole sentence, naming the model, on the tutor's budget", async () => {
    const u = await learnerOf(t, 'model-user@example.com', 'de')
    model.reply({ chunks: ['"das', ' Haus"'] })
    const word = await t.app.inject({ url: `/english_vocab/api/words/translate?word=house&sentence=${encodeURIComponent(SENTENCE)}`, headers: u.auth })
    expect(word.statusCode, word.body).toBe(200)
    expect(word.json()).toEqual({ success: true, translation: { text: 'das Haus', source: 'AI model tiny-translator' }, msg: 'ok' })
    const asked = model.requests.at(-1)!.body.messages.at(-1)!.content
    expect(asked).toContain('"house"')
    expect(asked).toContain(SENTENCE)
    expect(asked).toContain('German')

    model.reply({ chunks: ['Sie kauften ', 'ein Haus am Fluss.'] })
    const sentence = await t.app.inject({ url: `/english_vocab/api/words/translate_sentence?sentence=${encodeURIComponent(SENTENCE)}`, headers: u.auth })
    expect(sentence.json()).toEqual({ success: true, translation: { text: 'Sie kauften ein Haus am Fluss.', source: 'AI model tiny-translator' }, msg: 'ok' })
    expect(model.requests.at(-1)!.body.messages.at(-1)!.content).toContain('into German')

    model.reply({ status: 503 })
    const failed = await t.app.inject({ url: '/english_vocab/api/words/translate?word=house', headers: u.auth })
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toEqual({ success: false, msg: VOCABULARY_MSG.modelFailed })
  })

  it("asks in each learner's own language, and one learner's spent budget never stops another", async () => {
    const anna = await learnerOf(t, 'anna-model@example.com', 'de')
    const felix = await learnerOf(t, 'felix-model@example.com', 'fr')
    model.reply((request) => ({ chunks: [request.body.messages.at(-1)!.content.includes('French') ? 'maison' : 'Haus'] }))
    const ask = (u: TestUser, what: string) => t.app.inject({ url: `/english_vocab/api/words/${what}`, headers: u.auth })
    expect((await ask(anna, 'translate?word=house')).json().translation.text).toBe('Haus')
    expect((await ask(felix, 'translate?word=house')).json().translation.text).toBe('maison')
    expect(model.requests.at(-1)!.body.messages.at(-1)!.content).toContain('into French')
    // Anna spends the rest of her budget (5 a minute): she is stopped, Felix is not.
    for (let i = 0; i < 4; i++) expect((await ask(anna, `translate_sentence?sentence=${encodeURIComponent(SENTENCE)}`)).statusCode).toBe(200)
    const stopped = await ask(anna, 'translate?word=river')
    expect(stopped.statusCode).toBe(429)
    expect(stopped.json().msg).toBe(MSG.tooManyRequests)
    const his = await ask(felix, `translate_sentence?sentence=${encodeURIComponent(SENTENCE)}`)
    expect(his.statusCode, his.body).toBe(200)
    expect(his.json().translation.text).toBe('maison')
    // Changing one learner's language changes only what they are answered in.
    await put(t, felix, { native_language: 'de' })
    expect((await ask(felix, 'translate?word=house')).json().translation.text).toBe('Haus')
    expect((await settings(t, anna)).json().native_language).toBe('de')
  })

  it('refuses NUL, an over-long word or sentence and a missing word with the contract words, without asking the model', async () => {
    const u = await learnerOf(t, 'bad-translate@example.com', 'de')
    const asked = model.requests.length
    const cases: Array<[string, string]> = [
      ['translate?word=ho%00use', NUL_IN_INPUT],
      [`translate?word=house&sentence=${encodeURIComponent('A \u0000 house.')}`, NUL_IN_INPUT],
      [`translate_sentence?sentence=${encodeURIComponent('A \u0000 house.')}`, NUL_IN_INPUT],
      [`translate?word=${'w'.repeat(201)}`, 'A word or phrase is at most 200 characters'],
      [`translate?word=house&sentence=${'s'.repeat(TRANSLATE_SENTENCE_MAX_LENGTH + 1)}`, LANGUAGE_MSG.sentenceTooLong],
      [`translate_sentence?sentence=${'s'.repeat(TRANSLATE_SENTENCE_MAX_LENGTH + 1)}`, LANGUAGE_MSG.sentenceTooLong],
      ['translate?word=%20', 'word is required'],
      ['translate_sentence', LANGUAGE_MSG.sentenceRequired],
    ]
    for (const [url, msg] of cases) {
      const res = await t.app.inject({ url: `/english_vocab/api/words/${url}`, headers: u.auth })
      expect(res.statusCode, url.slice(0, 60)).toBe(400)
      expect(res.json().msg, url.slice(0, 60)).toContain(msg)
    }
    expect(model.requests.length).toBe(asked)
    // The lookup, which carries the translations, refuses NUL too.
    const nul = await t.app.inject({ url: '/english_vocab/api/words/lookup?word=ho%00use', headers: u.auth })
    expect(nul.statusCode).toBe(400)
    expect(nul.json().msg).toContain(NUL_IN_INPUT)
  })

  it('needs a language first (without spending the budget), a model, a sentence, and a signed-in user', async () => {
    const none = await createTestUser(t.db.database, 'no-language@example.com')
    const asked = model.requests.length
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ url: '/english_vocab/api/words/translate?word=house', headers: none.auth })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: LANGUAGE_MSG.noLanguage })
    }
    expect(model.requests.length).toBe(asked)
    const empty = await t.app.inject({ url: '/english_vocab/api/words/translate_sentence?sentence=%20', headers: alice.auth })
    expect(empty.json()).toEqual({ success: false, msg: LANGUAGE_MSG.sentenceRequired })
    expect((await t.app.inject({ url: '/english_vocab/api/words/translate?word=house' })).statusCode).toBe(401)
    const offline = await learnerOf(real, 'offline-translate@example.com', 'de')
    const res = await real.app.inject({ url: '/english_vocab/api/words/translate?word=house', headers: offline.auth })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: LANGUAGE_MSG.noModel })
  })
})
