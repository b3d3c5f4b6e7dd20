import type { Flashcard } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleTookOver, sessionApi, startDemoSession, type DemoSession } from './session'

/**
 * Cards that speak in Chromium: a card made from a sentence of the
 * demo article plays that sentence on the review screen, and a listening
 * card asks with the sound alone.
 */

// The demo's second sentence, made current by Next segment: "He was not an ill-disposed young man," (7.5 s to 10.49 s).
const SENTENCE = 'He was not an ill-disposed young man,'
const SENTENCE_SECONDS = (10_490 - 7_500) / 1000

let s: DemoSession

const api = <T>(path: string, body?: object) => sessionApi<T>(s, path, body)
const makeDeck = async (name: string) => (await api<{ deck: { id: number } }>('/english_vocab/memories/deck', { name })).deck.id
const deckCards = async (deckId: number) => (await api<{ flashcards: Flashcard[] }>(`/english_vocab/memories/flashcards?deck_id=${deckId}`)).flashcards

/** From the player's second sentence, a card with `young` as its front, of the given type, in the given deck. */
async function cardFromSentence(deck: string, type: 'Text' | 'Listening' | 'Cloze') {
  const page = s.page
  await page.goto(s.playerUrl)
  // The player resumes where the last card was made: step to the second sentence from wherever it is.
  const line = page.locator('[data-segment-start]').first()
  await line.waitFor()
  for (let step = 0; step < 6; step++) {
    const start = Number(await line.getAttribute('data-segment-start'))
    if (start === 7500) break
    await page.getByRole('button', { name: start > 7500 ? 'Previous segment' : 'Next segment' }).click()
    await expect.poll(async () => Number(await line.getAttribute('data-segment-start'))).not.toBe(start)
  }
  await page.locator('[data-segment-start="7500"]').waitFor()
  const create = page.getByRole('button', { name: 'Create flashcards from this segment' })
  await expect.poll(() => create.isEnabled()).toBe(true)
  await create.click()
  const modal = page.getByRole('dialog', { name: 'Create Flashcard' })
  // The sentence's words, not the tutor's suggestions (which may name the same word).
  await modal.getByLabel(/^Pick the front/).getByRole('button', { name: 'young', exact: true }).click()
  await modal.getByLabel('Memorize Cue').fill('young = not old')
  const types = modal.getByRole('group', { name: 'Card type' })
  await types.getByRole('button', { name: type, exact: true }).click()
  expect(await types.getByRole('button', { name: type, exact: true }).getAttribute('aria-pressed')).toBe('true')
  await modal.getByLabel('Deck').selectOption({ label: deck })
  await modal.getByRole('button', { name: 'Create' }).click()
  await modal.waitFor({ state: 'detached' })
}

/** The review screen's audio element: whether it plays, where it is, how long its clip is. */
const audioState = () =>
  s.page.getByTestId('card-audio').evaluate((el: HTMLAudioElement) => ({ paused: el.paused, currentTime: el.currentTime, duration: el.duration }))

beforeAll(async () => {
  s = await startDemoSession()
}, 120_000)
afterAll(async () => s?.stop())

describe('cards that speak, in Chromium', () => {
  it('plays the sentence of a card made in the player, a clip as long as the sentence', async () => {
    const deckId = await makeDeck('Spoken words')
    await cardFromSentence('Spoken words', 'Text')
    const page = s.page
    await page.goto(`${s.server.url}/console/memories/deck/${deckId}`)
    // The deck table marks the card once its clip is cut.
    const row = page.getByRole('row').filter({ hasText: 'young' })
    await row.getByTestId('has-audio').waitFor()

    await page.getByRole('button', { name: 'Start Review' }).click()
    await page.waitForURL((url) => url.pathname === '/console/memories/review')
    expect(await page.getByTestId('card-front').textContent()).toBe('young')
    await page.getByRole('button', { name: 'Play the sentence' }).click()
    await expect.poll(async () => (await audioState()).currentTime, { timeout: 10_000 }).toBeGreaterThan(0.2)
    const { duration } = await audioState()
    expect(Math.abs(duration - SENTENCE_SECONDS)).toBeLessThanOrEqual(0.3)
    // It plays to its end and stops there.
    await expect.poll(async () => (await audioState()).paused, { timeout: 10_000 }).toBe(true)
    expect((await audioState()).currentTime).toBeGreaterThan(duration - 0.1)

    // R plays it again from the start.
    await page.keyboard.press('r')
    await expect.poll(async () => (await audioState()).paused).toBe(false)

    // Autoplay is remembered for this deck.
    const autoplay = page.getByLabel('Play automatically')
    expect(await autoplay.isChecked()).toBe(false)
    await autoplay.check()
    expect(await page.evaluate((id) => localStorage.getItem(`reviewAutoplay:${id}`), deckId)).toBe('1')
    await page.reload()
    // The page's first frame is the server's, which cannot know this browser's setting; the console's screen does.
    await consoleTookOver(page)
    expect(await page.getByLabel('Play automatically').isChecked()).toBe(true)
  })

  it('asks a listening card with the sound alone, and shows the sentence with the word at the answer', async () => {
    const deckId = await makeDeck('Listening')
    await cardFromSentence('Listening', 'Listening')
    await expect.poll(async () => (await deckCards(deckId))[0]?.audio?.status, { timeout: 20_000 }).toBe('ready')
    const page = s.page
    await page.goto(`${s.server.url}/console/memories/review?deck_id=${deckId}`)
    const card = page.getByRole('article', { name: 'Flashcard' })
    await card.getByTestId('listening-front').waitFor()
    expect(await card.getAttribute('data-kind')).toBe('listening')
    // No text of the card before the reveal: not the front, not the sentence, not the cue.
    const asked = (await card.textContent())!
    for (const hidden of ['young', 'ill-disposed', 'not old']) expect(asked).not.toContain(hidden)
    expect(await card.getByTestId('card-front').count()).toBe(0)
    await card.getByRole('button', { name: 'Play the sentence' }).click()
    await expect.poll(async () => (await audioState()).currentTime, { timeout: 10_000 }).toBeGreaterThan(0.2)

    await page.getByRole('button', { name: 'Show Answer' }).click()
    await card.getByTestId('card-answer').waitFor()
    expect(await card.getByTestId('card-front').textContent()).toBe('young')
    expect(await card.locator('blockquote').textContent()).toBe(SENTENCE)
    expect(await card.locator('blockquote mark').textContent()).toBe('young')
    expect(await card.getByTestId('card-answer').textContent()).toContain('young = not old')
  })

  it('asks a cloze card with the sound and the sentence with the word blanked', async () => {
    const deckId = await makeDeck('Cloze')
    await cardFromSentence('Cloze', 'Cloze')
    await expect.poll(async () => (await deckCards(deckId))[0]?.audio?.status, { timeout: 20_000 }).toBe('ready')
    const page = s.page
    await page.goto(`${s.server.url}/console/memories/review?deck_id=${deckId}`)
    const sentence = page.getByTestId('cloze-sentence')
    await sentence.waitFor()
    const text = (await sentence.textContent())!
    expect(text.startsWith('He was not an ill-disposed ')).toBe(true)
    expect(text.endsWith(' man,')).toBe(true)
    expect(await sentence.getByLabel('blank').count()).toBe(1)
    expect(await sentence.textContent()).not.toContain('young')
  })
})
