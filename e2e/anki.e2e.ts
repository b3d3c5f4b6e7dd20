import { formatCardBack, type Flashcard } from '@lingocast/contract'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAnkiConnect, type AnkiConnectOptions, type AnkiConnectServer } from '../test/anki-connect'
import { axe } from './axe'
import { sessionApi, startDemoSession, type DemoSession } from './session'

/**
 * Send to Anki in Chromium: the console calls AnkiConnect (a loopback server
 * speaking its version 6 protocol and CORS rules, test/anki-connect.ts) from
 * the page, with each card's sentence clip fetched from our server.
 */

// The demo's second sentence: "He was not an ill-disposed young man," (7.5 s to 10.49 s).
const SENTENCE = 'He was not an ill-disposed young man,'

let s: DemoSession
let anki: AnkiConnectServer | undefined

const api = <T>(path: string, body?: object) => sessionApi<T>(s, path, body)
const makeDeck = async (name: string) => (await api<{ deck: { id: number } }>('/english_vocab/memories/deck', { name })).deck.id
const deckCards = async (deckId: number) => (await api<{ flashcards: Flashcard[] }>(`/english_vocab/memories/flashcards?deck_id=${deckId}`)).flashcards

/** A card typed by hand, or (`spoken`) made from the demo's second sentence, whose clip the server cuts. */
async function makeCard(deckId: number, front: string, cue: string, spoken = false): Promise<Flashcard> {
  const back = spoken ? formatCardBack({ context: { Article: s.hashId, Title: 'Sense and Sensibility', Sentence: SENTENCE }, cue }) : cue
  const source = spoken ? { source: { article_id: s.hashId, start_ms: 7_500, end_ms: 10_490 } } : {}
  return (await api<{ flashcard: Flashcard }>('/english_vocab/memories/flashcard', { deck_id: deckId, front, back, ...source })).flashcard
}

/** The clip's bytes as our server serves them to the learner. */
async function clipBytes(card: Flashcard): Promise<Buffer> {
  const res = await fetch(`${s.server.url}${card.audio!.url!}`, { headers: { authorization: `Bearer ${s.token}` } })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

const startAnki = async (options: AnkiConnectOptions) => (anki = await startAnkiConnect(options))
const origin = () => new URL(s.server.url).origin
const status = () => s.page.getByTestId('anki-status')
const statusText = async () => (await status().innerText()).replace(/\s+/g, ' ').trim()
const openDeck = async (deckId: number) => {
  await s.page.goto(`${s.server.url}/console/memories/deck/${deckId}`)
  await s.page.getByRole('button', { name: 'Send to Anki' }).waitFor()
}
/** What axe (WCAG 2.1 AA) finds wrong in the send's status, one line per rule. */
const statusViolations = async () =>
  (await axe(s.page).include('[data-testid="anki-status"]').analyze()).violations.map((v) => `${v.id}: ${v.help}`)
const forgetSentCards = () => s.page.evaluate(() => localStorage.removeItem('ankiSentCards'))

beforeAll(async () => {
  s = await startDemoSession()
}, 120_000)
afterEach(async () => {
  await anki?.stop()
  anki = undefined
})
afterAll(async () => s?.stop())

describe('Send to Anki, in Chromium', () => {
  it("sends a deck after Anki's permission prompt, each note with its card's fields and sentence clip, then only the new cards", async () => {
    await startAnki({ prompt: 'yes', addNoteDelayMs: 400 })
    const deckId = await makeDeck('Podcast words')
    const young = await makeCard(deckId, 'young', '**young** = not old', true)
    const settle = await makeCard(deckId, 'settle', 'make a home somewhere')
    await expect.poll(async () => (await deckCards(deckId)).find((c) => c.id === young.id)?.audio?.status, { timeout: 20_000 }).toBe('ready')
    const clip = await clipBytes((await deckCards(deckId)).find((c) => c.id === young.id)!)

    await openDeck(deckId)
    await s.page.getByRole('button', { name: 'Send to Anki' }).click()
    // Its progress while the notes go, one by one.
    await expect.poll(statusText).toMatch(/Sending to Anki… 1 of 2/)
    await expect.poll(statusText, { timeout: 15_000 }).toBe('Sent 2 cards to the Anki deck "Podcast words".')

    // Anki asked the learner once, who let the console's origin in; the deck was made, named after ours.
    expect(anki!.webCorsOriginList).toEqual([origin()])
    expect([...anki!.decks]).toEqual(['Default', 'Podcast words'])
    expect(anki!.notes.map((n) => [n.deckName, n.modelName, n.fields.Front])).toEqual([
      ['Podcast words', 'Basic', 'young'],
      ['Podcast words', 'Basic', 'settle'],
    ])
    const [spoken, typed] = anki!.notes
    expect(spoken!.fields.Back).toBe(`<strong>young</strong> = not old<br><br><i>${SENTENCE}</i><br><br><small>From: Sense and Sensibility</small>[sound:lingocast-${young.id}.mp3]`)
    // The clip arrived whole: the very bytes our server serves for the card, an MP3.
    const sent = anki!.media.get(`lingocast-${young.id}.mp3`)!
    expect(sent.length).toBeGreaterThan(1000)
    expect(sent.equals(clip)).toBe(true)
    expect(typed!.fields.Back).toBe('make a home somewhere')
    expect(anki!.media.size).toBe(1)
    expect(settle.audio).toBeNull()

    // A new card, and the deck sent again: only the new card goes.
    await makeCard(deckId, 'prudent', 'careful about the future')
    await openDeck(deckId)
    await s.page.getByRole('button', { name: 'Send to Anki' }).click()
    await expect.poll(statusText, { timeout: 15_000 }).toBe('Sent 1 card to the Anki deck "Podcast words". 2 cards sent before, skipped.')
    expect(anki!.notes.map((n) => n.fields.Front)).toEqual(['young', 'settle', 'prudent'])
    // The deck was there this time: not made twice.
    expect(anki!.actions.filter((a) => a === 'createDeck')).toHaveLength(1)
  })

  it("sends one card from its row, and shows Anki's own answer for a card it already holds", async () => {
    await startAnki({ webCorsOriginList: [origin()] })
    const deckId = await makeDeck('Singles')
    await makeCard(deckId, 'keen', 'eager')
    await makeCard(deckId, 'ill-disposed', 'unfriendly')
    await openDeck(deckId)
    await s.page.getByRole('button', { name: 'Send keen to Anki' }).click()
    await expect.poll(statusText).toBe('Sent 1 card to the Anki deck "Singles".')
    expect(anki!.notes.map((n) => n.fields.Front)).toEqual(['keen'])

    // As from another browser, which does not know it went: Anki refuses the duplicate and says why.
    await forgetSentCards()
    await s.page.getByRole('button', { name: 'Close' }).click()
    await s.page.getByRole('button', { name: 'Send to Anki', exact: true }).click()
    await expect.poll(statusText).toBe('Sent 1 card to the Anki deck "Singles". 1 card already in Anki: keen: Anki answered “cannot create note because it is a duplicate”')
    expect(anki!.notes.map((n) => n.fields.Front)).toEqual(['keen', 'ill-disposed'])
    expect(await statusViolations()).toEqual([])
  })

  it("shows Anki's error text when the note type is missing", async () => {
    await startAnki({ webCorsOriginList: [origin()], models: { Einfach: ['Vorderseite', 'Rückseite'] } })
    const deckId = await makeDeck('No basic')
    await makeCard(deckId, 'settle', 'make a home')
    await openDeck(deckId)
    await s.page.getByRole('button', { name: 'Send to Anki' }).click()
    await s.page.getByRole('alert').filter({ hasText: 'Anki answered' }).waitFor()
    expect(await statusText()).toBe('Anki answered: model was not found: Basic')
    expect(anki!.notes).toHaveLength(0)
  })

  it('says Anki is not running, and how to start it, when nothing answers', async () => {
    const deckId = await makeDeck('Nobody home')
    await makeCard(deckId, 'settle', 'make a home')
    await openDeck(deckId)
    await s.page.getByRole('button', { name: 'Send to Anki' }).click()
    await s.page.getByRole('alert').filter({ hasText: 'Anki is not running' }).waitFor()
    const text = await statusText()
    expect(text).toContain('nothing answers at http://127.0.0.1:8765')
    expect(text).toContain('Open Anki and keep it open')
    expect(text).toContain('code 2055492159')
    expect(await statusViolations()).toEqual([])
  })

  it('says how to let the console in when the learner declines Anki’s prompt', async () => {
    await startAnki({ prompt: 'no' })
    const deckId = await makeDeck('Declined')
    await makeCard(deckId, 'settle', 'make a home')
    await openDeck(deckId)
    await s.page.getByRole('button', { name: 'Send to Anki' }).click()
    await s.page.getByRole('alert').filter({ hasText: 'AnkiConnect refused this page' }).waitFor()
    expect(await statusText()).toBe(
      `AnkiConnect refused this page (${origin()}). Accept the permission prompt Anki shows, or in Anki open Tools › Add-ons › AnkiConnect › Config, add "${origin()}" to webCorsOriginList, and restart Anki.`,
    )
    expect(anki!.actions).toEqual(['requestPermission'])
    expect(anki!.notes).toHaveLength(0)
  })

  it('says the same when an AnkiConnect without the prompt refuses the origin (a CORS failure)', async () => {
    await startAnki({ prompt: 'absent', webCorsOriginList: ['http://localhost'] })
    const deckId = await makeDeck('Old add-on')
    await makeCard(deckId, 'settle', 'make a home')
    await openDeck(deckId)
    await s.page.getByRole('button', { name: 'Send to Anki' }).click()
    await s.page.getByRole('alert').filter({ hasText: 'AnkiConnect refused this page' }).waitFor()
    expect(await statusText()).toContain('webCorsOriginList')
    // The request reached the add-on; the browser kept its answer from the page.
    expect(anki!.actions[0]).toBe('requestPermission')
    expect(anki!.notes).toHaveLength(0)
  })
})
