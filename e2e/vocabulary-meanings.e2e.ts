import { DEV_LOGIN_TOKEN, parseCardBack, type Comprehension, type Deck, type Flashcard, type Translation } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { axe } from './axe'
import { launchBrowser, type Browser } from './browser'
import { seedRecordingWithWords, type RecordingWithWords } from './recording-with-words'
import { consoleTookOver, signInAsDeveloper } from './session'

/**
 * The learner's own meaning and phrases as units, in Chromium, on one
 * recording of our own whose transcript (one segment, word-timed) says
 * "take off" twice ("take off", "took off") and "take" once alone. The
 * learner has German set, a dictionary of their own with three lines for
 * "plane", and knows "take" and "off" before the phrase is marked.
 */
const SENTENCE = 'The plane will take off soon, we take the train, and they took off their coats.'

let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let recording: RecordingWithWords | undefined
let hashId: string

async function api<T>(pathname: string, init: { method?: string; body?: object } = {}): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
  expect(res.status, pathname).toBe(200)
  return (res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text()) as T
}
type ArticleWords = { statuses: Record<string, string>; hints?: Record<string, string>; comprehension?: Comprehension }
const articleWords = () => api<ArticleWords>(`/english_vocab/api/words/article?article_id=${hashId}`)
type Lookup = { lemma: string; status: string; hint: string | null; translations: Translation[] }
const lookup = (word: string) => api<Lookup>(`/english_vocab/api/words/lookup?word=${encodeURIComponent(word)}&sentence=${encodeURIComponent(SENTENCE)}`)

beforeAll(async () => {
  db = await createTestDatabase()
  // Each word 400 ms from 0.2 s on.
  recording = await seedRecordingWithWords(db, { name: 'take-off', title: 'Take off', seconds: 8, sentence: SENTENCE, fromMs: 200, dictionary: 'plane\tFlugzeug\nplane\tEbene\nplane\tHobel\n' })
  hashId = recording.hashId
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
  await api('/english_vocab/api/words/settings', { method: 'PUT', body: { native_language: 'de' } })
  await api('/english_vocab/api/words/status', { method: 'POST', body: { words: ['take', 'off'], status: 'known' } })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  recording?.cleanUp()
})

const subtitles = () => page.locator('section[aria-label="Subtitles"]')
const words = (name: string) => subtitles().locator('button[data-word-index]').filter({ hasText: new RegExp(`^${name}$`) })

describe('a dictionary line becomes the learner’s meaning', () => {
  it('folds the lines behind "More meanings", makes the one chosen by keyboard the hint, the card’s cue and the export’s meaning, and takes it back', async () => {
    await page.goto(`${server.url}/console/player/audio/${hashId}`)
    const plane = words('plane').first()
    await plane.waitFor()
    // The words are there in the server-rendered frame before the console takes keys.
    await consoleTookOver(page)
    await plane.focus()
    await page.keyboard.press('l')
    const popover = page.getByRole('dialog', { name: 'Look up plane' })
    await popover.waitFor()
    // The learner's own dictionary's lines, in the server's order (FreeDict's may come too, in their own group).
    let sent: string[] = []
    await expect
      .poll(async () => (sent = (await lookup('plane')).translations.filter((t) => !t.source.startsWith('FreeDict')).map((t) => t.text)), { timeout: 15_000 })
      .toHaveLength(3)
    const source = (await lookup('plane')).translations.find((t) => t.text === sent[0])!.source
    const group = popover.getByTestId('translation-group').filter({ has: page.getByTestId('translation-source').getByText(source, { exact: true }) })
    await group.waitFor({ timeout: 15_000 })
    const lines = group.getByTestId('translation')

    // Its best line shows; the other two wait behind a disclosure.
    expect(await lines.first().textContent()).toBe(sent[0])
    expect(await lines.first().isVisible()).toBe(true)
    expect(await lines.nth(1).isVisible()).toBe(false)
    const more = group.getByRole('button', { name: 'More meanings (2)' })
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    await more.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => lines.nth(1).isVisible()).toBe(true)
    expect(await group.getByRole('button', { name: 'Fewer meanings' }).getAttribute('aria-expanded')).toBe('true')
    expect(await lines.allTextContents()).toEqual(sent)

    // A folded line, chosen with the keyboard, is the learner's meaning: said aloud, shown first, pressed.
    const chosen = sent[1]!
    await lines.nth(1).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => popover.getByRole('status').textContent()).toBe(`Saved “${chosen}” as your meaning.`)
    expect(await popover.getByRole('status').getAttribute('aria-live')).toBe('polite')
    expect(await popover.getByTestId('your-meaning').textContent()).toContain(chosen)
    expect(await lines.nth(1).getAttribute('aria-pressed')).toBe('true')
    expect(await lines.first().getAttribute('aria-pressed')).toBe('false')
    expect(await popover.getByLabel('Your hint').inputValue()).toBe(chosen)
    // The lines, the disclosure and the live region pass axe's WCAG 2.1 AA rules.
    const { violations } = await axe(page).include('[role="dialog"]').analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    // On the server: the hint, and the word learning as a LingQ is.
    await expect.poll(async () => (await lookup('plane')).hint).toBe(chosen)
    expect((await lookup('plane')).status).toBe('learning')
    expect(await api<string>('/english_vocab/api/words/export.csv')).toMatch(new RegExp(`^plane,learning,[^,]+,1,${chosen}$`, 'm'))

    // The card takes it as its cue, not the dictionary's first line, and the deck's export carries it.
    await popover.getByRole('button', { name: 'Make a card' }).click()
    const modal = page.getByRole('dialog', { name: 'Create Flashcard' })
    await modal.waitFor()
    const cue = modal.getByLabel('Memorize Cue')
    await expect.poll(() => cue.inputValue(), { timeout: 15_000 }).toBe(chosen)
    await modal.getByRole('button', { name: 'Create deck' }).click()
    const save = modal.getByRole('button', { name: 'Create', exact: true })
    await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true)
    await save.click()
    await modal.waitFor({ state: 'detached' })
    const [deck] = (await api<{ decks: Deck[] }>('/english_vocab/memories/decks')).decks
    const [card] = (await api<{ flashcards: Flashcard[] }>(`/english_vocab/memories/flashcards?deck_id=${deck!.id}`)).flashcards
    expect(parseCardBack(card!.back)).toMatchObject({ cue: chosen })
    expect(await api<string>(`/english_vocab/memories/deck/${deck!.id}/export.csv`)).toContain(chosen)

    // Pressing the chosen line again takes the meaning back, as clearing the hint does.
    await plane.focus()
    await page.keyboard.press('l')
    await popover.waitFor()
    const again = lines.nth(1)
    await more.click()
    expect(await again.textContent()).toBe(chosen)
    expect(await again.getAttribute('aria-pressed')).toBe('true')
    await again.click()
    await expect.poll(() => popover.getByRole('status').textContent()).toBe('Your meaning was removed.')
    expect(await popover.getByTestId('your-meaning').count()).toBe(0)
    await expect.poll(async () => (await lookup('plane')).hint).toBeNull()
    await page.keyboard.press('Escape')
    await popover.waitFor({ state: 'detached' })
  })
})

describe('a phrase counts as one unit', () => {
  it('marked learning, leaves its known words known and counts each occurrence once in the episode’s figure', async () => {
    const before = (await articleWords()).comprehension!
    // "take" three times and "off" twice are known; "plane" is being learned since its meaning was chosen.
    expect(Math.round(before.known_share * before.words)).toBe(5)
    expect(Math.round(before.learning_share * before.words)).toBe(1)

    const take = words('take')
    await take.first().focus()
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('Enter')
    const popover = page.getByRole('dialog', { name: 'Look up take off' })
    await popover.waitFor()
    await expect.poll(() => popover.getByTestId('sense').textContent(), { timeout: 10_000 }).not.toBe('Looking up…')
    await popover.getByRole('button', { name: 'Learning 1' }).click()
    await expect.poll(() => take.first().getAttribute('data-phrase')).toBe('take off')
    await page.keyboard.press('Escape')
    await popover.waitFor({ state: 'detached' })

    // Both occurrences show the phrase; "take" alone keeps its own status, on screen and on the server.
    expect(await words('took').first().getAttribute('data-phrase')).toBe('take off')
    expect(await take.first().getAttribute('data-status')).toBe('learning')
    expect(await take.nth(1).getAttribute('data-phrase')).toBeNull()
    expect(await take.nth(1).getAttribute('data-status')).toBe('known')
    const after = await articleWords()
    expect(after.statuses).toMatchObject({ take: 'known', off: 'known', 'take off': 'learning' })

    // Two learning units in place of four known words: one known word left, one term more being learned.
    const figure = after.comprehension!
    expect(figure.words).toBe(before.words - 2)
    expect(figure.known_share).toBeCloseTo(1 / figure.words, 4)
    expect(figure.learning_share).toBeCloseTo((1 + 2) / figure.words, 4)
    expect(figure.learning_words).toBe(before.learning_words + 1)
    // The player's header says it: the share known, rounded down, with one term being learned.
    const header = page.getByTestId('article-comprehension')
    await expect.poll(() => header.textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^${Math.floor(figure.known_share * 100)}% known · ${figure.new_words} new words? · ${figure.learning_words} learning$`))
    // The library's card the same.
    const library = await api<{ articles: Record<string, Comprehension> }>('/english_vocab/api/words/comprehension')
    expect(library.articles[hashId]).toEqual(figure)
  })
})
