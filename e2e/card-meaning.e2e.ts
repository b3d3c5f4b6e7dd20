import { DEV_LOGIN_TOKEN, parseCardBack, type Deck, type Flashcard } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { seedRecordingWithWords, type RecordingWithWords } from './recording-with-words'
import { consoleTookOver, signInAsDeveloper } from './session'

/**
 * A card's meaning is its word's, in that sentence, in Chromium: "Make a
 * card" on "smartphone" in "The ubiquitous smartphone has changed our
 * habits." fills the cue with what the popover showed for "smartphone"
 * (the learner's German dictionary line), never the meaning of
 * "ubiquitous", and the deck shows that cue. The episode is a recording of
 * our own with its transcript stored before the server starts; the learner
 * has German set and a dictionary of their own in the data dir.
 */
const SENTENCE = 'The ubiquitous smartphone has changed our habits.'

let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let recording: RecordingWithWords | undefined
let hashId: string

async function api<T>(pathname: string, body?: object): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`, {
    method: body ? 'PUT' : 'GET',
    headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  expect(res.status, pathname).toBe(200)
  return (await res.json()) as T
}

beforeAll(async () => {
  db = await createTestDatabase()
  recording = await seedRecordingWithWords(db, { name: 'habits', title: 'Habits', seconds: 6, sentence: SENTENCE, fromMs: 500, dictionary: 'smartphone\tSmartphone\nubiquitous\tallgegenwärtig\n' })
  hashId = recording.hashId
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
  await api('/english_vocab/api/words/settings', { native_language: 'de' })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  recording?.cleanUp()
})

describe('a card made from the player on a word', () => {
  it('takes the meaning the popover shows for that word, not a neighbour\'s, and keeps it in the deck', async () => {
    await page.goto(`${server.url}/console/player/audio/${hashId}`)
    const word = page.locator('section[aria-label="Subtitles"] button[data-word-index]').filter({ hasText: /^smartphone$/ }).first()
    await word.waitFor()
    // The words are there in the server-rendered frame before the console takes keys.
    await consoleTookOver(page)
    await word.focus()
    await page.keyboard.press('l')
    const popover = page.getByRole('dialog', { name: 'Look up smartphone' })
    await popover.waitFor()
    // The popover: the learner's language first, from their own dictionary.
    await expect.poll(() => popover.getByTestId('translation').first().textContent(), { timeout: 15_000 }).toBe('Smartphone')

    await popover.getByRole('button', { name: 'Make a card' }).click()
    const modal = page.getByRole('dialog', { name: 'Create Flashcard' })
    await modal.waitFor()
    expect(await modal.getByLabel('Front', { exact: true }).inputValue()).toBe('smartphone')
    const cue = modal.getByLabel('Memorize Cue')
    await expect.poll(() => cue.inputValue(), { timeout: 15_000 }).toBe('Smartphone')
    // The tutor's answer for the sentence comes too, and does not put "ubiquitous" in its place.
    await expect.poll(() => modal.getByTestId('card-proposal').count(), { timeout: 15_000 }).toBe(0)
    expect(await cue.inputValue()).toBe('Smartphone')

    await modal.getByRole('button', { name: 'Create deck' }).click()
    const save = modal.getByRole('button', { name: 'Create', exact: true })
    await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true)
    await save.click()
    await modal.waitFor({ state: 'detached' })
    await page.getByText('Flashcard created').waitFor()

    const [deck] = (await api<{ decks: Deck[] }>('/english_vocab/memories/decks')).decks
    const [card] = (await api<{ flashcards: Flashcard[] }>(`/english_vocab/memories/flashcards?deck_id=${deck!.id}`)).flashcards
    expect(card!.front).toBe('smartphone')
    expect(parseCardBack(card!.back)).toMatchObject({ cue: 'Smartphone', context: { Sentence: SENTENCE } })

    // In the deck: the back shows that cue.
    await page.goto(`${server.url}/console/memories/deck/${deck!.id}`)
    await page.getByRole('button', { name: 'View back of smartphone' }).first().click()
    const viewer = page.getByRole('dialog', { name: 'Flashcard Content' })
    await viewer.waitFor()
    const shown = await viewer.textContent()
    expect(shown).toContain('Smartphone')
    expect(shown).not.toContain('present everywhere')
  })
})
