import { describe, expect, it } from 'vitest'
import { routes } from '../../app/routes'
import { pathUnderBase, routeAt } from './app-route'
import { firstMatch, matchPath } from './match'

describe('matchPath', () => {
  it('takes a path with its parameters, decoded, in any case and with a trailing slash', () => {
    expect(matchPath('/player/:mediaType/:id', '/player/audio/Ab3')).toEqual({ mediaType: 'audio', id: 'Ab3' })
    expect(matchPath('/player/:mediaType/:id', '/Player/video/x%2Fy%20z/')).toEqual({ mediaType: 'video', id: 'x/y z' })
    expect(matchPath('/feeds', '/FEEDS/')).toEqual({})
  })

  it('refuses a path with a segment more or less', () => {
    expect(matchPath('/player/:mediaType/:id', '/player/audio')).toBeUndefined()
    expect(matchPath('/memories/deck', '/memories/deck/3')).toBeUndefined()
    expect(matchPath('/', '/feeds')).toBeUndefined()
    expect(matchPath('/rss/:id', '/rss//')).toBeUndefined()
  })

  it('keeps a parameter whose escaping is broken as it came', () => {
    expect(matchPath('/rss/:id', '/rss/50%')).toEqual({ id: '50%' })
  })

  it('takes any path with *, the rest under its name', () => {
    expect(matchPath('*', '/no/such/screen')).toEqual({ '*': 'no/such/screen' })
    expect(matchPath('*', '/')).toEqual({ '*': '' })
  })

  it('the first route in order wins', () => {
    const table = [{ path: '/memories' }, { path: '/memories/:rest' }, { path: '*' }]
    expect(firstMatch(table, '/memories')?.route.path).toBe('/memories')
    expect(firstMatch(table, '/memories/deck')?.route.path).toBe('/memories/:rest')
    expect(firstMatch(table, '/elsewhere')?.route.path).toBe('*')
  })
})

describe("the console's routes", () => {
  it('reads addresses under the base', () => {
    expect(pathUnderBase('/console')).toBe('/')
    expect(pathUnderBase('/console/')).toBe('/')
    expect(pathUnderBase('/Console/feeds')).toBe('/feeds')
    expect(pathUnderBase('/consoles')).toBe('/consoles')
  })

  it.each([
    ['/console/', '', '/'],
    ['/console', '', '/'],
    ['/console/login', '?error=x', '/login'],
    ['/console/feeds', '', '/feeds'],
    ['/console/rss/12', '', '/rss/:id'],
    ['/console/player/video/abc', '', '/player/:mediaType/:id'],
    ['/console/memories', '', '/memories'],
    ['/console/memories/deck', '', '/memories/deck'],
    ['/console/memories/deck/4', '', '/memories/deck/:deckId'],
    ['/console/memories/review', '?deck_id=4', '/memories/review'],
    ['/console/subscriptions', '', '/subscriptions'],
    ['/console/nothing/here', '', '*'],
  ])('%s%s opens %s', (pathname, search, path) => {
    const at = routeAt(routes, pathname, search)
    expect(at.route.path).toBe(path)
    expect(at.search).toBe(search.replace('?', ''))
  })

  it('sends the old addresses on, and keeps every screen but the login behind the sign-in', () => {
    expect(routeAt(routes, '/console/subscriptions', '').route.redirect).toBe('/feeds')
    expect(routeAt(routes, '/console/rss', '').route.redirect).toBe('/discover')
    expect(routeAt(routes, '/console/memories', '').route.redirect).toBe('/memories/deck')
    const open = routes.filter((r) => r.lazy && !r.signedIn).map((r) => r.path)
    expect(open).toEqual(['/login'])
  })
})
