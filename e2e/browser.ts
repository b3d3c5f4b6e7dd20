import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

/** Flags from ARCHITECTURE.md s9: Debian Chromium, headless, no traffic beyond loopback. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface Browser {
  context: BrowserContext
  close(): Promise<void>
}

/** A fresh profile each time, so no cookie or storage leaks between tests. */
export async function launchBrowser(
  options: {
    viewport?: { width: number; height: number }
    args?: string[]
    /** A touch phone: touch events, and the (pointer: coarse) / (hover: none) media features. */
    hasTouch?: boolean
    isMobile?: boolean
    /** false: the page as a browser shows it before (or without) the console's code. */
    javaScriptEnabled?: boolean
  } = {},
): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lingocast-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, ...(options.args ?? [])],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.hasTouch ? { hasTouch: true } : {}),
    ...(options.isMobile ? { isMobile: true } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
