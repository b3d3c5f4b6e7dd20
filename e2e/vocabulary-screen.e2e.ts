import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN, type Comprehension, type StatusCounts } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'
import { launchBrowser, type Browser } from './browser'
import { makeSpokenMp3, rssFeed, startFixtureHost, webVtt, type FixtureHost } from './feed-fixtures'
import { signInAsDeveloper } from './session'

/**
 * The Vocabulary screen and what hangs on it: placement for a new
 * user, search, status filter, bulk change with undo, imports and export, the
 * comprehension figure on library cards and feed episodes, easiest first, and
 * the known-words line of the statistics.
 */

const DEMO_TITLE = 'Sense and Sensibility, Chapter 1 (excerpt)'
const SPOKEN = 'Spoken episode with a transcript'
const SILENT = 'Episode whose audio is gone'

let work: string
let host: FixtureHost
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let rssId: number
/** What the placement marked known, as the dialog said it. */
let placed: number
/** The demo card's figure before the placement. */
let beforePlacement: string

async function api<T>(pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(res.status, `${pathname}: ${res.status}`).toBe(200)
  return (await res.json()) as T
}
const serverCounts = async () => (await api<{ counts: StatusCounts }>('/english_vocab/api/words?limit=1')).counts
const serverFigures = async () => (await api<{ articles: Record<string, Comprehension> }>('/english_vocab/api/words/comprehension')).articles
const library = async () => (await api<{ collections: Array<{ HashID: string; Title: string }> }>('/english_vocab/api/word_collections')).collections

const card = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) })
const figureOf = (title: string) => card(title).getByTestId('comprehension')
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name} [\\d,]+$`) })
const tabCount = async (name: string) => Number((await tab(name).textContent())!.replace(/^\D+/, '').replace(/,/g, ''))
const lemmas = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lemma')))
const statuses = () => page.locator('tbody [data-col="status"]').allTextContents()
const statusOf = (lemma: string) => page.locator(`tbody tr[data-lemma="${lemma}"] [data-col="status"]`).textContent()
const search = async (q: string) => {
  await page.getByRole('searchbox', { name: 'Search words' }).fill(q)
}
/** "87% known · 42 new · 11 learning" -> numbers (learning only when there are learning words). */
const parseFigure = (text: string | null) => {
  const m = /^(\d+)% known · ([\d,]+) new(?: · ([\d,]+) learning)?$/.exec(text ?? '')
  expect(m, `figure "${text}"`).not.toBeNull()
  return { pct: Number(m![1]), fresh: Number(m![2]!.replace(/,/g, '')), learning: Number((m![3] ?? '0').replace(/,/g, '')) }
}
const label = (c: Comprehension) =>
  `${Math.floor(c.known_share * 100 + 1e-9)}% known · ${c.new_words.toLocaleString('en')} new${c.learning_words > 0 ? ` · ${c.learning_words.toLocaleString('en')} learning` : ''}`

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-e2e-vocabulary-'))
  host = await startFixtureHost()
  const spoken = await makeSpokenMp3(work, 'spoken', 0.08)
  host.set('/media/spoken.mp3', { file: spoken.mp3, type: 'audio/mpeg' })
  host.set('/media/spoken.vtt', { body: webVtt(spoken.cues), type: 'text/vtt; charset=utf-8' })
  host.set('/feed.xml', {
    type: 'application/rss+xml',
    body: rssFeed({
      title: 'Vocabulary Test Channel',
      description: 'Two episodes.',
      link: `${host.url}/`,
      image: `${host.url}/cover.png`,
      category: 'Education',
      items: [
        { guid: 'silent', title: SILENT, pubDate: 'Wed, 03 Jan 2024 12:00:00 GMT', duration: 60, audio: `${host.url}/media/missing.mp3`, audioBytes: 1000, description: '<p>Nothing to hear.</p>' },
        { guid: 'spoken', title: SPOKEN, pubDate: 'Tue, 02 Jan 2024 12:00:00 GMT', duration: spoken.durationMs / 1000, audio: `${host.url}/media/spoken.mp3`, audioBytes: spoken.bytes, description: '<p>Short sentences.</p>', transcript: `${host.url}/media/spoken.vtt` },
      ],
    }),
  })
  db = await createTestDatabase({ open: false })
  // Loopback is refused by the SSRF guard unless allowed; the catalogue is never fetched.
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1', FETCH_ALLOW_HOSTS: '127.0.0.1', FEED_CATALOGUE_FETCH: '0' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
}, 150_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  await host?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('vocabulary in Chromium', () => {
  it('offers a new user the placement on the Learning screen, and "Don\'t ask again" is remembered', async () => {
    const offer = page.getByRole('complementary', { name: 'Set your level' })
    await offer.waitFor()
    beforePlacement = (await figureOf(DEMO_TITLE).textContent())!
    const before = parseFigure(beforePlacement)
    expect(before.fresh).toBeGreaterThan(0)

    await offer.getByRole('button', { name: 'Set your level' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set your level' })
    await dialog.getByRole('radio', { name: /^Intermediate/ }).waitFor()
    // The other way in: words sampled across frequency bands, to tick.
    await dialog.getByRole('button', { name: 'Tick the words you know' }).click()
    await dialog.getByRole('group', { name: /^Words [\d,]+–[\d,]+$/ }).first().waitFor()
    expect(await dialog.getByRole('checkbox').count()).toBeGreaterThan(10)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    await offer.getByRole('button', { name: "Don't ask again" }).click()
    await offer.waitFor({ state: 'detached' })
    await page.reload()
    await card(DEMO_TITLE).waitFor()
    await figureOf(DEMO_TITLE).waitFor()
    expect(await offer.count()).toBe(0)
  })

  it('sets the level from the Vocabulary screen: the counts follow and the library figure rises', async () => {
    await page.getByRole('link', { name: 'Memories' }).click()
    await page.getByRole('button', { name: 'Vocabulary' }).click()
    await page.waitForURL((url) => url.pathname === '/console/memories/words')
    await expect.poll(() => tabCount('Known')).toBe(0)

    await page.getByRole('button', { name: 'Set your level' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set your level' })
    await dialog.getByRole('radio', { name: /^Elementary/ }).check()
    // The placement's answer held back a moment: the dialog says what it is doing meanwhile.
    const placement = '**/english_vocab/api/words/placement'
    await page.route(placement, async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 600))
      await route.continue()
    })
    await dialog.getByRole('button', { name: 'Apply' }).click()
    expect(await dialog.getByTestId('placement-progress').textContent()).toBe('Marking the 1,000 most common words as known…')
    const result = (await dialog.getByTestId('placement-result').textContent())!
    await page.unroute(placement)
    const m = /^About ([\d,]+) words marked known$/.exec(result)
    expect(m, result).not.toBeNull()
    placed = Number(m![1]!.replace(/,/g, ''))
    expect(placed).toBeGreaterThan(500)
    expect(placed).toBeLessThanOrEqual(1000)
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'detached' })

    await expect.poll(() => tabCount('Known')).toBe(placed)
    expect((await serverCounts()).known).toBe(placed)
    expect(await page.getByTestId('page-label').textContent()).toBe(`1–50 of ${(await tabCount('All')).toLocaleString('en')}`)

    await page.goto(`${server.url}/console/`)
    await expect.poll(async () => (await figureOf(DEMO_TITLE).textContent()) !== beforePlacement).toBe(true)
    const after = parseFigure(await figureOf(DEMO_TITLE).textContent())
    expect(after.pct).toBeGreaterThan(parseFigure(beforePlacement).pct)
    expect(after.fresh).toBeLessThan(parseFigure(beforePlacement).fresh)
  })

  it('searches by the start of the word and filters by status, from the keyboard too', async () => {
    await page.goto(`${server.url}/console/memories/words`)
    await tab('Known').waitFor()
    const all = await tabCount('All')
    await search('tim')
    await expect.poll(() => page.getByTestId('page-label').textContent()).not.toContain(`of ${all.toLocaleString('en')}`)
    const found = await lemmas()
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((l) => l!.startsWith('tim'))).toBe(true)
    const { total } = await api<{ total: number }>('/english_vocab/api/words?q=tim&limit=1')
    expect(await page.getByTestId('page-label').textContent()).toBe(`1–${found.length} of ${total}`)

    // The search box is debounced and the table keeps its rows while the next list loads: wait for
    // the whole list to be back before the next step, or the late answer lands in the middle of it.
    await search('')
    await expect.poll(() => page.getByTestId('page-label').textContent()).toBe(`1–50 of ${all.toLocaleString('en')}`)
    await tab('Ignored').click()
    await page.getByText('No words match the search and filter.').waitFor()
    // The tabs follow the arrow keys: Left from Ignored selects Known.
    await tab('Ignored').focus()
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => tab('Known').getAttribute('aria-selected')).toBe('true')
    await page.waitForURL((url) => url.searchParams.get('status') === 'known')
    await expect.poll(() => page.getByTestId('page-label').textContent()).toBe(`1–50 of ${placed.toLocaleString('en')}`)
    expect(new Set(await statuses())).toEqual(new Set(['Known']))

    await tab('New').click()
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['New']))
    // New words are those of the library's transcripts without a mark: the demo's are seen there.
    const seen = await page.locator('tbody [data-col="seen"]').allTextContents()
    expect(seen.every((s) => Number(s.replace(/,/g, '')) > 0)).toBe(true)
  })

  it('changes the status of selected words in bulk, and undoes it', async () => {
    await tab('Known').click()
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['Known']))
    await expect.poll(async () => (await lemmas()).length).toBeGreaterThan(1)
    const [first, second] = (await lemmas()) as string[]
    await page.getByRole('checkbox', { name: `Select ${first}`, exact: true }).check()
    await page.getByRole('checkbox', { name: `Select ${second}`, exact: true }).check()
    const toolbar = page.getByRole('toolbar', { name: 'Change the selected words' })
    expect(await toolbar.getByTestId('selected-count').textContent()).toBe('2 selected')
    await toolbar.getByRole('button', { name: 'Ignore' }).click()
    await page.getByRole('status').filter({ hasText: '2 words now ignored' }).waitFor()
    await toolbar.waitFor({ state: 'detached' })
    await expect.poll(() => tabCount('Ignored')).toBe(2)
    expect(await tabCount('Known')).toBe(placed - 2)
    const ignored = await api<{ words: Array<{ lemma: string }> }>('/english_vocab/api/words?status=ignored')
    expect(ignored.words.map((w) => w.lemma).sort()).toEqual([first, second].sort())

    await page.getByRole('button', { name: 'Undo' }).click()
    await page.getByRole('status').filter({ hasText: 'Change undone' }).waitFor()
    await expect.poll(() => tabCount('Ignored')).toBe(0)
    expect(await tabCount('Known')).toBe(placed)
  })

  it('imports a LingQ export and a plain list, and exports every marked word as CSV', async () => {
    await tab('All').click()
    await page.getByRole('button', { name: 'Import list' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import a word list' })
    const lingq = '\uFEFFterm,hint,status,tags\nquagmire,"a soft, wet place",known,\nephemeral,lasting a short time,2,nature\n"serendipity",luck,4,\n'
    await dialog.getByLabel('Word list file').setInputFiles({ name: 'lingq.csv', mimeType: 'text/csv', buffer: Buffer.from(lingq) })
    await dialog.getByRole('button', { name: 'Import' }).click()
    expect(await dialog.getByTestId('import-result').textContent()).toBe('Imported 3 words, skipped 0')

    // A plain list takes the status chosen here; a phrase is kept as a term of its own.
    await dialog.getByLabel('Status for a plain list').selectOption('learning')
    await dialog.getByLabel('Word list file').setInputFiles({ name: 'words.txt', mimeType: 'text/plain', buffer: Buffer.from('obfuscate\nperspicacious\n\nred herrings\n') })
    await dialog.getByTestId('import-result').waitFor({ state: 'detached' })
    await dialog.getByRole('button', { name: 'Import' }).click()
    expect(await dialog.getByTestId('import-result').textContent()).toBe('Imported 3 words, skipped 0')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    // LingQ's levels and hints are kept; a plain list's learning words start at level 1.
    for (const [word, status, hint] of [
      ['quagmire', 'Known', 'a soft, wet place'],
      ['ephemeral', 'Learning 2', 'lasting a short time'],
      ['serendipity', 'Learning 4', 'luck'],
      ['perspicacious', 'Learning 1', 'Add a hint'],
      ['red herring', 'Learning 1', 'Add a hint'],
    ] as const) {
      await search(word)
      await expect.poll(() => statusOf(word)).toBe(status)
      expect(await page.locator(`tbody tr[data-lemma="${word}"] [data-col="hint"]`).textContent()).toBe(hint)
    }
    await search('')
    await expect.poll(() => tabCount('Learning')).toBe(5)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toBe('vocabulary.csv')
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/)
    expect(lines[0]).toBe('lemma,status,updated_at,level,hint')
    expect(lines.some((l) => /^quagmire,known,[^,]+,,"a soft, wet place"$/.test(l))).toBe(true)
    expect(lines.some((l) => /^serendipity,learning,[^,]+,4,luck$/.test(l))).toBe(true)
    expect(lines.some((l) => /^perspicacious,learning,[^,]+,1,$/.test(l))).toBe(true)
    expect(lines.some((l) => /^red herring,learning,[^,]+,1,$/.test(l))).toBe(true)
    const counts = await serverCounts()
    expect(lines.length - 1).toBe(counts.known + counts.learning + counts.ignored)
  })

  it('updates the library figure when words are marked, and sorts the library easiest first', async () => {
    const demo = (await library()).find((a) => a.Title === DEMO_TITLE)!
    const words = await api<{ forms: Record<string, string>; statuses: Record<string, string> }>(`/english_vocab/api/words/article?article_id=${demo.HashID}`)
    // A lemma without a status (or with 'new') is still new to the user.
    const [learnt, ...fresh] = [...new Set(Object.values(words.forms))].filter((lemma) => (words.statuses[lemma] ?? 'new') === 'new').slice(0, 4)
    expect(fresh).toHaveLength(3)
    await page.goto(`${server.url}/console/`)
    const before = parseFigure(await figureOf(DEMO_TITLE).textContent())
    await api('/english_vocab/api/words/status', { words: fresh, status: 'known' })
    await page.reload()
    // The card shows the server's new figure, with fewer new words (a name among the three would not count).
    const marked = (await serverFigures())[demo.HashID]!
    expect(marked.new_words).toBeLessThan(before.fresh)
    expect(marked.new_words).toBeGreaterThanOrEqual(before.fresh - 3)
    await expect.poll(() => figureOf(DEMO_TITLE).textContent()).toBe(label(marked))
    expect(parseFigure(await figureOf(DEMO_TITLE).textContent()).pct).toBeGreaterThanOrEqual(before.pct)
    // A word being learned is counted apart: one fewer new, one more learning, the known share as it was.
    await api('/english_vocab/api/words/status', { words: [learnt], status: 'learning' })
    await page.reload()
    const learning = (await serverFigures())[demo.HashID]!
    expect(learning.known_share).toBe(marked.known_share)
    expect(learning.learning_words).toBe(marked.learning_words + 1)
    await expect.poll(() => figureOf(DEMO_TITLE).textContent()).toBe(label(learning))
    expect(parseFigure(await figureOf(DEMO_TITLE).textContent()).learning).toBe(learning.learning_words)

    // Two episodes to study: one with the publisher's transcript, one whose audio is gone (no figure, ever).
    rssId = (await api<{ rss_id: number }>('/english_vocab/api/import-rss-channel', { rss_url: `${host.url}/feed.xml` })).rss_id
    await api('/english_vocab/api/rss-subscribe', { rss_id: rssId })
    const items = (await api<{ items: Array<{ id: number; title: string }> }>(`/english_vocab/api/rss-items?rss_id=${rssId}`)).items
    const idOf = (title: string) => items.find((i) => i.title === title)!.id
    const spokenHash = (await api<{ article_hash_id: string }>('/english_vocab/api/collect-rss-item', { rss_item_id: idOf(SPOKEN) })).article_hash_id
    await api('/english_vocab/api/collect-rss-item', { rss_item_id: idOf(SILENT) })
    await expect.poll(async () => (await serverFigures())[spokenHash] !== undefined, { timeout: 60_000, interval: 500 }).toBe(true)

    await page.reload()
    const titles = () => page.getByRole('list', { name: 'Active items' }).getByRole('heading').allTextContents()
    await expect.poll(async () => (await titles()).length).toBe(3)
    expect(await titles()).toEqual([SILENT, SPOKEN, DEMO_TITLE])
    await expect.poll(() => figureOf(SPOKEN).count()).toBe(1)
    expect(await figureOf(SILENT).count()).toBe(0)

    const figures = await serverFigures()
    const byTitle = new Map((await library()).map((a) => [a.Title, figures[a.HashID]]))
    expect(await figureOf(SPOKEN).textContent()).toBe(label(byTitle.get(SPOKEN)!))
    const understood = (c: Comprehension) => c.known_share + c.learning_share
    const withFigure = [SPOKEN, DEMO_TITLE].sort(
      (a, b) =>
        understood(byTitle.get(b)!) - understood(byTitle.get(a)!) || byTitle.get(b)!.known_share - byTitle.get(a)!.known_share || byTitle.get(a)!.new_words - byTitle.get(b)!.new_words,
    )

    await page.getByLabel('Sort').selectOption({ label: 'Easiest first' })
    await page.waitForURL((url) => url.searchParams.get('sort') === 'easiest')
    // The address changes as the navigation starts (the route's loader runs); the list re-sorts as it ends.
    await expect.poll(titles).toEqual([...withFigure, SILENT])
    await page.reload()
    await expect.poll(titles).toEqual([...withFigure, SILENT])
  })

  it('shows the figure on feed episodes whose transcript is known, and nothing on the others', async () => {
    const items = (await api<{ items: Array<{ id: number; title: string }> }>(`/english_vocab/api/rss-items?rss_id=${rssId}`)).items
    const spokenId = items.find((i) => i.title === SPOKEN)!.id
    const { items: figures } = await api<{ items: Record<string, Comprehension> }>(`/english_vocab/api/words/feed_comprehension?ids=${items.map((i) => i.id).join(',')}`)
    expect(Object.keys(figures)).toEqual([String(spokenId)])

    for (const screen of ['/console/feeds', `/console/rss/${rssId}`]) {
      await page.goto(`${server.url}${screen}`)
      const episode = (title: string) => page.getByRole('article', { name: title, exact: true })
      await episode(SILENT).waitFor()
      await expect.poll(() => episode(SPOKEN).getByTestId('comprehension').textContent()).toBe(label(figures[String(spokenId)]!))
      expect(await episode(SILENT).getByTestId('comprehension').count()).toBe(0)
    }
  })

  it('draws the known words over the period on the statistics screen', async () => {
    await page.goto(`${server.url}/console/memories/stats`)
    const known = (await serverCounts()).known
    await expect.poll(() => page.getByTestId('known-words').textContent()).toBe(known.toLocaleString('en'))
    const chart = page.getByRole('img', { name: /^Known words:/ })
    expect(await chart.getAttribute('aria-label')).toMatch(new RegExp(`to ${known.toLocaleString('en')} in the period$`))
    expect(await chart.evaluate((c) => (c as unknown as { width: number }).width)).toBeGreaterThan(100)
  })
})
