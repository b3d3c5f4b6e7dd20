import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, cookieAssignment, getToken, getUsername, readCookie, setSession } from './cookies'

/** A stand-in for `document` that records every cookie assignment. */
function fakeDocument(initial: string) {
  const written: string[] = []
  vi.stubGlobal('document', {
    get cookie() {
      return initial
    },
    set cookie(value: string) {
      written.push(value)
    },
  })
  return written
}

afterEach(() => vi.unstubAllGlobals())

describe('cookies', () => {
  it('reads one cookie among several, decoding it', () => {
    expect(readCookie('a=1; Token=abc%3D; username=ann', 'Token')).toBe('abc=')
    expect(readCookie('a=1; username=ann', 'Token')).toBeUndefined()
    expect(readCookie('', 'Token')).toBeUndefined()
    expect(readCookie('XToken=1; Token=2', 'Token')).toBe('2')
    expect(readCookie('Token=100%', 'Token')).toBe('100%')
  })

  it('writes a site-wide, lax cookie with a max age in seconds', () => {
    expect(cookieAssignment('Token', 'a b', 90)).toBe('Token=a%20b; Max-Age=7776000; Path=/; SameSite=Lax')
    expect(cookieAssignment('Token', '', 0)).toContain('Max-Age=0')
  })

  it('reads the session from document.cookie, and nothing without a document', () => {
    expect(getToken()).toBeUndefined()
    fakeDocument('Token=abc; username=ann')
    expect(getToken()).toBe('abc')
    expect(getUsername()).toBe('ann')
    fakeDocument('Token=; username=')
    expect(getToken()).toBeUndefined()
    expect(getUsername()).toBeUndefined()
  })

  it('sets both cookies for 3 months and clears both', () => {
    const written = fakeDocument('')
    setSession('tok', 'ann')
    expect(written).toEqual([
      'Token=tok; Max-Age=7776000; Path=/; SameSite=Lax',
      'username=ann; Max-Age=7776000; Path=/; SameSite=Lax',
    ])
    written.length = 0
    clearSession()
    expect(written).toEqual(['Token=; Max-Age=0; Path=/; SameSite=Lax', 'username=; Max-Age=0; Path=/; SameSite=Lax'])
  })
})
