import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { signInAsDeveloper } from './session'

/**
 * The learner's language in Chromium, against the built server
 * with this machine's FreeDict English-German (Debian dict-freedict-eng-deu):
 * the placement asks for the language once, the Vocabulary screen changes it
 * and sets a web dictionary, and a learner with German set looks a word of
 * the demo article up and sees its German meaning first, with its source.
 * The demo's first segment (0 ms) says "leisure" (FreeDict: "Muße").
 */
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let playerUrl: string

async function api<T>(pathname: string): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}` } })
  expect(res.status, `${pathname}: ${res.status}`).toBe(200)
  return (await res.json()) as T
}

beforeAll(async () => {
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  const { collections } = await api<{ collections: Array<{ HashID: string; Audio: string | null }> }>('/english_vocab/api/word_collections')
  playerUrl = `${server.url}/console/player/audio/${collections.find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!.HashID}`
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
})

const settings = () => api<{ native_language: string | null; dictionary_url: string | null }>('/english_vocab/api/words/settings')

describe('the learner language (Chromium)', () => {
  it('is asked once with the placement, and changed on the Vocabulary screen with a web dictionary', async () => {
    await page.goto(`${server.url}/console/memories/words`)
    await page.getByRole('heading', { name: 'Vocabulary', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Set your level' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set your level' })
    const question = dialog.getByTestId('placement-language')
    await question.waitFor()
    // The languages this server has a dictionary for come first.
    expect(await question.locator('optgroup').first().getAttribute('label')).toBe('With an offline dictionary')
    await question.getByLabel('Your language').selectOption({ label: 'German' })
    await expect.poll(async () => (await settings()).native_language).toBe('de')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    // Asked once: with a language set, the placement no longer asks.
    await page.getByRole('button', { name: 'Set your level' }).click()
    await dialog.getByRole('radio').first().waitFor()
    expect(await dialog.getByTestId('placement-language').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    const section = page.getByTestId('language-settings')
    const picker = section.getByLabel('Your language')
    await expect.poll(() => picker.inputValue()).toBe('de')
    expect(await section.textContent()).toContain('Offline: FreeDict English–German')
    await section.getByLabel('Web dictionary').fill('https://dict.example/search?q={word}')
    await section.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => section.getByTestId('language-status').textContent()).toBe('Saved')
    expect((await settings()).dictionary_url).toBe('https://dict.example/search?q={word}')
    // A bad address is refused with the server's words, and nothing changes.
    await section.getByLabel('Web dictionary').fill('javascript:alert(1)')
    await section.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => section.getByTestId('language-status').textContent()).toMatch(/^The web dictionary must be an http\(s\) address with \{word\}/)
    expect((await settings()).dictionary_url).toBe('https://dict.example/search?q={word}')
  })

  it('looks a word up and shows its German meaning first, naming the dictionary, above the English sense', async () => {
    await page.goto(playerUrl)
    await page.locator('[data-segment-start="0"]').waitFor()
    const word = page.locator('section[aria-label="Subtitles"] button[data-word-index]').filter({ hasText: /^leisure$/ }).first()
    await word.hover()
    await page.getByRole('button', { name: 'Look up leisure' }).click()
    const popover = page.getByRole('dialog', { name: 'Look up leisure' })
    await popover.waitFor()
    const meanings = popover.getByTestId('translations')
    await meanings.getByTestId('translation').first().waitFor({ timeout: 15_000 })
    expect(await meanings.getByTestId('translations-language').textContent()).toBe('German')
    const first = meanings.getByTestId('translation').first()
    expect(await first.textContent()).toBe('Muße')
    expect(await first.getAttribute('lang')).toBe('de')
    // Each dictionary is named under its lines.
    expect(await meanings.getByTestId('translation-group').first().getByTestId('translation-source').textContent()).toBe('FreeDict English–German')
    // The learner's language comes before the English sense.
    await expect.poll(() => popover.getByTestId('sense').textContent(), { timeout: 10_000 }).not.toBe('Looking up…')
    const before = await popover.evaluate((el) => {
      const t = el.querySelector('[data-testid="translations"]')!
      const s = el.querySelector('[data-testid="sense"]')!
      return Boolean(t.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING)
    })
    expect(before).toBe(true)
    // The learner's web dictionary for the word, opening elsewhere.
    const link = popover.getByRole('link', { name: 'Look up “leisure” on the web' })
    expect(await link.getAttribute('href')).toBe('https://dict.example/search?q=leisure')
    expect(await link.getAttribute('target')).toBe('_blank')
    await page.keyboard.press('Escape')
    await popover.waitFor({ state: 'detached' })
  })
})
