import { describe, expect, it } from 'vitest'
import { safeJump } from './oauth-flow'
import { generateCode, generateToken, hashCode, hashToken, isKnownDevice, KNOWN_DEVICE_MAX_AGE_S, knownDeviceCookie, normalizeEmail, pkceChallenge, sameHash, usernameFromEmail } from './secrets'

describe('sign-in secrets', () => {
  it('binds a known-device cookie to its address, the server secret and a year', () => {
    const now = Date.UTC(2025, 0, 1)
    const { name, value } = knownDeviceCookie('s1', 'a@x.io', now)
    expect(isKnownDevice('s1', 'a@x.io', { [name]: value }, now)).toBe(true)
    expect(isKnownDevice('s1', 'a@x.io', { [name]: value }, now + (KNOWN_DEVICE_MAX_AGE_S - 60) * 1000)).toBe(true)
    expect(isKnownDevice('s1', 'a@x.io', { [name]: value }, now + (KNOWN_DEVICE_MAX_AGE_S + 60) * 1000)).toBe(false)
    expect(isKnownDevice('s2', 'a@x.io', { [name]: value }, now)).toBe(false)
    expect(isKnownDevice('s1', 'b@x.io', { [name]: value }, now)).toBe(false)
    expect(isKnownDevice('s1', 'a@x.io', { [name]: value + 'x' }, now)).toBe(false)
    expect(isKnownDevice('s1', 'a@x.io', {}, now)).toBe(false)
    expect(isKnownDevice('s1', 'a@x.io', undefined, now)).toBe(false)
  })

  it('makes 6-digit codes, zero-padded, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode)
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true)
    expect(new Set(codes).size).toBeGreaterThan(1990)
    expect(codes.some((c) => c.startsWith('0'))).toBe(true)
  })

  it('binds a code hash to its secret and address', () => {
    const h = hashCode('s1', 'a@x.io', '123456')
    expect(sameHash(h, hashCode('s1', 'a@x.io', '123456'))).toBe(true)
    expect(sameHash(h, hashCode('s2', 'a@x.io', '123456'))).toBe(false)
    expect(sameHash(h, hashCode('s1', 'b@x.io', '123456'))).toBe(false)
    expect(sameHash(h, hashCode('s1', 'a@x.io', '123457'))).toBe(false)
    expect(sameHash(h, 'abcd')).toBe(false)
  })

  it('makes distinct 32-byte tokens and hashes them', () => {
    const a = generateToken()
    expect(Buffer.from(a, 'base64url')).toHaveLength(32)
    expect(a).not.toBe(generateToken())
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('normalises addresses and derives usernames', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com')
    expect(usernameFromEmail('ann.lee@example.com')).toBe('ann.lee')
  })

  it('computes the RFC 7636 S256 challenge', () => {
    // Appendix B of RFC 7636.
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
  })

  it('keeps OAuth jumps on this site', () => {
    expect(safeJump('/console/login')).toBe('/console/login')
    expect(safeJump(undefined)).toBe('/console/login')
    expect(safeJump('https://evil.example')).toBe('/console/login')
    expect(safeJump('//evil.example')).toBe('/console/login')
    expect(safeJump('/\\evil.example')).toBe('/console/login')
  })
})
