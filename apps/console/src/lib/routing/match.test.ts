import { describe, expect, it } from 'vitest'
import { pathUnderBase } from './app-route'
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

describe('pathUnderBase', () => {
  it('reads addresses under the base', () => {
    expect(pathUnderBase('/console')).toBe('/')
    expect(pathUnderBase('/console/')).toBe('/')
    expect(pathUnderBase('/Console/feeds')).toBe('/feeds')
    expect(pathUnderBase('/consoles')).toBe('/consoles')
  })
})
