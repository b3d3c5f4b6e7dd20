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
