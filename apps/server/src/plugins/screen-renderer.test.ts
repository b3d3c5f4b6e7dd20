import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { TOKEN_COOKIE } from '@lingocast/contract'
import Fastify, { type FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../test/app'
import { podcastFeed, startFeedServer, type FeedServer } from '../../../../test/feed-server'
import { createTestUser, type TestUser } from '../../../../test/users'
import { createScreenRenderer } from './screen-renderer'

/**
 * Decision 0021 with the console's real build (`npm run build` first): the
 * review and player pages come with the screen rendered from the learner's own
 * data, and its answers for the console's cache; never another learner's.
 */
const consoleDir = path.resolve(import.meta.dirname, '../../../console/dist')
let t: TestApp
let ann: TestUser
let bob: TestUser
let annDeck: number
let bobDeck: number
let host: FeedServer

const html = { accept: 'text/html' }
const page = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: { ...html, ...(token ? { cookie: `${TOKEN_COOKIE}=${token}` } : {}) } })
/** The frame's text and the answers the page came with (undefined when none). */
const parts = (body: string) => {
  const frame = body.slice(body.indexOf('<!--shell-->'), body.indexOf('<!--/shell-->'))
  const data = /<script type="application\/json" id="console-data">(.*?)<\/script>/s.exec(body)?.[1]
  return { frame, text: frame.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '), data: data === undefined ? undefined : (JSON.parse(data) as { queries: Array<{ queryKey: unknown[] }> }) }
}

async function deckWith(user: TestUser, name: string, fronts: string[]): Promise<number> {
  const deck = await t.app.inject({ method: 'POST', url: '/english_vocab/memories/deck', headers: user.auth, payload: { name } })
  const id = deck.json().deck.id as number
  for (const front of fronts) await t.app.inject({ method: 'POST', url: '/english_vocab/memories/flashcard', headers: user.auth, payload: { deck_id: id, front, back: `the meaning of ${front}` } })
  return id
}

/** The learner's copy of the demo article (every library starts with it). */
async function demoArticle(user: TestUser): Promise<{ HashID: string }> {
  const list = await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: user.auth })
  return (list.json().collections as Array<{ HashID: string; Audio: string | null }>).find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!
}

beforeAll(async () => {
  if (!existsSync(path.resolve(consoleDir, '../dist-ssr/render-screen.js'))) throw new Error('No console build with its screen renderer: run `npm run build` first.')
  // What each page carries, not how soon: a render's half-second wait for its data, missed on a loaded
  // test machine (fifty pages at once, beside the other test files), would read as a page without its data.
  t = await buildTestApp({ consoleDir, fetchAllowHosts: ['127.0.0.1'] }, { screenDataWaitMs: 20_000 })
  ann = await createTestUser(t.db.database, 'ann@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  annDeck = await deckWith(ann, 'Ann words', ['estate'])
  bobDeck = await deckWith(bob, 'Bob words', ['harbour'])
})
afterAll(async () => {
  await t?.close()
  await host?.close()
})

/** A channel of `episodes` episodes named after `name`, imported and followed by `user`. */
async function follows(user: TestUser, name: string, episodes: number): Promise<void> {
  host ??= await startFeedServer()
  host.set(`/${name}.xml`, {
    body: podcastFeed({
      title: `${name} Radio`,
      items: Array.from({ length: episodes }, (_, i) => ({
        guid: `${name}-${i}`,
        title: `${name} episode ${String(i + 1).padStart(2, '0')}`,
        audio: `${host.url}/${name}-${i}.mp3`,
        pubDate: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toUTCString(),
        description: `<p>Notes of ${name} ${i + 1}.</p>`,
      })),
    }),
  })
  const imported = await t.app.inject({ method: 'POST', url: '/english_vocab/api/import-rss-channel', headers: user.auth, payload: { rss_url: `${host.url}/${name}.xml` } })
  await t.app.inject({ method: 'POST', url: '/english_vocab/api/rss-subscribe', headers: user.auth, payload: { rss_id: imported.json().rss_id } })
}

describe('a screen rendered with the learner’s data', () => {
  it("the review page shows the learner's first card and carries the deck's answers, kept by no shared cache", async () => {
    const res = await page(`/console/memories/review?deck_id=${annDeck}`, ann.token)
    expect(res.statusCode).toBe(200)
    const { frame, text, data } = parts(res.body)
    expect(frame).toMatch(/data-testid="card-front">estate</)
    expect(text).toContain('Show Answer')
    expect(data?.queries.map((q) => q.queryKey)).toContainEqual(['memories', 'cards', annDeck])
    expect(res.headers['cache-control']).toBe('private, no-cache')
    expect(res.headers.vary).toMatch(/Cookie/)
  })

  it("another learner's deck: nothing of it in the page, whatever its address says", async () => {
    const res = await page(`/console/memories/review?deck_id=${annDeck}`, bob.token)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('estate')
    expect(res.body).not.toContain('Ann words')
    // Bob's own review shows his card, not Ann's.
    const own = parts((await page(`/console/memories/review?deck_id=${bobDeck}`, bob.token)).body)
    expect(own.frame).toMatch(/data-testid="card-front">harbour</)
    expect(JSON.stringify(own.data)).not.toContain('estate')
  })

  it("a token that is no session: the build's empty frame, and no answers", async () => {
    const res = await page(`/console/memories/review?deck_id=${annDeck}`, 'not-a-session')
    expect(res.statusCode).toBe(200)
    const { frame, data } = parts(res.body)
    expect(frame).toContain('Loading cards')
    expect(frame).not.toContain('estate')
    expect(data).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('bad addresses: a deck id that is no number, a deck or an article that does not exist, render without answers for them', async () => {
    const notANumber = await page('/console/memories/review?deck_id=abc', ann.token)
    expect(notANumber.statusCode).toBe(200)
    // The screen sends such a visit to the decks: no card is drawn.
    expect(parts(notANumber.body).frame).not.toContain('card-front')
    const noDeck = await page('/console/memories/review?deck_id=999999', ann.token)
    expect(noDeck.statusCode).toBe(200)
    expect(parts(noDeck.body).data?.queries.map((q) => q.queryKey)).not.toContainEqual(['memories', 'cards', 999999])
    const noArticle = await page('/console/player/audio/NoSuchArticle', ann.token)
    expect(noArticle.statusCode).toBe(200)
    expect(parts(noArticle.body).data?.queries.map((q) => q.queryKey)).not.toContainEqual(['library', 'article', 'NoSuchArticle'])
    expect(parts(noArticle.body).frame).toContain('inert')
  })

  it("the player page shows the article and its transcript's sentence, and carries both answers", async () => {
    const demo = await demoArticle(ann)
    const { frame, text, data } = parts((await page(`/console/player/audio/${demo.HashID}`, ann.token)).body)
    expect(text).toContain('Sense and Sensibility, Chapter 1 (excerpt)')
    // No media element in the frame: it would fetch the recording once more, for an element thrown away.
    expect(frame).not.toMatch(/<(audio|video)\b/)
    expect(text).toMatch(/John Dashwood had then leisure/)
    expect(data?.queries.map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([
        ['library', 'article', demo.HashID],
        ['player', 'segments', '/demo/sense-and-sensibility.mp3'],
      ]),
    )
    // Bob opening Ann's article address sees no article of hers.
    const other = parts((await page(`/console/player/audio/${demo.HashID}`, bob.token)).body)
    expect(other.text).not.toContain('John Dashwood')
    expect(JSON.stringify(other.data ?? {})).not.toContain(demo.HashID)
  })

  it("fifty learners opening the player at once: every page carries its own learner's transcript and answers", async () => {
    const learners = []
    for (let i = 0; i < 50; i++) learners.push(await createTestUser(t.db.database, `listener${i}@example.com`))
    // Each with a deck, whose cards the sidebar's due badge counts: a page asks for them too.
    for (const [i, l] of learners.entries()) await deckWith(l, `Deck ${i}`, ['estate', 'harbour'])
    const articles = await Promise.all(learners.map(async (l) => (await demoArticle(l)).HashID))
    // Over HTTP on loopback, as their browsers would ask.
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const pages = await Promise.all(
      learners.map(async (l, i) => {
        const res = await fetch(`${server}/console/player/audio/${articles[i]}`, { headers: { ...html, cookie: `${TOKEN_COOKIE}=${l.token}` } })
        return { statusCode: res.status, body: await res.text() }
      }),
    )
    const carried = pages.map((res, i) => {
      const { text, data } = parts(res.body)
      const keys = data?.queries.map((q) => JSON.stringify(q.queryKey)) ?? []
      return {
        status: res.statusCode,
        sentence: text.includes('John Dashwood had then leisure'),
        article: keys.includes(JSON.stringify(['library', 'article', articles[i]])),
        transcript: keys.includes(JSON.stringify(['player', 'segments', '/demo/sense-and-sensibility.mp3'])),
        // Each learner has a demo article of their own: no page names the next learner's.
        othersArticle: res.body.includes(articles[(i + 1) % articles.length]!),
      }
    })
    expect(carried).toEqual(pages.map(() => ({ status: 200, sentence: true, article: true, transcript: true, othersArticle: false })))
  })

  it("names none of react-markdown's code for the player or the review: it is fetched when markdown is first shown", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/english_vocab/api/word_collections', headers: ann.auth })
    const hashId = (list.json().collections as Array<{ HashID: string }>)[0]!.HashID
    for (const url of [`/console/player/audio/${hashId}`, `/console/memories/review?deck_id=${annDeck}`]) {
      const files = [...(await page(url, ann.token)).body.matchAll(/rel="modulepreload" crossorigin href="\/console\/(assets\/[^"]+)"/g)].map((m) => m[1]!)
      expect(files.some((f) => /(ReviewScreen|PlayerScreen)-/.test(f)), url).toBe(true)
      // An option only react-markdown itself reads (the console never passes it): its code is in none of them.
      const withMarkdown = files.filter((f) => readFileSync(path.join(consoleDir, f), 'utf8').includes('unwrapDisallowed'))
      expect(withMarkdown, url).toEqual([])
    }
  })

  it("a screen whose largest paint needs no data keeps the build's frame: no answers in its page", async () => {
    const res = await page('/console/memories/deck', ann.token)
    expect(parts(res.body).text).toContain('Memories')
    expect(parts(res.body).data).toBeUndefined()
  })

  it("My Feed's page shows the learner's newest episodes, 20 of them, and carries the lists; never another learner's", async () => {
    await follows(ann, 'Annfm', 25)
    await follows(bob, 'Bobfm', 3)
    const annPage = parts((await page('/console/feeds', ann.token)).body)
    expect(annPage.text).toContain('Annfm episode 25')
    expect(annPage.text).not.toContain('Annfm episode 05')
    expect(annPage.frame.match(/<article/g)).toHaveLength(20)
    expect(annPage.text).toContain('Showing 20 of 25 episodes')
    expect(annPage.data?.queries.map((q) => q.queryKey)).toContainEqual(['feeds', 'subscribed-items'])
    expect(JSON.stringify(annPage.data)).not.toContain('Bobfm')
    // With the figures of her episodes, all of them, so that the console does not ask and draw the list again.
    const answer = (part: string) => annPage.data?.queries.find((q) => q.queryKey.includes(part)) as { queryKey: unknown[]; state: { data: unknown } } | undefined
    const annIds = (answer('subscribed-items')!.state.data as Array<{ id: number }>).map((i) => i.id).sort((a, b) => a - b)
    expect(annIds).toHaveLength(25)
    expect(answer('feed-comprehension')?.queryKey.at(-1)).toBe(annIds.join(','))

    const bobPage = parts((await page('/console/feeds', bob.token)).body)
    expect(bobPage.text).toContain('Bobfm episode 03')
    expect(bobPage.frame.match(/<article/g)).toHaveLength(3)
    expect(JSON.stringify(bobPage)).not.toContain('Annfm')
  })

  it('a text of the learner that looks like markup stays text, and cannot end the answers’ script', async () => {
    const id = await deckWith(ann, 'Tricky', ['</script><script>alert(1)</script>'])
    const res = await page(`/console/memories/review?deck_id=${id}`, ann.token)
    const { frame, data } = parts(res.body)
    expect(frame).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(res.body).not.toContain('<script>alert(1)')
    expect(JSON.stringify(data)).toContain('</script><script>alert(1)</script>')
  })
})

describe('pages rendered with their data, more at once than the server takes', () => {
  it("a page beyond the waiting line gets the build's frame at once; those in line are rendered, each in turn", async () => {
    // A server whose every answer takes 300 ms (the calls of the screen find no routes here: the render shows their errors).
    const slow = Fastify()
    let firstCall: () => void
    const calling = new Promise<void>((resolve) => (firstCall = resolve))
    slow.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/english_vocab/')) firstCall()
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    let request: FastifyRequest | undefined
    slow.get('/console/memories/review', async (req) => void (request = req))
    const { render } = createScreenRenderer(slow, path.resolve(consoleDir, '../dist-ssr/render-screen.js'), slow.log, { atOnce: 1, waiting: 1 })
    await slow.ready()
    await slow.inject({ method: 'GET', url: '/console/memories/review?deck_id=1' })
    const page = async () => {
      const started = performance.now()
      const rendered = await render(request!, { token: 'a-token', user: { id: 1, username: 'ann' } })
      return { rendered: rendered !== undefined, ms: performance.now() - started }
    }
    const first = page()
    // The first one has the one place once its render calls the server: the next waits in line.
    await calling
    const second = page()
    const third = await page()
    expect(third.rendered).toBe(false)
    // At once: it waited for no render (each takes over 300 ms here).
    expect(third.ms).toBeLessThan(150)
    expect((await first).rendered).toBe(true)
    const inLine = await second
    expect(inLine.rendered).toBe(true)
    expect(inLine.ms).toBeGreaterThan(300)
    await slow.close()
  })
})
