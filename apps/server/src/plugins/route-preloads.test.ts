import { describe, expect, it } from 'vitest'
import { matchesRoute, parseRoutePreloads, preloadLinks, withPreloads } from './route-preloads'

const table = [
  { path: '/login', files: ['assets/LoginScreen-a.js'] },
  { path: '/', files: ['assets/LearningScreen-b.js', 'assets/api-c.js'] },
  { path: '/player/:mediaType/:id', files: ['assets/PlayerScreen-d.js'] },
  { path: '/memories/deck', files: ['assets/DeckScreen-e.js'] },
  { path: '/memories/deck/:deckId', files: ['assets/DeckScreen-e.js'] },
]

describe('route preloads', () => {
  it('matches fixed segments exactly and a :name segment to any one segment', () => {
    expect(matchesRoute('/player/:mediaType/:id', '/player/audio/x1')).toBe(true)
    expect(matchesRoute('/player/:mediaType/:id', '/player/audio')).toBe(false)
    expect(matchesRoute('/player/:mediaType/:id', '/player/audio/x1/more')).toBe(false)
    expect(matchesRoute('/memories/deck', '/memories/deck/')).toBe(true)
    expect(matchesRoute('/login', '/logout')).toBe(false)
    expect(matchesRoute('/', '/')).toBe(true)
  })

  it("links the opened screen's files under the console's base, ignoring the query", () => {
    expect(preloadLinks(table, '/console/', '/console/login?token=x')).toBe('<link rel="modulepreload" crossorigin href="/console/assets/LoginScreen-a.js">')
    expect(preloadLinks(table, '/console/', '/console/')).toContain('/console/assets/LearningScreen-b.js')
    expect(preloadLinks(table, '/console/', '/console/')).toContain('/console/assets/api-c.js')
    expect(preloadLinks(table, '/console/', '/console/player/audio/k9')).toContain('PlayerScreen-d.js')
    expect(preloadLinks(table, '/console/', '/console/memories/deck/3')).toContain('DeckScreen-e.js')
  })

  it('links nothing for a path no route names, outside the base, or not decodable', () => {
    expect(preloadLinks(table, '/console/', '/console/no/such/screen')).toBe('')
    expect(preloadLinks(table, '/console/', '/elsewhere/login')).toBe('')
    expect(preloadLinks(table, '/console/', '/console/%E0%A4%A')).toBe('')
  })

  it('keeps only well-formed entries of the table, and no table when the file is not one', () => {
    expect(parseRoutePreloads('not json')).toEqual([])
    expect(parseRoutePreloads('{"path":"/"}')).toEqual([])
    const parsed = parseRoutePreloads(JSON.stringify([...table.slice(0, 1), { path: '/x', files: ['"><script>alert(1)</script>'] }, { path: 3, files: [] }]))
    expect(parsed).toEqual(table.slice(0, 1))
  })

  it("puts the links at the end of the page's head", () => {
    const html = '<html><head><title>t</title></head><body></body></html>'
    expect(withPreloads(html, '<link rel="modulepreload" href="/a.js">')).toBe('<html><head><title>t</title><link rel="modulepreload" href="/a.js"></head><body></body></html>')
    expect(withPreloads(html, '')).toBe(html)
  })

  it("puts the links after the console's own in the template the page starts after its first paint", () => {
    const html = '<html><head><template id="console-code" data-main="/m.js"><link rel="modulepreload" href="/m.js"></template></head><body></body></html>'
    expect(withPreloads(html, '<link rel="modulepreload" href="/a.js">')).toBe(
      '<html><head><template id="console-code" data-main="/m.js"><link rel="modulepreload" href="/m.js"><link rel="modulepreload" href="/a.js"></template></head><body></body></html>',
    )
  })
})
