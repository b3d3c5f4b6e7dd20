import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOpenAiStreamServer, type OpenAiStreamServer } from '../test/openai-stream'
import { markdownCodeFetched } from './browser'
import { startDemoSession, type DemoSession } from './session'

/** The demo article's first segment (0 - 7100 ms), current when the player opens at 0:00. */
const FIRST_SEGMENT = 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.'

const assistant = (page: Page) => page.getByTestId('chat-assistant')
const userMessages = (page: Page) => page.getByTestId('chat-user')
const question = (page: Page) => page.getByRole('textbox', { name: 'Your question' })
const send = (page: Page) => page.getByRole('button', { name: 'Send', exact: true })

async function openPlayer(page: Page, playerUrl: string) {
  await page.goto(playerUrl)
  await page.locator('[data-segment-start]').waitFor()
}

describe('chat with an OpenAI-compatible model in Chromium', () => {
  let model: OpenAiStreamServer
  let session: DemoSession
  let page: Page
  let playerUrl: string

  beforeAll(async () => {
    model = await startOpenAiStreamServer()
    session = await startDemoSession({ AI_BASE_URL: model.baseUrl, AI_MODEL: 'tiny-tutor', AI_API_KEY: 'sk-e2e' })
    ;({ page, playerUrl } = session)
  })
  afterAll(async () => {
    await session?.stop()
    await model?.close()
  })

  it('explains the current segment: the context goes to the model and the reply streams in', async () => {
    await openPlayer(page, playerUrl)
    model.reply({
      chunks: ['**Dashwood** is ', 'the family name. ', '*Leisure* here means ', 'free time to think it over.\n\n', '```flashcard\nFront: leisure\nBack: free time, time to think\n```'],
      delayMs: 400,
    })
    await page.getByRole('button', { name: 'Explain', exact: true }).click()
    // The chat tab opens with the request and the reply arriving piece by piece.
    await page.getByRole('tab', { name: 'Chat', selected: true }).waitFor()
    expect(await userMessages(page).last().textContent()).toBe(`Explain 0:00: ${FIRST_SEGMENT}`)
    await assistant(page).last().getByText('Dashwood').waitFor()
    const early = await assistant(page).last().textContent()
    expect(early).not.toContain('free time')
    expect(await assistant(page).last().getAttribute('aria-busy')).toBe('true')
    // No second question while the reply streams.
    expect(await send(page).isDisabled()).toBe(true)
    await question(page).fill('Another one?')
    await question(page).press('Enter')
    expect(await userMessages(page).count()).toBe(1)

    await assistant(page).last().getByText('free time to think it over.').waitFor()
    await expect.poll(() => assistant(page).last().getAttribute('aria-busy')).toBeNull()
    expect(await assistant(page).last().locator('strong').first().textContent()).toBe('Dashwood')

    const sent = model.requests.at(-1)!.body.messages
    expect(sent[0]!.content).toContain('Episode title: Sense and Sensibility, Chapter 1 (excerpt)')
    expect(sent[1]!.content).toContain(`Current segment:\n0:00: ${FIRST_SEGMENT}`)
    expect(sent[1]!.content).toContain('Next segments:\n0:07: He was not an ill-disposed young man,\n0:10: unless to be rather cold-hearted')
    expect(sent[1]!.content).not.toContain('Previous segments')

    // The suggestion is a card with an Add button; the explain reply offers Create flashcard.
    const card = page.getByTestId('flashcard-suggestion')
    expect(await card.textContent()).toContain('free time, time to think')
    await page.getByRole('button', { name: 'Add flashcard leisure' }).click()
    // Add opens the flashcard modal on that segment, with the suggested front filled in.
    const modal = page.getByRole('dialog', { name: 'Create Flashcard' })
    await modal.waitFor()
    expect(await modal.getByLabel('Front', { exact: true }).inputValue()).toBe('leisure')
    await modal.getByRole('button', { name: 'Cancel' }).click()
    await modal.waitFor({ state: 'detached' })
    expect(await assistant(page).last().getByRole('button', { name: 'Create flashcard' }).isVisible()).toBe(true)
  })

  it('sends a typed question with Enter, ignores a blank one, and keeps the chat across reloads', async () => {
    model.reply({ chunks: ['It means ', 'not willing.'] })
    await question(page).fill('   ')
    await question(page).press('Enter')
    expect(await userMessages(page).count()).toBe(1)
    expect(await send(page).isDisabled()).toBe(true)

    await question(page).fill('What does reluctant mean?')
    await send(page).click()
    await assistant(page).last().getByText('It means not willing.').waitFor()
    expect(await question(page).inputValue()).toBe('')
    // The last 3 user turns and what follows go to the model.
    expect(model.requests.at(-1)!.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])

    // The history is kept once the reply is over (the stream's end may come after its last words show).
    await expect.poll(() => assistant(page).last().getAttribute('aria-busy')).toBeNull()
    await expect.poll(() => page.evaluate(() => Object.values(localStorage).some((v) => v.includes('It means not willing.')))).toBe(true)
    await page.reload()
    await page.getByRole('tab', { name: 'Chat' }).click()
    await assistant(page).last().getByText('It means not willing.').waitFor()
    expect(await userMessages(page).allTextContents()).toEqual([`Explain 0:00: ${FIRST_SEGMENT}`, 'What does reluctant mean?'])
  })

  it('renders no raw HTML from the model, and nothing in it runs', async () => {
    model.reply({ chunks: ['<img src="x" onerror="window.__xss = 1"> <b>raw</b> and **safe** [link](javascript:window.__xss=2)'] })
    await question(page).fill('Try HTML')
    await question(page).press('Enter')
    await assistant(page).last().getByText('safe').waitFor()
    await expect.poll(() => assistant(page).last().getAttribute('aria-busy')).toBeNull()
    expect(await assistant(page).last().locator('img, b').count()).toBe(0)
    expect(await assistant(page).last().locator('strong').textContent()).toBe('safe')
    expect(await assistant(page).last().locator('a').getAttribute('href')).toBeFalsy()
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  })

  it("shows 'Chat API error: {status}' and the fallback text when the tutor fails", async () => {
    model.reply({ status: 500 })
    await question(page).fill('Are you there?')
    await question(page).press('Enter')
    await assistant(page).last().getByText('Sorry, I encountered an error. Please try again.').waitFor()
    expect(await assistant(page).last().getByRole('alert').textContent()).toBe('Chat API error: 502')
    // The failed reply is not sent back to the model as context next time.
    model.reply({ chunks: ['Back again.'] })
    await question(page).fill('Now?')
    await question(page).press('Enter')
    await assistant(page).last().getByText('Back again.').waitFor()
    expect(model.requests.at(-1)!.body.messages.map((m) => m.content)).not.toContain('Sorry, I encountered an error. Please try again.')
  })

  it('clears the messages', async () => {
    await page.getByRole('button', { name: 'Clear messages' }).click()
    await page.getByText('Ask me any questions about the episode!').waitFor()
    expect(await question(page).getAttribute('placeholder')).toBe('Ask a question...')
    await page.reload()
    await page.getByRole('tab', { name: 'Chat' }).click()
    await page.getByText('Ask me any questions about the episode!').waitFor()
  })

  it("opens the player without react-markdown's code while no chat is kept, and fetches it when the Chat tab opens", async () => {
    const fresh = await page.context().newPage()
    const markdownCode = () => markdownCodeFetched(fresh)
    try {
      await openPlayer(fresh, playerUrl)
      // The player asked for what it preloads once it had rendered: time enough for a request to show.
      await fresh.waitForTimeout(500)
      expect(await markdownCode()).toEqual([])
      await fresh.getByRole('tab', { name: 'Chat' }).click()
      await fresh.getByText('Ask me any questions about the episode!').waitFor()
      await expect.poll(markdownCode).toHaveLength(1)
    } finally {
      await fresh.close()
    }
  })

  it("the word lookup shows the model's short explanation beside the dictionary sense", async () => {
    await openPlayer(page, playerUrl)
    model.reply({ chunks: ['Free time', ' to think about something.'] })
    const subtitles = page.getByRole('region', { name: 'Subtitles' })
    await subtitles.getByRole('button', { name: 'leisure', exact: true }).hover()
    await page.getByRole('button', { name: 'Look up leisure' }).click()
    const dialog = page.getByRole('dialog', { name: 'Look up leisure' })
    await dialog.getByTestId('model-explanation').getByText('Free time to think about something.').waitFor({ timeout: 10_000 })
    const asked = model.requests.at(-1)!.body.messages.at(-1)!.content
    expect(asked).toContain('"leisure"')
    expect(asked).toContain('in his power to do for them')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })
})

describe('the offline tutor in Chromium (no AI configured)', () => {
  let session: DemoSession
  let page: Page
  let playerUrl: string

  beforeAll(async () => {
    session = await startDemoSession()
    ;({ page, playerUrl } = session)
  })
  afterAll(async () => session?.stop())

  it('explains the harder words of the segment from WordNet and adds a suggested one as a flashcard', async () => {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(session.server.url + path, { ...init, headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' } }).then((r) => r.json())
    const { deck } = (await api('/english_vocab/memories/deck', { method: 'POST', body: JSON.stringify({ name: 'Words from episodes' }) })) as { deck: { id: number } }
    await openPlayer(page, playerUrl)
    await page.getByRole('button', { name: 'Explain', exact: true }).click()
    const reply = assistant(page).last()
    await reply.getByText('Suggested flashcards').waitFor()
    await expect.poll(() => reply.getAttribute('aria-busy')).toBeNull()
    expect(await reply.textContent()).toContain('At 0:00 in Sense and Sensibility')
    // The rarer words are explained in their sense here and offered as cards; everyday and modal words are not.
    expect(await reply.locator('h3').allTextContents()).toEqual(expect.arrayContaining(['prudently · adverb', 'leisure · noun']))
    expect(await reply.textContent()).toContain('In this sentence it means:')
    const fronts = await page.getByTestId('flashcard-suggestion').locator('p.font-semibold').allTextContents()
    expect(fronts).toEqual(expect.arrayContaining(['prudently', 'leisure']))
    for (const everyday of ['might', 'power', 'consider', 'then']) expect(fronts).not.toContain(everyday)
    await page.getByRole('button', { name: `Add flashcard ${fronts[0]}` }).click()
    const modal = page.getByRole('dialog', { name: 'Create Flashcard' })
    await modal.waitFor()
    expect(await modal.getByLabel('Front', { exact: true }).inputValue()).toBe(fronts[0])
    // The suggestion's explanation is the cue; Create makes the card, with the segment as its context.
    await expect.poll(() => modal.getByRole('button', { name: 'Create', exact: true }).isEnabled()).toBe(true)
    await modal.getByRole('button', { name: 'Create', exact: true }).click()
    await modal.waitFor({ state: 'detached' })
    await page.getByText('Flashcard created').waitFor()
    const { flashcards } = (await api(`/english_vocab/memories/flashcards?deck_id=${deck.id}`)) as { flashcards: Array<{ front: string; back: string }> }
    expect(flashcards.map((c) => c.front)).toEqual([fronts[0]])
    expect(flashcards[0]!.back).toContain('Sentence: And Mr. John Dashwood had then leisure')
  })
})
