import { describe, expect, it } from 'vitest'
import { routeAt } from '../lib/routing/app-route'
import { routes } from './routes'

describe("the console's routes", () => {
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
