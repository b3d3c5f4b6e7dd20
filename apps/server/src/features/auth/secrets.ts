import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { VERIFICATION_CODE_LENGTH } from '@lingocast/contract'

/** Pure helpers for codes and tokens; no I/O, unit-tested in secrets.test.ts. */

export function generateCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0')
}

/** The code is bound to its address so a hash leaked for one email says nothing about another. */
export function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}\n${code}`).digest('hex')
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** 32 random bytes, URL-safe: safe in a cookie, a header and the OAuth return URL. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function usernameFromEmail(email: string): string {
  return email.split('@')[0] || email
}

/** PKCE S256 challenge of a verifier (RFC 7636). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/** How long a browser that signed in to an address stays known for it (a stranger's requests never lock the owner out: decision 0002). */
export const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 3600
const KNOWN_DEVICE_VALUE = /^(\d{1,12})\.([0-9a-f]{64})$/

/**
 * The "known device" cookie of a browser that signed in to `email`: its name
 * is keyed to the address (several accounts in one browser each keep theirs,
 * and the name tells nobody the address), its value is the time it was issued
 * and an HMAC over the address and that time with the server's secret, so it
 * cannot be made for an address without signing in to it.
 */
export function knownDeviceCookie(secret: string, email: string, nowMs = Date.now()): { name: string; value: string } {
  const issued = String(Math.floor(nowMs / 1000))
  return { name: knownDeviceName(secret, email), value: `${issued}.${knownDeviceMac(secret, email, issued)}` }
}

/** Whether `cookies` hold a valid, unexpired known-device cookie for `email`. */
export function isKnownDevice(secret: string, email: string, cookies: Record<string, string | undefined> | undefined, nowMs = Date.now()): boolean {
  const match = KNOWN_DEVICE_VALUE.exec(cookies?.[knownDeviceName(secret, email)] ?? '')
  if (!match) return false
  const issued = Number(match[1])
  const age = nowMs / 1000 - issued
  return age >= -60 && age <= KNOWN_DEVICE_MAX_AGE_S && sameHash(match[2]!, knownDeviceMac(secret, email, match[1]!))
}

function knownDeviceName(secret: string, email: string): string {
  return `known_device_${createHmac('sha256', secret).update(`known-device-name\n${email}`).digest('hex').slice(0, 16)}`
}

function knownDeviceMac(secret: string, email: string, issued: string): string {
  return createHmac('sha256', secret).update(`known-device\n${email}\n${issued}`).digest('hex')
}
