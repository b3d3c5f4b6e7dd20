import { DEV_LOGIN_TOKEN, parseCardBack, type Flashcard } from '@lingocast/contract'
import type { Dialog, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, markdownCodeFetched, type Browser } from './browser'
import { signInAsDeveloper } from './session'

let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let deckUrl: string

/** Reads the server's state with the developer token, as another device would see it. */
async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}
const deckCards = async (deckId: number) => (await api<{ flashcards: Flashcard[] }>(`/english_vocab/memories/flashcards?deck_id=${deckId}`)).flashcards
const tile = (name: string) => page.locator(`[data-stat="${name}"]`).textContent()
const badge = () => page.getByTestId('due-badge')
const counter = () => page.getByTestId('review-counter').textContent()
const row = (front: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: front, exact: true }) })
/** Today as the deck's table writes a day: yyyy-MM-dd in the browser's zone. */
const todayShown = (on = page) => on.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` })

beforeAll(async () => {
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
})

describe('memories in Chromium', () => {
  it('creates a deck and two cards from the deck screen', async () => {
    await page.getByRole('link', { name: 'Memories' }).click()
    await page.waitForURL((url) => url.pathname === '/console/memories/deck')
    await page.getByRole('button', { name: 'New Deck', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Create New Deck' })
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true)
    await dialog.getByLabel('Deck Name').fill('Podcast words')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await page.waitForURL((url) => /^\/console\/memories\/deck\/\d+$/.test(url.pathname))
    deckUrl = page.url()
    await page.getByText('No flashcards yet. Click "Add Card" to create your first flashcard.').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('lastSelectedDeckId'))).toBe(deckUrl.split('/').pop())

    for (const [front, back] of [
      ['settle', '**settle** = make a home somewhere'],
      ['prudent', 'careful about the future'],
    ]) {
      await page.getByRole('button', { name: 'Add Card' }).click()
      const add = page.getByRole('dialog', { name: 'Create New Flashcard' })
      await add.getByLabel('Front (Question)').fill(front!)
      // Both fields are required: Create stays off until the back is there too.
      expect(await add.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true)
      await add.getByLabel('Back (Answer)').fill(back!)
      await add.getByRole('button', { name: 'Create' }).click()
      await add.waitFor({ state: 'detached' })
      await row(front!).waitFor()
    }
    await expect.poll(() => tile('total')).toBe('2')
    expect([await tile('new'), await tile('due'), await tile('learned')]).toEqual(['2', '2', '0'])
    expect(await row('settle').locator('[data-col="last-review"]').textContent()).toBe('Never')
    expect(await row('settle').locator('[data-col="next-review"]').textContent()).toBe(await todayShown())
    await expect.poll(() => badge().textContent()).toBe('2')
  })

  it('shows the masked back as markdown, closing on Escape and on a click outside', async () => {
    expect(await row('settle').getByText('••••••').count()).toBe(1)
    await row('settle').getByRole('button', { name: 'View back of settle' }).click()
    const viewer = page.getByRole('dialog', { name: 'Flashcard Content' })
    expect(await viewer.locator('strong').textContent()).toBe('settle')
    await page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'detached' })
    await row('settle').getByRole('button', { name: 'View back of settle' }).click()
    await viewer.waitFor()
    await page.mouse.click(5, 5)
    await viewer.waitFor({ state: 'detached' })
  })

  it('reviews: Show Answer then Familiar, Familiar at once, the counter, the strip, the badge and the next review', async () => {
    await page.getByRole('button', { name: 'Start Review' }).click()
    await page.waitForURL((url) => url.pathname === '/console/memories/review' && url.search.startsWith('?deck_id='))
    await expect.poll(counter).toBe('0 reviewed · 2 remaining')
    expect(await page.getByTestId('card-front').textContent()).toBe('settle')
    expect(await page.getByTestId('card-answer').count()).toBe(0)

    await page.getByRole('button', { name: 'Show Answer' }).click()
    expect(await page.getByTestId('card-answer').locator('strong').textContent()).toBe('settle')
    const saved = page.waitForResponse((r) => r.url().endsWith('/english_vocab/memories/review') && r.status() === 200)
    await page.getByRole('button', { name: 'Familiar', exact: true }).click()
    const review = (await (await saved).json()) as { updated_flashcard: Flashcard }
    expect(review.updated_flashcard.repetition).toBe(1)
    expect(await counter()).toBe('1 reviewed · 1 remaining')
    const strip = page.getByRole('region', { name: 'Reviewed cards' })
    expect(await strip.getByRole('listitem').count()).toBe(1)
    expect(await strip.getByRole('listitem').getAttribute('data-rating')).toBe('familiar')
    await expect.poll(() => badge().textContent()).toBe('1')

    // The second card: Familiar before the answer is shown rates it at once.
    expect(await page.getByTestId('card-front').textContent()).toBe('prudent')
    await page.getByRole('button', { name: 'Familiar', exact: true }).click()
    await page.getByRole('heading', { name: 'Review Complete!' }).waitFor()
    await page.getByText("You've reviewed all cards due for today. Great job!").waitFor()
    expect(await counter()).toBe('2 reviewed · 0 remaining')
    await badge().waitFor({ state: 'detached' })

    await page.getByRole('link', { name: 'Back to Deck' }).click()
    await page.waitForURL(deckUrl)
    await expect.poll(() => tile('learned')).toBe('2')
    expect([await tile('due'), await tile('new')]).toEqual(['0', '0'])
    const next = await row('settle').locator('[data-col="next-review"]').textContent()
    expect(next).not.toBe(await todayShown())
    expect(await row('settle').locator('[data-col="last-review"]').textContent()).toBe(await todayShown())
    const [settle] = await deckCards(Number(deckUrl.split('/').pop()))
    expect(Date.parse(settle!.next_review!)).toBeGreaterThan(Date.now() + 86_400_000)
  })

  it('edits a card: the question inline, the cue required, and the offline tutor proposes a new back', async () => {
    await row('prudent').getByRole('button', { name: 'Edit prudent' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Flashcard' })
    const question = dialog.getByLabel('Question')
    expect(await question.inputValue()).toBe('prudent')
    await question.fill('prudently')
    const cue = dialog.getByLabel('Memorize Cue')
    await cue.fill('')
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true)
    await cue.fill('with care for the future')

    // Blank input is ignored; with no AI configured the offline WordNet tutor answers with a proposal.
    const chat = dialog.getByRole('region', { name: 'Refine Card' })
    expect(await chat.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true)
    await chat.getByLabel('Message to the tutor').fill('Make the cue shorter')
    await chat.getByRole('button', { name: 'Update' }).click()
    await chat.getByRole('button', { name: 'Apply Updates' }).waitFor()
    expect(await chat.getByText(/as it is used on this card/).count()).toBe(1)
    expect(await chat.getByText('Make the cue shorter').count()).toBe(1)

    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await dialog.waitFor({ state: 'detached' })
    await row('prudently').waitFor()
    const cards = await deckCards(Number(deckUrl.split('/').pop()))
    expect(cards.find((c) => c.front === 'prudently')?.back).toBe('with care for the future')
  })

  it('asks before deleting a card', async () => {
    await page.getByRole('button', { name: 'Add Card' }).click()
    const add = page.getByRole('dialog', { name: 'Create New Flashcard' })
    await add.getByLabel('Front (Question)').fill('temporary')
    await add.getByLabel('Back (Answer)').fill('gone soon')
    await add.getByRole('button', { name: 'Create' }).click()
    await row('temporary').waitFor()
    const messages: string[] = []
    const handler = (d: Dialog) => {
      messages.push(d.message())
      void d.accept()
    }
    page.on('dialog', handler)
    await row('temporary').getByRole('button', { name: 'Delete temporary' }).click()
    await row('temporary').waitFor({ state: 'detached' })
    page.off('dialog', handler)
    expect(messages).toEqual(['Are you sure you want to delete this flashcard?'])
  })

  it("creates a card from the player's current segment with its context block", async () => {
    const { collections } = await api<{ collections: Array<{ HashID: string; Title: string }> }>('/english_vocab/api/word_collections')
    const demo = collections[0]!
    await page.goto(`${server.url}/console/player/audio/${demo.HashID}`)
    // Next segment makes the second one current ("He was not an ill-disposed young man,").
    await page.locator('[data-segment-start]').waitFor()
    await page.getByRole('button', { name: 'Next segment' }).click()
    await page.locator('[data-segment-start="7500"]').waitFor()
    const create = page.getByRole('button', { name: 'Create flashcards from this segment' })
    await expect.poll(() => create.isEnabled()).toBe(true)
    await create.click()
    const modal = page.getByRole('dialog', { name: 'Create Flashcard' })
    await modal.getByRole('button', { name: 'young', exact: true }).click()
    expect(await modal.getByLabel('Front', { exact: true }).inputValue()).toBe('young')
    const createButton = modal.getByRole('button', { name: 'Create' })
    expect(await createButton.isDisabled()).toBe(true) // no cue yet
    await modal.getByLabel('Memorize Cue').fill('young = not old')
    await modal.getByLabel('Show raw context').check()
    const rawBlock = await modal.getByTestId('raw-context').textContent()
    expect(rawBlock).toContain('```context\nArticle: ' + demo.HashID)
    expect(rawBlock).toContain('Sentence: He was not an ill-disposed young man,')
    // The deck chosen on the deck screen is remembered.
    expect(await modal.getByLabel('Deck').locator('option:checked').textContent()).toBe('Podcast words')
    await createButton.click()
    await modal.waitFor({ state: 'detached' })
    await page.getByText('Flashcard created').waitFor()
    await expect.poll(() => badge().textContent()).toBe('1')

    const cards = await deckCards(Number(deckUrl.split('/').pop()))
    const made = cards.find((c) => c.front === 'young')!
    const back = parseCardBack(made.back)
    expect(back.cue).toBe('young = not old')
    expect(back.context).toMatchObject({ Article: demo.HashID, Title: demo.Title, Position: '0:07', Sentence: 'He was not an ill-disposed young man,' })
    expect(back.context!.PreviousSentences).toContain('And Mr. John Dashwood')
    expect(back.context!.NextSentences).toContain('unless to be rather cold-hearted')
  })

  it('quotes the source sentence in review with the front word highlighted', async () => {
    await badge().click()
    await page.waitForURL((url) => url.pathname === '/console/memories/review')
    await page.getByText(/^From: Sense and Sensibility/).waitFor()
    expect(await page.locator('blockquote mark').textContent()).toBe('young')
    await page.getByRole('button', { name: 'Show Answer' }).click()
    await page.getByRole('button', { name: 'Unfamiliar' }).click()
    const item = page.getByRole('region', { name: 'Reviewed cards' }).getByRole('listitem')
    expect(await item.getAttribute('data-rating')).toBe('unfamiliar')
  })

  it("shows the day's activity on the statistics screen", async () => {
    await page.goto(`${server.url}/console/memories/stats`)
    expect(await page.getByLabel('Period', { exact: true }).locator('option:checked').textContent()).toBe('Last 30 days')
    // Cards added counts the cards kept (the deleted one is gone); reviews stay counted.
    await expect.poll(() => page.getByTestId('total-added').textContent()).toBe('3')
    await expect.poll(() => page.getByTestId('total-reviewed').textContent()).toBe('3')
    const chart = page.getByRole('img', { name: /^Flashcard Activity/ })
    expect(await chart.getAttribute('aria-label')).toBe('Flashcard Activity: 3 cards added and 3 reviewed in the period')
    expect(await chart.evaluate((c) => (c as unknown as { width: number }).width)).toBeGreaterThan(100)
    const today = await page.evaluate(() => {
      const d = new Date()
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    })
    const table = page.getByRole('table')
    expect(await table.getByRole('row').nth(1).textContent()).toBe(`${today}33`)
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' })
    await expect.poll(() => page.getByTestId('total-added').textContent()).toBe('3')
  })

  it('exports the deck as CSV and as an Anki package, and imports cards from a CSV', async () => {
    await page.goto(deckUrl)
    await row('settle').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toBe('Podcast-words.csv')
    const { readFile } = await import('node:fs/promises')
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv).toContain('young,')
    expect(csv).toContain('He was not an ill-disposed young man,')
    const [apkg] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Anki' }).click()])
    expect(apkg.suggestedFilename()).toBe('Podcast-words.apkg')
    // A zip: its first bytes are the local file header signature.
    expect((await readFile((await apkg.path())!)).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))

    await page.getByLabel('CSV file to import').setInputFiles({ name: 'words.csv', mimeType: 'text/csv', buffer: Buffer.from('Front,Back\nserene,"calm, peaceful"\n') })
    await page.getByText('Imported 1 card').waitFor()
    await row('serene').waitFor()

    // Excel's "CSV (Comma delimited)": Windows-1252, no BOM. The file's bytes go to the server, which decodes them.
    const cp1252 = Buffer.from([...'Front,Back\r\ncafé,“a place” for 2€\r\n'].map((c) => ({ '“': 0x93, '”': 0x94, '€': 0x80 })[c] ?? c.charCodeAt(0)))
    await page.getByLabel('CSV file to import').setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: cp1252 })
    await page.getByText('Imported 1 card').waitFor()
    // é is 0xE9, not UTF-8: read as UTF-8 in the browser it became U+FFFD and this row never appeared.
    await row('café').waitFor()
  })
})

/** Writes with the developer token, as another device would. */
async function post<T>(path: string, body: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}
/** A deck of its own with these cards (front, markdown cue), made through the API. */
async function deckWith(name: string, cards: Array<[string, string]>): Promise<number> {
  const { deck } = await post<{ deck: { id: number } }>('/english_vocab/memories/deck', { name })
  for (const [front, back] of cards) await post('/english_vocab/memories/flashcard', { deck_id: deck.id, front, back })
  return deck.id
}
const strip = () => page.getByRole('region', { name: 'Reviewed cards' })
const stripItems = () => strip().getByRole('listitem')

describe('learning steps in a review session', () => {
  let stepsDeck: number

  it('brings a card answered Unfamiliar back after the remaining cards, says how many are learning, and completes', async () => {
    stepsDeck = await deckWith('Steps', [
      ['alpha', '```context\nTitle: Steps radio\nSentence: The alpha wave came first.\n```\n**alpha** = the _first_ one'],
      ['beta', 'the second one'],
      ['gamma', 'the third one'],
    ])
    const saved: Array<{ flashcard_id: number; rating: string; time_ms?: number }> = []
    const onRequest = (r: import('playwright-core').Request) => {
      if (r.url().endsWith('/english_vocab/memories/review') && r.method() === 'POST') saved.push(r.postDataJSON())
    }
    page.on('request', onRequest)
    const alphaSaved = page.waitForResponse((r) => r.url().endsWith('/english_vocab/memories/review') && r.request().method() === 'POST' && r.request().postDataJSON()?.rating === 'Again')
    await page.goto(`${server.url}/console/memories/review?deck_id=${stepsDeck}`)
    await expect.poll(counter).toBe('0 reviewed · 3 remaining')
    expect(await page.getByTestId('card-front').textContent()).toBe('alpha')
    // A keyboard and a mouse here: the key hints show.
    expect(await page.getByTestId('review-keys').isVisible()).toBe(true)
    await page.waitForTimeout(300)
    await page.getByRole('button', { name: 'Show Answer' }).click()
    await page.getByRole('button', { name: 'Unfamiliar' }).click()
    // Unfamiliar: a short step, so the card is still to come in this session.
    expect(await counter()).toBe('1 reviewed · 2 remaining · 1 learning')
    expect(await page.getByTestId('card-front').textContent()).toBe('beta')
    await page.getByRole('button', { name: 'Familiar', exact: true }).click()
    expect(await page.getByTestId('card-front').textContent()).toBe('gamma')
    await page.getByRole('button', { name: 'Familiar', exact: true }).click()
    // The remaining cards are done: alpha comes back (its step is not over, but nothing else is left).
    expect(await counter()).toBe('3 reviewed · 0 remaining · 1 learning')
    expect(await page.getByTestId('card-front').textContent()).toBe('alpha')
    // Familiar is rated from the ease alpha's first save gave back (Hard: Again lowered it), not from the
    // card as it was (Good): on a loaded machine that save can still be on its way, so wait for it.
    await (await alphaSaved).finished()
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await page.getByRole('button', { name: 'Show Answer' }).click()
    await page.getByRole('button', { name: 'Familiar', exact: true }).click()
    await page.getByRole('heading', { name: 'Review Complete!' }).waitFor()
    expect(await counter()).toBe('3 reviewed · 0 remaining')

    // Every answer is in the strip, the Unfamiliar one tinted, and each answer time was sent.
    expect(
      await stripItems().evaluateAll((items) => items.map((li) => `${li.querySelector('button')!.textContent}:${li.querySelector('[data-testid="strip-rating"]')!.textContent}:${li.getAttribute('data-rating')}`)),
    ).toEqual(['alpha:Unfamiliar:unfamiliar', 'beta:Familiar:familiar', 'gamma:Familiar:familiar', 'alpha:Familiar:familiar'])
    await expect.poll(() => saved.length).toBe(4)
    page.off('request', onRequest)
    expect(saved.map((s) => s.rating)).toEqual(['Again', 'Good', 'Good', 'Hard'])
    expect(saved[0]!.time_ms).toBeGreaterThanOrEqual(300)
    for (const s of saved) expect(s.time_ms).toEqual(expect.any(Number))
    // On the server: alpha left its step for a later day; nothing of the deck is due today.
    await expect.poll(async () => (await deckCards(stepsDeck)).every((c) => Date.parse(c.next_review!) > Date.now() + 20 * 3_600_000)).toBe(true)
  })

  it('renders the cue as markdown in the strip, and shows the source on hover and on keyboard focus', async () => {
    const first = stripItems().first()
    // The card renders **alpha** as bold: the strip too, with no asterisks left.
    expect(await first.getByTestId('strip-cue').locator('strong').textContent()).toBe('alpha')
    expect(await first.getByTestId('strip-cue').locator('em').textContent()).toBe('first')
    expect(await first.getByTestId('strip-cue').textContent()).not.toContain('**')
    const hint = page.getByRole('tooltip').filter({ hasText: 'Steps radio: The alpha wave came first.' })
    expect(await hint.count()).toBe(0)
    const alpha = first.getByRole('button', { name: 'alpha' })
    await alpha.hover()
    await hint.waitFor()
    expect(await alpha.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'))
    await page.mouse.move(5, 5)
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0)
    // Keyboard: Tab onto the front shows it; Escape hides it.
    await stripItems().nth(1).getByRole('button', { name: 'beta' }).focus()
    await page.keyboard.press('Shift+Tab')
    await hint.waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('alpha')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0)
  })

  it("reviews with Anki's four buttons when the deck asks for them, each with its next interval", async () => {
    const deckId = await deckWith('Four buttons', [['delta', 'the fourth one']])
    await page.goto(`${server.url}/console/memories/deck/${deckId}`)
    const setting = page.getByLabel('Answer buttons')
    expect(await setting.locator('option:checked').textContent()).toBe('Unfamiliar / Familiar')
    const saved = page.waitForResponse((r) => r.url().endsWith(`/english_vocab/memories/deck/${deckId}/settings`) && r.status() === 200)
    await setting.selectOption({ label: 'Again · Hard · Good · Easy (Anki)' })
    await saved
    expect((await api<{ deck: { answer_buttons: number } }>(`/english_vocab/memories/deck/${deckId}/settings`)).deck.answer_buttons).toBe(4)

    await page.getByRole('button', { name: 'Start Review' }).click()
    await page.getByTestId('card-front').waitFor()
    // Before the answer: Show Answer only, as in Anki.
    expect(await page.getByRole('button', { name: 'Familiar', exact: true }).count()).toBe(0)
    await page.getByRole('button', { name: 'Show Answer' }).click()
    const interval = (rating: string) => page.getByTestId(`interval-${rating}`).textContent()
    await expect.poll(() => interval('Again')).toBe('1m')
    expect([await interval('Hard'), await interval('Good')]).toEqual(['6m', '10m'])
    expect(await interval('Easy')).toMatch(/^\d+d$/)
    expect(await page.getByTestId('review-keys').textContent()).toContain('1 Again · 2 Hard · 3 Good · 4 Easy')
    // Good on a new card is Anki's second step (10 minutes): it comes back; Good again graduates it.
    await page.getByRole('button', { name: /^Good, next in 10m$/ }).click()
    expect(await counter()).toBe('1 reviewed · 0 remaining · 1 learning')
    await page.getByRole('button', { name: 'Show Answer' }).click()
    await expect.poll(() => interval('Good')).toMatch(/^\d+d$/)
    await page.keyboard.press('3')
    await page.getByRole('heading', { name: 'Review Complete!' }).waitFor()
    // The strip names Anki's answers on a four-button deck.
    expect(await stripItems().evaluateAll((items) => items.map((li) => [li.querySelector('button')!.textContent, li.querySelector('[data-testid="strip-rating"]')!.textContent, li.getAttribute('data-rating')]))).toEqual([
      ['delta', 'Good', 'familiar'],
      ['delta', 'Good', 'familiar'],
    ])
  })
})

describe('the deck screen and the review on a phone (390 px, touch)', () => {
  let phone: Browser
  let p: Page
  let deckId: number

  beforeAll(async () => {
    deckId = await deckWith('Phone deck', [
      ['extraordinarily', '```context\nTitle: Phone radio\nSentence: It was extraordinarily quiet.\n```\n**very** unusual'],
      ['brief', 'short'],
    ])
    phone = await launchBrowser({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
    await phone.context.addCookies(await browser.context.cookies())
    p = await phone.context.newPage()
  })
  afterAll(async () => phone?.close())

  it('draws the sidebar only in the open drawer: a screen opens without asking for its lists, and the drawer shows them', async () => {
    const asked = (pathname: string) => p.evaluate((x) => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === x).length, pathname)
    await p.goto(`${server.url}/console/memories/deck/${deckId}`)
    await p.getByRole('list', { name: 'Flashcards' }).waitFor()
    // What the screen's mount would ask for has gone out by then.
    await p.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
    expect(await asked('/english_vocab/api/playlists')).toBe(0)
    await p.getByRole('button', { name: 'Open menu' }).tap()
    const drawer = p.getByRole('dialog', { name: 'Menu' })
    await drawer.getByRole('link', { name: /^\d+ cards due for review$/ }).waitFor()
    await drawer.getByRole('heading', { name: 'Collections' }).waitFor()
    await expect.poll(() => asked('/english_vocab/api/playlists')).toBe(1)
    await drawer.getByRole('button', { name: 'Close menu' }).tap()
    await drawer.waitFor({ state: 'detached' })
  })

  it('shows each card as a row that fits: front, next review and the actions, nothing off-screen', async () => {
    await p.goto(`${server.url}/console/memories/deck/${deckId}`)
    const list = p.getByRole('list', { name: 'Flashcards' })
    await list.waitFor()
    expect(await p.getByRole('table').count()).toBe(0)
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    for (const front of ['extraordinarily', 'brief']) {
      const item = list.getByRole('listitem').filter({ hasText: front })
      const box = (await item.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      for (const name of [`View back of ${front}`, `Edit ${front}`, `Delete ${front}`]) {
        const button = (await item.getByRole('button', { name }).boundingBox())!
        expect(button.x + button.width).toBeLessThanOrEqual(390)
      }
      expect(await item.locator('[data-col="next-review"]').textContent()).toBe(await todayShown(p))
    }
    await list.getByRole('button', { name: 'Edit brief' }).tap()
    await p.getByRole('dialog', { name: 'Edit Flashcard' }).waitFor()
  })

  it('reviews without keyboard hints, and a tap on a reviewed front shows its source', async () => {
    await p.goto(`${server.url}/console/memories/review?deck_id=${deckId}`)
    await p.getByTestId('card-front').waitFor()
    expect(await p.getByTestId('review-keys').isVisible()).toBe(false)
    await p.getByRole('button', { name: 'Familiar', exact: true }).tap()
    const front = p.getByRole('region', { name: 'Reviewed cards' }).getByRole('button', { name: 'extraordinarily' })
    await front.tap()
    const hint = p.getByRole('tooltip').filter({ hasText: 'Phone radio: It was extraordinarily quiet.' })
    await hint.waitFor()
    const box = (await hint.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await front.tap()
    await expect.poll(() => p.getByRole('tooltip').count()).toBe(0)
    expect(await p.getByTestId('strip-cue').locator('strong').textContent()).toBe('very')
  })

  it('replaces the deck screen with the red error text when the cards cannot be fetched', async () => {
    await p.route('**/english_vocab/memories/flashcards?**', (route) => route.fulfill({ status: 500, json: { success: false, msg: 'Database is busy' } }))
    try {
      await p.goto(`${server.url}/console/memories/deck/${deckId}`)
      await p.getByRole('alert').getByText('Failed to fetch flashcards: Database is busy', { exact: true }).waitFor({ timeout: 15_000 })
      // "Errors replace the screen": no selector, no buttons above the text.
      expect(await p.getByLabel('Deck', { exact: true }).count()).toBe(0)
      for (const name of ['Start Review', 'Add Card', 'Statistics', 'New Deck']) expect(await p.getByRole('button', { name }).count()).toBe(0)
      expect(await p.getByRole('heading', { name: 'Memories' }).count()).toBe(0)
    } finally {
      await p.unroute('**/english_vocab/memories/flashcards?**')
    }
  })
})

describe('markdown on the deck and the review', () => {

  it("opens a deck and reviews its plain cards without fetching react-markdown's code, and a markdown answer still comes formatted", async () => {
    const plain = await deckWith('Plain words', [
      ['estate', 'land and buildings owned by one family'],
      ['residence', 'the place where someone lives'],
    ])
    const fresh = await browser.context.newPage()
    try {
      await fresh.goto(`${server.url}/console/memories/deck/${plain}`)
      await fresh.getByRole('cell', { name: 'estate', exact: true }).waitFor()
      await fresh.goto(`${server.url}/console/memories/review?deck_id=${plain}`)
      await fresh.getByRole('button', { name: 'Show Answer' }).click()
      // The paragraph react-markdown would make of it, at once.
      expect(await fresh.getByTestId('card-answer').locator('p').first().textContent()).toBe('land and buildings owned by one family')
      // Each screen asked for its code as soon as its cards came: time enough for a request to show.
      await fresh.waitForTimeout(500)
      expect(await markdownCodeFetched(fresh)).toEqual([])

      const marked = await deckWith('Marked words', [['settle', '**settle** = make a _home_ somewhere']])
      await fresh.goto(`${server.url}/console/memories/review?deck_id=${marked}`)
      await fresh.getByRole('button', { name: 'Show Answer' }).click()
      await expect.poll(() => fresh.getByTestId('card-answer').locator('strong').count()).toBe(1)
      expect(await fresh.getByTestId('card-answer').locator('em').textContent()).toBe('home')
      expect(await markdownCodeFetched(fresh)).toHaveLength(1)
    } finally {
      await fresh.close()
    }
  })
})
