import type { Comprehension, VocabularyWord } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoSession, type DemoSession } from './session'

/**
 * Terms (phrases, levels, hints) in the player and the Vocabulary screen, on the demo article's
 * word-timed transcript (apps/server/demo/sense-and-sensibility.segments.json):
 * segment 4 (16590 ms) says "Had he married a more... a amiable woman, he
 * might have been made still more respectable than he was;" and segment 5
 * (23040 ms) "he might even have been made amiable himself." The learner
 * has no deck at all, and no placement: every word starts new.
 */

let session: DemoSession
let page: Page

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${session.server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${session.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  expect(res.status, `${path}: ${res.status}`).toBe(200)
  return (await res.json()) as T
}
type ArticleWords = { statuses: Record<string, string>; levels?: Record<string, number>; hints?: Record<string, string>; comprehension?: Comprehension }
const articleWords = () => api<ArticleWords>(`/english_vocab/api/words/article?article_id=${session.hashId}`)

beforeAll(async () => {
  session = await startDemoSession()
  page = session.page
})
afterAll(async () => session?.stop())

const subtitles = () => page.locator('section[aria-label="Subtitles"]')
const word = (name: string) => subtitles().locator('button[data-word-index]').filter({ hasText: new RegExp(`^${name}$`) }).first()
const attr = (name: string, attribute: string) => word(name).getAttribute(attribute)
const popover = (name: string) => page.getByRole('dialog', { name: `Look up ${name}` })
const audioTime = () => page.evaluate(() => document.querySelector('audio')!.currentTime)

/** Steps with Next or Previous segment until the segment starting at `start` is the caption line. */
async function showSegment(start: number) {
  const line = subtitles().locator('[data-segment-start]')
  await line.waitFor()
  for (let i = 0; i < 10; i++) {
    const shown = Number(await line.getAttribute('data-segment-start'))
    if (shown === start) return
    await page.getByRole('button', { name: shown < start ? 'Next segment' : 'Previous segment' }).click()
    await page.waitForTimeout(100)
  }
  await subtitles().locator(`[data-segment-start="${start}"]`).waitFor()
}

/** Presses the mouse on one word, moves across to another and lets go there. */
async function dragAcross(from: string, to: string) {
  const a = (await word(from).boundingBox())!
  const b = (await word(to).boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move((a.x + b.x) / 2 + b.width / 2, a.y + a.height / 2, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 })
  await page.mouse.up()
}

describe('levels, keys, hints and phrases (Chromium)', () => {
  it('marks words with the keys 1-5, K and I on the focused word and on the word being spoken, with no deck', async () => {
    await page.goto(session.playerUrl)
    await showSegment(16590)
    await expect.poll(() => attr('amiable', 'data-status'), { timeout: 10_000 }).toBe('new')

    await word('amiable').focus()
    await page.keyboard.press('2')
    await expect.poll(() => attr('amiable', 'data-status')).toBe('learning')
    expect(await attr('amiable', 'data-level')).toBe('2')
    await page.getByText('“amiable”: Learning 2').waitFor()
    for (const [key, status, level] of [
      ['3', 'learning', '3'],
      ['4', 'learning', '4'],
      ['1', 'learning', '1'],
      ['5', 'known', null],
      ['i', 'ignored', null],
      ['k', 'known', null],
    ] as const) {
      await page.keyboard.press(key)
      // Polled together: from 4 to 1 the status stays learning while the level is still being saved.
      await expect.poll(async () => [await attr('amiable', 'data-status'), await attr('amiable', 'data-level')], { message: key }).toEqual([status, level])
    }
    // Every occurrence: the next line's "amiable" is the same lemma.
    await expect.poll(async () => (await articleWords()).statuses.amiable).toBe('known')

    // Without a focused word, the keys mark the word at the play position: a click on "married" put it there.
    await word('married').click()
    await expect.poll(audioTime).toBeCloseTo(17.14, 1)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('3')
    await expect.poll(() => attr('married', 'data-status')).toBe('learning')
    expect(await attr('married', 'data-level')).toBe('3')
    await page.keyboard.press('x')
    await expect.poll(() => attr('married', 'data-status')).toBe('ignored')
    await page.keyboard.press('1')
    await expect.poll(() => attr('married', 'data-status')).toBe('learning')
    expect(await attr('married', 'data-level')).toBe('1')

    // Learning never needed a deck, and no card was made.
    expect((await api<{ decks: unknown[] }>('/english_vocab/memories/decks')).decks).toEqual([])
    expect(await page.getByRole('dialog', { name: 'Create Flashcard' }).count()).toBe(0)
  })

  it('marks a word learning at a level in the popover, by button and by key, without a deck; Make a card is its own button', async () => {
    await showSegment(16590)
    await word('woman,').hover()
    await page.getByRole('button', { name: 'Look up woman,' }).click()
    const dialog = popover('woman,')
    await dialog.waitFor()
    await expect.poll(() => dialog.getByTestId('sense').textContent(), { timeout: 10_000 }).not.toBe('Looking up…')
    await dialog.getByRole('button', { name: 'Learning 1' }).click()
    await expect.poll(() => dialog.getByRole('button', { name: 'Learning 1' }).getAttribute('aria-pressed')).toBe('true')
    expect(await attr('woman,', 'data-status')).toBe('learning')
    expect(await page.getByRole('dialog', { name: 'Create Flashcard' }).count()).toBe(0)
    // The keys work in the open popover too.
    await page.keyboard.press('4')
    await expect.poll(() => dialog.getByRole('button', { name: 'Learning 4' }).getAttribute('aria-pressed')).toBe('true')
    expect(await attr('woman,', 'data-level')).toBe('4')
    await page.keyboard.press('k')
    await expect.poll(() => dialog.getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('true')
    await dialog.getByRole('button', { name: 'Learning 2' }).click()
    await expect.poll(async () => (await articleWords()).levels?.woman).toBe(2)
    expect((await articleWords()).statuses.woman).toBe('learning')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect((await api<{ decks: unknown[] }>('/english_vocab/memories/decks')).decks).toEqual([])
  })

  it('writes a hint in the popover, shows it on hover of the word, and brings it to the card as its cue', async () => {
    await showSegment(16590)
    expect(await attr('respectable', 'data-status')).toBe('new')
    await word('respectable').hover()
    await page.getByRole('button', { name: 'Look up respectable' }).click()
    const dialog = popover('respectable')
    await dialog.waitFor()
    const field = dialog.getByLabel('Your hint')
    await expect.poll(() => field.isEnabled(), { timeout: 10_000 }).toBe(true)
    await field.fill('angesehen, ehrbar')
    await field.press('Enter')
    await expect.poll(() => dialog.getByTestId('hint-state').textContent()).toBe('Saved')
    // A hint on a new word makes it learning, as LingQ and Lute do.
    await expect.poll(() => attr('respectable', 'data-status')).toBe('learning')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // Hovering the word shows the hint beside it.
    await page.mouse.move(5, 5)
    await word('respectable').hover()
    const tip = page.getByRole('tooltip')
    await tip.waitFor()
    expect(await tip.textContent()).toBe('angesehen, ehrbar')
    expect(await word('respectable').getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'))
    await word('he').first().hover()
    await tip.waitFor({ state: 'detached' })

    // The lookup answers it on any device; a card from the word takes it as the cue.
    expect(await api(`/english_vocab/api/words/lookup?word=respectable`)).toMatchObject({ hint: 'angesehen, ehrbar', status: 'learning' })
    await word('respectable').hover()
    await page.getByRole('button', { name: 'Look up respectable' }).click()
    await popover('respectable').getByRole('button', { name: 'Make a card' }).click()
    const modal = page.getByRole('dialog', { name: 'Create Flashcard' })
    await modal.waitFor()
    expect(await modal.getByLabel('Front', { exact: true }).inputValue()).toBe('respectable')
    expect(await modal.getByLabel('Memorize Cue').inputValue()).toBe('angesehen, ehrbar')
    await modal.getByRole('button', { name: 'Cancel' }).click()
    await modal.waitFor({ state: 'detached' })
  })

  it('marks a phrase by dragging across its words, and finds it again in the next line with its words inflected the same', async () => {
    await showSegment(16590)
    const before = (await articleWords()).comprehension!
    await dragAcross('have', 'made')
    const dialog = popover('have been made')
    await dialog.waitFor()
    // The click that ends the drag is not a seek, and the words stay selected while the popover is open.
    expect(await subtitles().locator('button[data-selected="true"]').allTextContents()).toEqual(['have', 'been', 'made'])
    await expect.poll(() => dialog.getByTestId('sense').textContent(), { timeout: 10_000 }).not.toBe('Looking up…')
    expect(await dialog.textContent()).toContain('have be make')
    await dialog.getByRole('button', { name: 'Learning 2' }).click()
    await expect.poll(() => attr('been', 'data-phrase')).toBe('have be make')
    for (const w of ['have', 'been', 'made']) {
      expect(await attr(w, 'data-status')).toBe('learning')
      expect(await attr(w, 'data-level')).toBe('2')
    }
    // Words outside it keep their own marks.
    expect(await attr('might', 'data-phrase')).toBeNull()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // It counts in comprehension as one learning unit per occurrence (decision 0028): the learning share grows.
    const after = await articleWords()
    expect(after.statuses['have be make']).toBe('learning')
    expect(after.comprehension!.learning_share).toBeGreaterThan(before.learning_share)
    // The next line says it again ("might even have been made"): marked there too.
    await showSegment(23040)
    await expect.poll(() => attr('made', 'data-phrase')).toBe('have be make')
    expect(await attr('even', 'data-phrase')).toBeNull()

    // Shift+click selects too, from the word clicked last, and looks the phrase up instead of seeking.
    await word('might').click()
    const at = await audioTime()
    await word('even').click({ modifiers: ['Shift'] })
    await popover('might even').waitFor()
    expect(await audioTime()).toBe(at)
    await page.keyboard.press('Escape')
    await popover('might even').waitFor({ state: 'detached' })

    // And the keyboard: Shift+arrows from the focused word, then Enter.
    await word('amiable').focus()
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('Enter')
    await popover('amiable himself.').waitFor()
    await page.keyboard.press('Escape')
  })

  it('lists hints in the Vocabulary screen, searchable and editable in place, with the levels', async () => {
    await page.goto(`${session.server.url}/console/memories/words`)
    await page.getByRole('searchbox', { name: 'Search words and hints' }).fill('ehrbar')
    const row = page.locator('tbody tr[data-lemma="respectable"]')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    await row.waitFor()
    expect(await row.locator('[data-col="hint"]').textContent()).toContain('angesehen, ehrbar')
    expect(await row.locator('[data-col="status"]').textContent()).toBe('Learning 1')

    await row.getByRole('button', { name: /hint for respectable/ }).click()
    const input = row.getByRole('textbox', { name: 'Hint for respectable' })
    await input.fill('geachtet')
    await input.press('Enter')
    await expect.poll(async () => (await api<{ hint: string | null }>('/english_vocab/api/words/lookup?word=respectable')).hint).toBe('geachtet')

    await page.getByRole('searchbox', { name: 'Search words and hints' }).fill('have be')
    const phrase = page.locator('tbody tr[data-lemma="have be make"]')
    await phrase.waitFor()
    expect(await phrase.locator('[data-col="status"]').textContent()).toBe('Learning 2')
    const listed = await api<{ words: VocabularyWord[] }>('/english_vocab/api/words?q=have%20be')
    expect(listed.words.find((w) => w.lemma === 'have be make')).toMatchObject({ status: 'learning', level: 2, seen: 2 })
  })
})
