import { describe, expect, it } from 'vitest'
import { cookieAssignment, readCookie } from './cookies'

describe('cookies', () => {
  it('reads one cookie among several, decoding it', () => {
    expect(readCookie('a=1; Token=abc%3D; username=ann', 'Token')).toBe('abc=')
    expect(readCookie('a=1; username=ann', 'Token')).toBeUndefined()
    expect(readCookie('', 'Token')).toBeUndefined()
    expect(readCookie('XToken=1; Token=2', 'Token')).toBe('2')
  })

  it('writes a site-wide, lax cookie with a max age in seconds', () => {
    expect(cookieAssignment('Token', 'a b', 90)).toBe('Token=a%20b; Max-Age=7776000; Path=/; SameSite=Lax')
    expect(cookieAssignment('Token', '', 0)).toContain('Max-Age=0')
  })
})
