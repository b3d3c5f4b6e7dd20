import type { Segment } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'
import { createTranscriptsRepo } from '../media/transcripts.repo'
import { arpabetToIpa } from './ipa'

describe('ARPAbet to IPA', () => {
  it('maps phones, reduces unstressed vowels and puts the stress mark before the syllable', () => {
    expect(arpabetToIpa('K AH0 M P Y UW1 T ER0')).toBe('kəmˈpjutɚ')
    expect(arpabetToIpa('AH0 B R AO1 D')).toBe('əˈbrɔd')
    expect(arpabetToIpa('M IH0 S T EY1 K')).toBe('mɪˈsteɪk')
    expect(arpabetToIpa('AH2 N D ER0 S T AE1 N D')).toBe('ˌʌndɚˈstænd')
    expect(arpabetToIpa('EH1 K S T R AH0')).toBe('ˈɛkstrə')
  })

  it('leaves one-syllable words unmarked and refuses what is not ARPAbet', () => {
    expect(arpabetToIpa('TH IH1 NG K')).toBe('θɪŋk')
    expect(arpabetToIpa('DH AH0')).toBe('ðə')
    expect(arpabetToIpa('K QQ1 T')).toBeUndefined()
    expect(arpabetToIpa('K AE T')).toBeUndefined()
  })
})

let t: TestApp
let alice: TestUser
let bob: TestUser
const lookup = (u: TestUser, word: string, sentence?: string) =>
  t.app.inject({ method: 'GET', url: '/english_vocab/api/words/lookup', headers: u.auth, query: { word, ...(sentence !== undefined ? { sentence } : {}) } })
const segment = (start: number, text: string): Segment => ({ start, end: start + 1000, text, word_timestamps: [] })

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  const transcripts = createTranscriptsRepo(t.db.database.db)
  await transcripts.storeIfAbsent('http://media.test/run.mp3', 'publisher', [segment(0, 'I run every day. She ran yesterday.'), segment(1000, 'He runs to the river bank.')])
  await transcripts.storeIfAbsent('http://media.test/race.mp3', 'publisher', [segment(0, 'They were running a race.')])
  const articles = createLibraryRepo(t.db.database.db)
  await articles.insert(alice.id, { title: 'Running', audio: 'http://media.test/run.mp3' })
  await articles.insert(alice.id, { title: 'Race', audio: 'http://media.test/race.mp3' })
  // Two articles on one media: its words are met once, not twice.
  await articles.insert(alice.id, { title: 'Running again', audio: 'http://media.test/run.mp3' })
  // Alice's library is counted before lookups (the first comprehension call counts old transcripts).
  await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/comprehension', headers: alice.auth })
})
afterAll(async () => t?.close())

describe('lookupWord', () => {
  it('gives the lemma and part of speech in the sentence, the IPA of the form heard, a sense, the status and how often it was met', async () => {
    const res = await lookup(alice, 'ran', 'She ran yesterday.')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ success: true, word: 'ran', lemma: 'run', pos: 'VERB', ipa: 'ræn', status: 'new', msg: 'ok' })
    expect(body.sense.gloss.length).toBeGreaterThan(5)
    // run, ran, runs in one transcript and running in the other.
    expect(body.seen).toBe(4)
  })

  it('picks the sense that fits the sentence', async () => {
    const river = (await lookup(alice, 'bank', 'We sat on the grassy bank of the river and watched the water.')).json()
    const money = (await lookup(alice, 'bank', 'She deposited her money and savings in the bank account.')).json()
    expect(river.sense.gloss).not.toBe(money.sense.gloss)
    expect(river.sense.gloss).toMatch(/slop|land|river|water/)
    expect(money.sense.gloss).toMatch(/financ|money|deposit/)
  })

  it('shows the user’s own status, and another user’s library and marks never count', async () => {
    await t.db.database.db.execute(sql`insert into user_words (user_id, lemma, status) values (${alice.id}, 'run', 'known')`)
    expect((await lookup(alice, 'Running')).json()).toMatchObject({ lemma: 'run', status: 'known', seen: 4 })
    expect((await lookup(bob, 'running')).json()).toMatchObject({ lemma: 'run', status: 'new', seen: 0 })
  })

  it('folds the other senses away: each once, not the chosen one, most likely first', async () => {
    const body = (await lookup(alice, 'bank', 'She deposited her money and savings in the bank account.')).json()
    const others = body.other_senses as Array<{ pos: string; gloss: string; examples: string[] }>
    expect(others.length).toBeGreaterThan(3)
    expect(others.map((o) => o.gloss)).not.toContain(body.sense.gloss)
    expect(others.map((o) => o.gloss)).toContain('sloping land (especially the slope beside a body of water)')
    for (const o of others) expect(['NOUN', 'VERB', 'ADJ', 'ADV']).toContain(o.pos)
  })

  it('reads "consider how much" as weighing, not "deem to be"', async () => {
    const body = (await lookup(alice, 'consider', 'You need to consider how much the trip will cost.')).json()
    expect(body).toMatchObject({ lemma: 'consider', pos: 'VERB' })
    expect(body.sense.gloss).not.toBe('deem to be')
    expect(body.other_senses.map((o: { gloss: string }) => o.gloss)).toContain('deem to be')
  })

  it('gives a hyphenated word WordNet lacks its lemma, part of speech, IPA and meaning from its parts', async () => {
    const body = (await lookup(alice, 'ill-disposed', 'He was not an ill-disposed young man.')).json()
    expect(body).toMatchObject({ word: 'ill-disposed', lemma: 'ill-disposed', pos: 'ADJ', ipa: 'ˈɪldɪˈspoʊzd' })
    expect(body.sense.gloss).toMatch(/^ill: .+; disposed: .+/)
    // One WordNet has whole keeps its own sense and IPA; a noun one says so.
    expect((await lookup(alice, 'well-known', 'He is a well-known writer.')).json()).toMatchObject({ lemma: 'well-known', pos: 'ADJ', ipa: 'ˈwɛlˈnoʊn', sense: { gloss: 'widely or fully known' } })
    const checkIn = (await lookup(alice, 'check-in', 'The check-in at the airport was slow.')).json()
    expect(checkIn).toMatchObject({ lemma: 'check-in', pos: 'NOUN', ipa: 'ˈtʃɛkɪn' })
    expect(checkIn.sense.gloss).toMatch(/reporting your presence/)
  })

  it('reads a contraction as written, marked under its first word, with its IPA and what it is short for', async () => {
    const dont = (await lookup(alice, 'don’t', 'I don’t know where she lives.')).json()
    expect(dont).toMatchObject({ word: "don't", lemma: 'do', pos: 'AUX', ipa: 'doʊnt' })
    expect(dont.sense.gloss).toMatch(/^short for “do not” \(do: .+; not: .+\)$/)
    expect((await lookup(alice, "can't", "I can't swim.")).json()).toMatchObject({ word: "can't", lemma: 'can', ipa: 'kænt', sense: { gloss: expect.stringMatching(/^short for “cannot”/) } })
    expect((await lookup(alice, "I'm", "I'm tired.")).json()).toMatchObject({ word: "i'm", lemma: 'i', pos: 'PRON', ipa: 'aɪm', sense: { gloss: expect.stringMatching(/^short for “I am”/) } })
    // "'d" and "'s" by what follows: had and has before a past participle, would and is otherwise.
    expect((await lookup(alice, "they'd", "They'd gone home by then.")).json().sense.gloss).toMatch(/^short for “they had”/)
    expect((await lookup(alice, "they'd", "They'd like a coffee.")).json().sense.gloss).toMatch(/^short for “they would”/)
    expect((await lookup(alice, "she's", "She's tired.")).json().sense.gloss).toMatch(/^short for “she is”/)
    // A contraction the dictionary lacks is said by its parts.
    expect((await lookup(alice, "where'll", "Where'll we meet tomorrow?")).json()).toMatchObject({
      word: "where'll",
      lemma: 'where',
      ipa: 'wɛrl',
      sense: { gloss: expect.stringMatching(/^short for “where will” \(where: .+; will: .+\)$/) },
    })
  })

  it('gives the function words WordNet leaves out a meaning: "how", "what", the auxiliary "can"', async () => {
    const how = (await lookup(alice, 'How', 'How did you find it?')).json()
    expect(how).toMatchObject({ word: 'how', lemma: 'how', pos: 'ADV', ipa: 'haʊ' })
    expect(how.sense.gloss).toMatch(/in what way/)
    expect((await lookup(alice, 'what', 'What are you reading?')).json().sense.gloss).toMatch(/which thing/)
    const can = (await lookup(alice, 'can', 'Can you help me?')).json()
    expect(can).toMatchObject({ lemma: 'can', pos: 'AUX', sense: { gloss: 'be able to; be allowed to' } })
    // WordNet's senses (a tin, to preserve in one) are there, folded.
    expect(can.other_senses.length).toBeGreaterThan(0)
    expect((await lookup(alice, 'it', 'It is raining.')).json().sense.gloss).not.toMatch(/engineering/)
  })

  it('keeps each user’s status of a contraction’s word and of a hyphenated word to that user', async () => {
    await t.db.database.db.execute(sql`insert into user_words (user_id, lemma, status) values (${alice.id}, 'do', 'known'), (${alice.id}, 'ill-disposed', 'learning')`)
    expect((await lookup(alice, "don't", "I don't know.")).json()).toMatchObject({ lemma: 'do', status: 'known' })
    expect((await lookup(alice, 'ill-disposed', 'He was not an ill-disposed young man.')).json()).toMatchObject({ status: 'learning' })
    expect((await lookup(bob, "don't", "I don't know.")).json()).toMatchObject({ lemma: 'do', status: 'new' })
    expect((await lookup(bob, 'ill-disposed', 'He was not an ill-disposed young man.')).json()).toMatchObject({ status: 'new' })
    await t.db.database.db.execute(sql`delete from user_words where user_id = ${alice.id} and lemma in ('do', 'ill-disposed')`)
  })

  it('answers a word the dictionaries lack with no IPA and no sense', async () => {
    const body = (await lookup(alice, 'blorptastic')).json()
    expect(body).toMatchObject({ word: 'blorptastic', ipa: null, sense: null, other_senses: [], status: 'new', seen: 0 })
  })

  it('refuses a missing, empty or overlong word with the contract’s texts', async () => {
    for (const [word, msg] of [
      [undefined, 'word is required'],
      ['  ', 'word is required'],
      ['x'.repeat(65), 'A word is at most 64 characters'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/lookup', headers: alice.auth, query: word === undefined ? {} : { word } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ success: false, msg })
    }
    expect((await t.app.inject({ method: 'GET', url: '/english_vocab/api/words/lookup?word=run' })).statusCode).toBe(401)
  })
})
