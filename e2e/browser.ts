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

/**
 * Chromium 156 starts its desktop omnibox popup, a WebUI renderer of its own, at launch even when
 * headless: about 2 s of a core per launch here (Chromium's processes used 4.6 s of CPU in the
 * launch's first 2 s with it, 2.5 s without), and the browser tests launch about fifty times.
 */
export const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/**
 * Playwright's own --disable-features list (chromiumSwitches in playwright-core 1.65), repeated
 * because Chromium keeps only the last --disable-features it is given: ours has to carry
 * Playwright's too. e2e/browser-flags.e2e.ts reads the list Playwright passes and fails when it
 * names one this lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

const DISABLE_FEATURES_FLAG = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`

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
    /** 'block': no service worker, so that `page.route` sees every request (the worker answers the files it keeps itself). */
    serviceWorkers?: 'allow' | 'block'
  } = {},
): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lingocast-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, DISABLE_FEATURES_FLAG, ...(options.args ?? [])],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.hasTouch ? { hasTouch: true } : {}),
    ...(options.isMobile ? { isMobile: true } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** The react-markdown chunks this page has fetched (its resource timeline, which the service worker's answers are in too). */
export function markdownCodeFetched(page: import('playwright-core').Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((path) => /\/react-markdown-[\w-]+\.js$/.test(path)))
}
