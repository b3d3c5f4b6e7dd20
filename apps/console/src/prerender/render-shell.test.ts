import { describe, expect, it } from 'vitest'
import { renderShell } from './render-shell'

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe("a screen's first frame, rendered in Node at build time", () => {
  it('the login screen, as an anonymous visitor sees it', async () => {
    const html = (await renderShell('/console/login', false)).html
    expect(text(html)).toContain('Sign in to study')
    expect(text(html)).toContain('Learn English from the podcasts and videos you love.')
  })

  it("a signed-in screen: the shell's navigation, the screen's heading and texts, and its data still loading", async () => {
    const html = (await renderShell('/console/feeds', true)).html
    expect(html).toContain('href="/console/memories"')
    expect(text(html)).toContain('My Feed')
    expect(text(html)).toContain('New episodes from your channels.')
    expect(html).toContain('aria-label="Search by title or channel"')
  })

  it('is inert and hidden from assistive technology: nothing in it takes focus, a click or typing before the console replaces it', async () => {
    expect((await renderShell('/console/login', false)).html).toMatch(/^<div inert="" aria-hidden="true">/)
  })

  it('the deck screen keeps its heading while the decks load, where the deck view puts it', async () => {
    const html = (await renderShell('/console/memories/deck/1', true)).html
    expect(html).toMatch(/<h1 class="[^"]*">Memories<\/h1>/)
    expect(html).toContain('aria-label="Loading decks"')
  })

  it("the review screen's frame with a deck in its address, and none without (it sends that visit to the decks)", async () => {
    expect(text((await renderShell('/console/memories/review?deck_id=1', true)).html)).toContain('Review')
    expect((await renderShell('/console/memories/review', true)).html).not.toContain('Loading cards')
  })

  it('names the screens whose largest paint needs their data, which the server renders again with it', async () => {
    expect((await renderShell('/console/memories/review?deck_id=1', true)).withData).toBe(true)
    expect((await renderShell('/console/player/audio/1', true)).withData).toBe(true)
    expect((await renderShell('/console/feeds', true)).withData).toBe(true)
    expect((await renderShell('/console/memories/deck/1', true)).withData).toBe(false)
    expect((await renderShell('/console/login', false)).withData).toBe(false)
  })
})
