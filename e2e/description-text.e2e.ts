import path from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from './browser'

/**
 * My Feed decides whether a row offers "Show description" with
 * hasDescriptionText (the browser's inert parser, stopping at the first word),
 * not by sanitising every description it draws. It must answer what the
 * sanitised text says: here both run in Chromium on descriptions that put
 * words where DOMPurify drops them and where it keeps them. So must the
 * server's frame of My Feed, which has no parser (hasWordsInMarkup).
 */
const HOST = 'http://127.0.0.1:9'
const DESCRIPTIONS = [
  'Plain words, no markup.',
  '   ',
  '&nbsp;',
  '&amp;',
  '<p></p>',
  '<p> <br> </p>',
  `<img src="${HOST}/picture.png" alt="A picture">`,
  '<script>window.__ran = true</script>',
  '<div><script>document.title = "x"</script></div>',
  '<style>p { color: red }</style>',
  '<svg><text x="0" y="10">Words in a drawing</text></svg>',
  '<math><mi>x</mi><mo>=</mo><mn>2</mn></math>',
  '<iframe>words in a frame</iframe>',
  '<noscript>words for no script</noscript>',
  '<title>A title</title>',
  '<template>words in a template</template>',
  '<video>words for a browser without video</video>',
  '<audio><source src="x.mp3">words for no audio</audio>',
  '<xmp>old words</xmp>',
  '<!-- a comment only -->',
  '<table><thead><tr><th>Heading words</th></tr></thead></table>',
  '<form><button>Go</button></form>',
  '<a href="javascript:alert(1)">Click</a>',
  '<p><img src="x" onerror="window.__ran = true"></p><p>After the image</p>',
  `<p>Notes for the episode.</p><script>window.__ran = 'script'</script><img src="${HOST}/nothing.png" onerror="window.__ran = 'onerror'"><a href="${HOST}/notes.html">Show notes</a>`,
  '<ul><li><a href="https://example.org/1">Story 1</a></li></ul>',
  '<p>&#8203;</p>',
]

let browser: Browser
let page: import('playwright-core').Page
const loaded: string[] = []

beforeAll(async () => {
  // The module as the console ships it, with DOMPurify, for a blank page.
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: path.resolve('apps/console/src/features/feeds/description.ts'), formats: ['iife'], name: 'feedDescription', fileName: 'description' },
    },
  })
  const { output } = (Array.isArray(out) ? out[0] : out) as { output: Array<{ type: string; code?: string }> }
  const code = output.find((o) => o.type === 'chunk')!.code!
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('request', (r) => loaded.push(r.url()))
  await page.goto('about:blank')
  await page.addScriptTag({ content: code })
}, 60_000)

afterAll(async () => browser?.close())

describe("My Feed's test for a description's words", () => {
  // First, so that nothing but the fast test has seen the descriptions.
  it('runs nothing and loads nothing of the description', async () => {
    await page.evaluate((descriptions) => {
      const m = (window as unknown as { feedDescription: { hasDescriptionText(h: string): boolean } }).feedDescription
      for (const html of descriptions) m.hasDescriptionText(html)
    }, DESCRIPTIONS)
    await page.waitForTimeout(200)
    expect(await page.evaluate(() => (window as unknown as { __ran?: unknown }).__ran)).toBeUndefined()
    expect(await page.title()).toBe('')
    expect(loaded.filter((url) => url.startsWith(HOST))).toEqual([])
  })

  it('answers as the sanitised text does, for words DOMPurify keeps and words it drops', async () => {
    const answers = await page.evaluate((descriptions) => {
      const m = (window as unknown as { feedDescription: { hasDescriptionText(h: string): boolean; hasWordsInMarkup(h: string): boolean; descriptionText(h: string): string } }).feedDescription
      return descriptions.map((html) => ({ html, fast: m.hasDescriptionText(html), frame: m.hasWordsInMarkup(html), sanitised: m.descriptionText(html) !== '' }))
    }, DESCRIPTIONS)
    for (const a of answers) expect(a.fast, a.html).toBe(a.sanitised)
    // The server's frame, which has no parser, answers the same, but for a description that starts with
    // noscript: the HTML parser's rules for a document's head put those words outside it, and the frame's
    // test drops them. The console draws the row again with the button as the page takes over.
    for (const a of answers.filter((a) => a.html.trim() && !a.html.startsWith('<noscript>'))) expect(a.frame, `frame: ${a.html}`).toBe(a.sanitised)
    // The fixtures hold both answers: words kept (a heading of a table, a form's button) and words dropped.
    expect(answers.filter((a) => a.sanitised).length).toBeGreaterThan(5)
    expect(answers.filter((a) => !a.sanitised).length).toBeGreaterThan(5)
    expect(answers.find((a) => a.html.startsWith('<table>'))!.fast).toBe(true)
    expect(answers.find((a) => a.html.startsWith('<svg>'))!.fast).toBe(false)
  })
})
