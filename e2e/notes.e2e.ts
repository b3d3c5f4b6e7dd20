import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoSession, type DemoSession } from './session'

const TITLE = 'Sense and Sensibility, Chapter 1 (excerpt)'
const TEMPLATE = `Notes: ${TITLE}\n\nKey Points:\n1. `

let session: DemoSession
let page: Page
let playerUrl: string

beforeAll(async () => {
  session = await startDemoSession()
  ;({ page, playerUrl } = session)
})
afterAll(async () => session?.stop())

/** The notes as the server has them (null: 404, none yet). */
async function serverNotes(): Promise<string | null> {
  const res = await fetch(`${session.server.url}/storage/api/config/${session.hashId}_outline.txt`, { headers: { authorization: `Bearer ${session.token}` } })
  if (res.status === 404) return null
  expect(res.status).toBe(200)
  return res.text()
}

const notes = (target: Page = page) => target.getByRole('textbox', { name: 'Notes' })
const saving = (target: Page = page) => target.getByRole('status').filter({ hasText: 'Saving...' })

async function openNotes(target: Page = page) {
  await target.goto(playerUrl)
  await target.getByRole('tab', { name: 'Notes' }).click()
  await notes(target).waitFor()
}

/** Puts the text and caret (| marks it) into the notes, as if typed there, and waits for the save. */
async function setNotes(text: string) {
  const caret = text.indexOf('|')
  await notes().fill(text.replace('|', ''))
  await notes().evaluate((el: HTMLTextAreaElement, at) => el.setSelectionRange(at, at), caret)
}
const shown = () => notes().evaluate((el: HTMLTextAreaElement) => el.value.slice(0, el.selectionStart) + '|' + el.value.slice(el.selectionStart))

describe('notes in Chromium', () => {
  it('starts from the default template, with Loading... first, when the article has none', async () => {
    expect(await serverNotes()).toBeNull()
    // Hold the notes call so the loading state can be seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/storage/api/config/**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(playerUrl)
    await page.getByRole('tab', { name: 'Notes' }).click()
    await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor()
    release()
    await notes().waitFor()
    await page.unroute('**/storage/api/config/**')
    expect(await notes().inputValue()).toBe(TEMPLATE)
    expect(await notes().getAttribute('placeholder')).toBe('Write your notes here...')
    // Opening the template saves nothing by itself.
    expect(await serverNotes()).toBeNull()
  })

  it('saves what is typed (Saving... while it goes) and shows it again after a reload', async () => {
    await openNotes()
    await notes().click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type('the Dashwoods live at Norland')
    await saving().waitFor()
    await expect.poll(serverNotes, { timeout: 10_000 }).toBe(`${TEMPLATE}the Dashwoods live at Norland`)
    await expect.poll(() => saving().count()).toBe(0)
    await page.reload()
    await page.getByRole('tab', { name: 'Notes' }).click()
    expect(await notes().inputValue()).toBe(`${TEMPLATE}the Dashwoods live at Norland`)
  })

  it('saves the last edit when the learner leaves mid-throttle, by navigating away or by closing the tab', async () => {
    await openNotes()
    await notes().click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' A')
    await expect.poll(serverNotes, { timeout: 10_000 }).toMatch(/ A$/)
    // Within 3 s of that save, so this edit waits for the throttle; leaving must send it anyway.
    await page.keyboard.type(' B')
    await page.getByRole('link', { name: 'Learning', exact: true }).first().click()
    await expect.poll(serverNotes, { timeout: 5_000 }).toMatch(/ A B$/)

    const tab = await session.browser.context.newPage()
    await openNotes(tab)
    await notes(tab).click()
    await tab.keyboard.press('Control+End')
    await tab.keyboard.type(' C')
    await expect.poll(serverNotes, { timeout: 10_000 }).toMatch(/ A B C$/)
    await tab.keyboard.type(' D')
    await tab.close({ runBeforeUnload: true })
    await expect.poll(serverNotes, { timeout: 5_000 }).toMatch(/ A B C D$/)
  })

  it('applies every editor rule of spec 000 s5 on the real text area', async () => {
    await openNotes()
    await notes().click()

    // Enter on a numbered item continues the list, and renumbers the items below by level.
    await setNotes('Key Points:\n1. first|\n2. second\n  1. detail\n3. third')
    await page.keyboard.press('Enter')
    expect(await shown()).toBe('Key Points:\n1. first\n2. |\n3. second\n  1. detail\n4. third')
    await page.keyboard.type('inserted')

    // Tab on a list line indents it by two spaces; Shift+Tab takes them back.
    await page.keyboard.press('Tab')
    expect(await shown()).toBe('Key Points:\n1. first\n  2. inserted|\n3. second\n  1. detail\n4. third')
    await page.keyboard.press('Shift+Tab')
    expect(await shown()).toBe('Key Points:\n1. first\n2. inserted|\n3. second\n  1. detail\n4. third')
    // Shift+Tab with fewer than two spaces changes nothing.
    await page.keyboard.press('Shift+Tab')
    expect(await shown()).toBe('Key Points:\n1. first\n2. inserted|\n3. second\n  1. detail\n4. third')

    // Enter on a dash item starts another dash item at the same indentation.
    await setNotes('Words:\n  - estate|')
    await page.keyboard.press('Enter')
    expect(await shown()).toBe('Words:\n  - estate\n  - |')
    // Enter on the empty item removes its marker instead.
    await page.keyboard.press('Enter')
    expect(await shown()).toBe('Words:\n  - estate\n|')

    // Tab on a line that is not a list inserts two spaces.
    await setNotes('Key|Points')
    await page.keyboard.press('Tab')
    expect(await shown()).toBe('Key  |Points')
    // Enter there is an ordinary new line.
    await page.keyboard.press('Enter')
    expect(await shown()).toBe('Key  \n|Points')

    // During IME composition Enter belongs to the input method: nothing happens.
    await setNotes('1. 日本|')
    const handled = await notes().evaluate((el: HTMLTextAreaElement) => {
      const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, isComposing: true })
      el.dispatchEvent(event)
      return event.defaultPrevented
    })
    expect(handled).toBe(false)
    expect(await shown()).toBe('1. 日本|')

    // Escape, then Tab, leaves the text area instead of indenting (keyboard users are not trapped).
    await page.keyboard.press('Escape')
    await page.keyboard.press('Tab')
    expect(await notes().evaluate((el) => el === document.activeElement)).toBe(false)
    expect(await notes().inputValue()).toBe('1. 日本')
  })
})
