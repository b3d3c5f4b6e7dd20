import type { Deck, Flashcard } from '@lingocast/contract'
import type { Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoSession, type DemoSession } from './session'

/**
 * One step from a sentence to a card, in Chromium with the offline
 * tutor: the create-flashcards button sends the flashcard request (the
 * segment, flagged) and the card window fills from the answer; a new learner
 * makes their first deck in the window; suggestions already made into cards
 * say Added.
 */

const FIRST_SEGMENT = 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.'

let s: DemoSession
/** The chat-explain-english calls the page made, with their JSON bodies. */
const tutorCalls: Array<{ user_messages: Array<{ role: string; content: string; explain?: Record<string, unknown> }> }> = []

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${s.server.url}${path}`, { headers: { authorization: `Bearer ${s.token}` } })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}
const decks = async () => (await api<{ decks: Deck[] }>('/english_vocab/memories/decks')).decks
const deckCards = async (deckId: number) => (await api<{ flashcards: Flashcard[] }>(`/english_vocab/memories/flashcards?deck_id=${deckId}`)).flashcards

/** The player on the demo with the segment starting at `start` current (the player resumes where it was left). */
async function playerAt(start: number) {
  const page = s.page
  await page.goto(s.playerUrl)
  const line = page.locator('[data-segment-start]').first()
  await line.waitFor()
  // The player moves to where it was left once the media's metadata is in: read the line after that, or
  // the first segment shown before the move passes for the one asked for and Explain explains another.
  await page.waitForFunction(() => (document.querySelector('audio, video') as HTMLMediaElement | null)?.readyState! >= 1)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  for (let step = 0; step < 6; step++) {
    const at = Number(await line.getAttribute('data-segment-start'))
    if (at === start) break
    await page.getByRole('button', { name: at > start ? 'Previous segment' : 'Next segment' }).click()
    await expect.poll(async () => Number(await line.getAttribute('data-segment-start'))).not.toBe(at)
  }
  await page.locator(`[data-segment-start="${start}"]`).waitFor()
}

const modal = () => s.page.getByRole('dialog', { name: 'Create Flashcard' })
const front = () => modal().getByLabel('Front', { exact: true })
const cue = () => modal().getByLabel('Memorize Cue')

beforeAll(async () => {
  s = await startDemoSession()
  s.page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/english_vocab/api/chat-explain-english') tutorCalls.push(request.postDataJSON() as (typeof tutorCalls)[number])
  })
}, 120_000)
afterAll(async () => s?.stop())

describe('a card from a sentence, in one step', () => {
  it('fills the window from the flagged request, makes the first deck in place, and saves a card with its audio', async () => {
    const page = s.page
    expect(await decks()).toEqual([])
    await page.goto(s.playerUrl)
    await page.locator('[data-segment-start="0"]').waitFor()
    const create = page.getByRole('button', { name: 'Create flashcards from this segment' })
    await expect.poll(() => create.isEnabled()).toBe(true)
    await create.click()
    await modal().waitFor()

    // The window fills from the tutor's answer: the word of the sentence a new learner is least likely to know, and its meaning.
    await expect.poll(() => front().inputValue(), { timeout: 15_000 }).not.toBe('')
    await expect.poll(() => cue().inputValue()).not.toBe('')
    expect(await front().inputValue()).toBe('prudently')
    expect(await cue().inputValue()).toBe('(adverb) in a prudent manner')
    // The flashcard request of spec 000 s3: the current segment with its context, flagged, seen in the network.
    const flagged = tutorCalls.filter((c) => c.user_messages.at(-1)?.explain?.flashcard === true)
    expect(flagged).toHaveLength(1)
    const [turn] = flagged[0]!.user_messages
    expect(flagged[0]!.user_messages).toHaveLength(1)
    expect(turn).toMatchObject({ role: 'user', explain: { flashcard: true, previousSegments: [], currentSegment: { start: 0, text: FIRST_SEGMENT } } })
    expect((turn!.explain!.nextSegments as Array<{ text: string }>).map((n) => n.text)).toEqual([
      'He was not an ill-disposed young man,',
      'unless to be rather cold-hearted and rather selfish is to be ill-disposed:',
    ])
    expect(turn!.explain).not.toHaveProperty('front')
    // The other cards the tutor proposed can be taken instead.
    expect(await modal().getByRole('group', { name: 'The tutor suggests:' }).getByRole('button').allTextContents()).toEqual(['prudently', 'leisure'])

    // No deck yet: the window says so, offers one named "My words", and Create waits for it.
    await modal().getByText('No decks yet: make one here.').waitFor()
    expect(await modal().getByLabel('New deck name').inputValue()).toBe('My words')
    expect(await modal().getByTestId('card-missing').textContent()).toBe('Still needed: a deck.')
    const save = modal().getByRole('button', { name: 'Create', exact: true })
    expect(await save.isDisabled()).toBe(true)
    await modal().getByRole('button', { name: 'Create deck' }).click()
    const deckSelect = modal().getByLabel('Deck', { exact: true })
    await expect.poll(async () => (await deckSelect.count()) > 0 && (await deckSelect.locator('option:checked').textContent())).toBe('My words')
    expect(await modal().getByTestId('card-missing').count()).toBe(0)

    // The sentence audio, as before: the card type is offered for a segment with timed words.
    expect(await modal().getByRole('group', { name: 'Card type' }).getByRole('button', { name: 'Text', exact: true }).getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => save.isEnabled()).toBe(true)
    await save.click()
    await modal().waitFor({ state: 'detached' })
    await page.getByText('Flashcard created').waitFor()

    const [deck] = await decks()
    expect(deck!.name).toBe('My words')
    expect(await page.evaluate(() => localStorage.getItem('lastPlayerDeckId'))).toBe(String(deck!.id))
    const [card] = await deckCards(deck!.id)
    expect(card!.front).toBe('prudently')
    expect(card!.back).toContain('Sentence: ' + FIRST_SEGMENT)
    expect(card!.back.endsWith('\n(adverb) in a prudent manner')).toBe(true)

    // In the deck, with its sentence's audio.
    await page.goto(`${s.server.url}/console/memories/deck/${deck!.id}`)
    const row = page.getByRole('row').filter({ hasText: 'prudently' })
    await row.getByTestId('has-audio').waitFor({ timeout: 20_000 })
    expect((await deckCards(deck!.id))[0]!.audio?.status).toBe('ready')
    const clip = await page.evaluate(async (id) => {
      const res = await fetch(`/english_vocab/memories/flashcard/${id}/audio`)
      return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength }
    }, card!.id)
    expect(clip.status).toBe(200)
    expect(clip.type).toMatch(/^audio\//)
    expect(clip.bytes).toBeGreaterThan(1000)
  })

  it('makes the word the learner clicked the front, with its meaning, in the deck last used from the player', async () => {
    const page = s.page
    // Another deck chosen on the deck screen since: the player still offers the deck it last used.
    const other = await page.evaluate(async () => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('Token='))!.slice('Token='.length))
      const res = await fetch('/english_vocab/memories/deck', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Other words' }) })
      const { deck } = (await res.json()) as { deck: { id: number } }
      localStorage.setItem('lastSelectedDeckId', String(deck.id))
      return deck.id
    })
    await playerAt(7500)
    const line = page.locator('[data-segment-start="7500"]')
    await line.getByRole('button', { name: 'young', exact: true }).click()
    tutorCalls.length = 0
    await page.getByRole('button', { name: 'Create flashcards from this segment' }).click()
    await modal().waitFor()
    expect(await front().inputValue()).toBe('young')
    await expect.poll(() => cue().inputValue(), { timeout: 15_000 }).not.toBe('')
    expect(await cue().inputValue()).toMatch(/^\(adjective\) /)
    expect(tutorCalls.at(-1)!.user_messages[0]!.explain).toMatchObject({ flashcard: true, front: 'young', currentSegment: { start: 7500 } })
    expect(await modal().getByLabel('Deck', { exact: true }).locator('option:checked').textContent()).toBe('My words')
    expect(other).toBeGreaterThan(0)

    // A front picked in the window that the tutor gave no meaning for: the window says what is missing.
    await modal().getByRole('button', { name: 'man', exact: true }).click()
    expect(await cue().inputValue()).toBe('')
    expect(await modal().getByTestId('card-missing').textContent()).toBe('Still needed: a memorize cue.')
    expect(await modal().getByTestId('card-proposal').textContent()).toBe('The tutor has no meaning for “man”: write the cue yourself.')
    await modal().getByRole('button', { name: 'Cancel' }).click()
    await modal().waitFor({ state: 'detached' })
  })

  it('marks a suggestion Added once it is a card, and opens that card on a second click', async () => {
    const page = s.page
    await playerAt(0)
    await page.getByRole('button', { name: 'Explain', exact: true }).click()
    const reply = page.getByTestId('chat-assistant').last()
    await reply.getByText('Suggested flashcards').waitFor()
    await expect.poll(() => reply.getAttribute('aria-busy')).toBeNull()

    // "prudently" is already a card: Added, and it opens that card.
    const added = reply.getByRole('button', { name: 'Added: open flashcard prudently' })
    await added.waitFor()
    expect(await added.textContent()).toBe('Added')
    await added.click()
    const edit = page.getByRole('dialog', { name: 'Edit Flashcard' })
    await edit.waitFor()
    expect(await edit.getByLabel('Question').inputValue()).toBe('prudently')
    await edit.getByRole('button', { name: 'Cancel' }).click()
    await edit.waitFor({ state: 'detached' })

    // "leisure" is not yet: Add opens the window on the suggestion, Create makes it, and the button turns Added.
    await reply.getByRole('button', { name: 'Add flashcard leisure' }).click()
    await modal().waitFor()
    expect(await front().inputValue()).toBe('leisure')
    await modal().getByRole('button', { name: 'Create', exact: true }).click()
    await modal().waitFor({ state: 'detached' })
    const nowAdded = reply.getByRole('button', { name: 'Added: open flashcard leisure' })
    await nowAdded.waitFor()
    await nowAdded.click()
    await edit.waitFor()
    expect(await edit.getByLabel('Question').inputValue()).toBe('leisure')
    await edit.getByRole('button', { name: 'Cancel' }).click()
    // One card each, no duplicate.
    const [deck] = (await decks()).filter((d) => d.name === 'My words')
    expect((await deckCards(deck!.id)).map((c) => c.front).sort()).toEqual(['leisure', 'prudently'])
  })
})
