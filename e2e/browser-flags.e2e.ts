import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, OMNIBOX_POPUP_FEATURES, PLAYWRIGHT_DISABLED_FEATURES, type Browser } from './browser'

/** The features Chromium was started without, as chrome://version shows its command line: the last --disable-features counts. */
async function disabledFeatures(page: import('playwright-core').Page): Promise<string[][]> {
  await page.goto('chrome://version')
  const commandLine = await page.locator('#command_line').textContent()
  return [...(commandLine ?? '').matchAll(/--disable-features=(\S+)/g)].map((m) => m[1]!.split(','))
}

/**
 * launchBrowser's --disable-features replaces Playwright's (Chromium keeps the last one given), so it
 * must carry Playwright's list. This fails when a Playwright update adds a name to its own.
 */
describe('the browser the tests launch', () => {
  let ours: Browser
  beforeAll(async () => {
    ours = await launchBrowser()
  })
  afterAll(async () => ours?.close())

  it("keeps every feature Playwright turns off, and turns off Chromium's omnibox popup", async () => {
    const plain = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true })
    let playwrights: string[]
    try {
      const lists = await disabledFeatures(await plain.newPage())
      expect(lists).toHaveLength(1)
      playwrights = lists[0]!
    } finally {
      await plain.close()
    }
    expect(playwrights).toEqual(expect.arrayContaining(['MediaRouter']))
    const lists = await disabledFeatures(await ours.context.newPage())
    const effective = lists.at(-1)!
    expect(effective).toEqual(expect.arrayContaining([...playwrights, ...OMNIBOX_POPUP_FEATURES]))
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwrights].sort())
  })
})
