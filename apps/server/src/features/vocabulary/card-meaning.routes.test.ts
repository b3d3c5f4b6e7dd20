import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { cueOfMeaning, flashcardSuggestionsIn, type FlashcardSuggestion } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'

/**
 * A card's meaning is its word's, in that sentence: every card the player's
 * ways of making one propose (the flashcard request for a word the learner
 * picked or looked up, the one the tutor picks, the Explain suggestions, a
 * question about a word of the sentence) says what the lookup popover shows
 * for the card's front in that sentence, over HTTP with the offline tutor:
 * the same sense, and the learner's language first when the popover shows
 * it first. A word or phrase the lookup has no meaning for gets no card,
 * never another word's meaning.
 */

const SMARTPHONE = 'The ubiquitous smartphone has changed our habits.'
const FAIR = 'Her pies won a ribbon at the county fair.'
const PIGS = 'The whole family went to the county fair to see the prize pigs.'
const PRUDENTLY = 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.'
const RIVER = 'We sat on the grassy bank of the river and watched the water.'
const MONEY = 'The bank refused to lend him the money for the house.'
const FORWARD = 'I look forward to seeing you again.'
const SPITE = 'We went out in spite of the rain.'

let work: string
let t: TestApp
/** A learner with no language, and one whose language is German (a dictionary of their own in the data dir). */
let english: TestUser
let german: TestUser
const articles = new Map<TestUser, number>()

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-card-meaning-'))
  const own = path.join(work, 'dictionaries')
  const system = path.join(work, 'dictd')
  mkdirSync(own, { recursive: true })
  mkdirSync(system, { recursive: true })
  writeFileSync(path.join(own, 'karten.eng-deu.tsv'), 'smartphone\tSmartphone\ncounty fair\tJahrmarkt\nubiquitous\tallgegenwärtig\n')
  t = await buildTestApp({ dictionaries: { ownDir: own, systemDir: system, edict: undefined, cedict: undefined } })
  english = await createTestUser(t.db.database, 'card-meaning-en@example.com')
  german = await createTestUser(t.db.database, 'card-meaning-de@example.com')
  const settings = await t.app.inject({ method: 'PUT', url: '/english_vocab/api/words/settings', headers: german.auth, payload: { native_language: 'de' } })
  expect(settings.statusCode, settings.body).toBe(200)
  await t.app.translations.ready('de')
  for (const u of [english, german]) articles.set(u, (await createLibraryRepo(t.db.database.db).insert(u.id, { title: 'Habits' })).id)
})
afterAll(async () => {
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** What the popover shows for a word or phrase in its sentence, and the cue a card takes from it. */
async function lookupCue(u: TestUser, word: string, sentence: string): Promise<string | undefined> {
  const res = await t.app.inject({ url: `/english_vocab/api/words/lookup?word=${encodeURIComponent(word)}&sentence=${encodeURIComponent(sentence)}`, headers: u.auth })
  expect(res.statusCode, res.body).toBe(200)
  return cueOfMeaning(res.json())
}

const turn = (sentence: string, explain: object) => ({
  role: 'user',
  content: '',
  explain: { previousSegments: [{ start: 0, text: 'Everyone talks about it.' }], currentSegment: { start: 4_000, text: sentence }, nextSegments: [{ start: 9_000, text: 'Nobody goes back.' }], ...explain },
})
async function chat(u: TestUser, messages: object[]): Promise<FlashcardSuggestion[]> {
  const res = await t.app.inject({ method: 'POST', url: '/english_vocab/api/chat-explain-english', headers: u.auth, payload: { article_id: articles.get(u), user_messages: messages } })
  expect(res.statusCode, res.body).toBe(200)
  return flashcardSuggestionsIn(res.body)
}
/** The card window's flashcard request: the sentence flagged, with the word the learner picked or looked up when there is one. */
const request = (u: TestUser, sentence: string, front?: string) => chat(u, [turn(sentence, { flashcard: true, ...(front ? { front } : {}) })])

/** Each card's back is the lookup's cue for its front in the sentence (a chat suggestion's followed by the sentence). */
async function expectLookupMeanings(u: TestUser, cards: FlashcardSuggestion[], sentence: string, quoted = false) {
  expect(cards.length).toBeGreaterThan(0)
  for (const card of cards) {
    const cue = await lookupCue(u, card.front, sentence)
    expect(cue, card.front).toBeDefined()
    expect(card.back, card.front).toBe(quoted ? `${cue} — “${sentence}”` : cue)
  }
}

describe('a card made for the word the learner picked or looked up', () => {
  it('never takes another word of the sentence: "smartphone" is not "ubiquitous"', async () => {
    expect(await lookupCue(english, 'ubiquitous', SMARTPHONE)).toBe('(adjective) being present everywhere at once')
    // WordNet has no "smartphone": the popover shows no meaning, and the tutor proposes no card in its place.
    expect(await lookupCue(english, 'smartphone', SMARTPHONE)).toBeUndefined()
    const cards = await request(english, SMARTPHONE, 'smartphone')
    expect(cards).toEqual([])
    // In German the popover shows its dictionary's meaning: the card says that.
    expect(await lookupCue(german, 'smartphone', SMARTPHONE)).toBe('Smartphone')
    const mine = await request(german, SMARTPHONE, 'smartphone')
    expect(mine[0]).toEqual({ front: 'smartphone', back: 'Smartphone' })
    await expectLookupMeanings(german, mine, SMARTPHONE)
    expect(mine.map((c) => c.back).join(' ')).not.toContain('present everywhere')
  })

  it('gives a phrase its own meaning, never one of its words\'', async () => {
    expect(await lookupCue(english, 'county fair', FAIR)).toBeUndefined()
    expect(await request(english, FAIR, 'county fair')).toEqual([])
    expect(await lookupCue(german, 'county fair', FAIR)).toBe('Jahrmarkt')
    const fair = await request(german, FAIR, 'county fair')
    expect(fair[0]).toEqual({ front: 'county fair', back: 'Jahrmarkt' })
    await expectLookupMeanings(german, fair, FAIR)
    // A phrase WordNet has (without its particle): its sense, as the popover shows it.
    const forward = await request(english, FORWARD, 'look forward to')
    expect(forward[0]).toEqual({ front: 'look forward to', back: '(phrase) expect or hope for' })
    await expectLookupMeanings(english, forward, FORWARD)
    // A phrase it lacks gets no card, not one of "spite".
    expect(await lookupCue(english, 'in spite of', SPITE)).toBeUndefined()
    expect(await request(english, SPITE, 'in spite of')).toEqual([])
  })

  it('takes the sense of this sentence: the river bank and the money bank, "Please" as a request', async () => {
    const river = await request(english, RIVER, 'bank')
    const money = await request(english, MONEY, 'bank')
    expect(river[0]!.back).toMatch(/^\(noun\) sloping land/)
    expect(money[0]!.back).toMatch(/^\(noun\) a financial institution/)
    await expectLookupMeanings(english, river, RIVER)
    await expectLookupMeanings(english, money, MONEY)
    const please = await request(english, 'Please repeat this sentence.', 'Please')
    expect(please[0]).toEqual({ front: 'Please', back: '(adverb) used in polite request' })
    await expectLookupMeanings(english, please, 'Please repeat this sentence.')
  })
})

describe('a card for the word the tutor picks', () => {
  it("says what the popover shows for that word here, in the learner's language first", async () => {
    // "prize" in "the prize pigs" is the adjective the popover shows, not the verb "to move or force".
    const pigs = await request(english, PIGS)
    expect(pigs.find((c) => c.front === 'prize')?.back).toBe('(adjective) of superior grade')
    await expectLookupMeanings(english, pigs, PIGS)
    await expectLookupMeanings(english, await request(english, PRUDENTLY), PRUDENTLY)
    const inGerman = await request(german, SMARTPHONE)
    expect(inGerman[0]).toEqual({ front: 'ubiquitous', back: 'allgegenwärtig' })
    await expectLookupMeanings(german, inGerman, SMARTPHONE)
  })
})

describe('a card suggested in the chat', () => {
  it('has the meaning the popover shows, after Explain and after a question about a word of the sentence', async () => {
    const explained = await chat(english, [turn(PIGS, { flashcard: false })])
    await expectLookupMeanings(english, explained, PIGS, true)
    expect(explained.map((c) => c.front)).toContain('prize')
    const asked = await chat(english, [turn(FAIR, { flashcard: false }), { role: 'assistant', content: '...' }, { role: 'user', content: 'What does "fair" mean?' }])
    expect(asked[0]!.front).toBe('fair')
    expect(asked[0]!.back).toMatch(/^\(noun\) /)
    await expectLookupMeanings(english, asked, FAIR, true)
  })
})
