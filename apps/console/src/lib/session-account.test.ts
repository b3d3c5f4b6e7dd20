import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from './local-storage'
import { accountOf, adopted, bindAccount, legacyNameFor, sessionAccount, tokenTag, unbindAccount, SESSION_ACCOUNT_KEY } from './session-account'

const A = '0b7c2d0e-6a57-4f3e-9d59-3c1b2a4f5e60'
const B = '5f1e9a3c-2b4d-4c6e-8a0b-7d9c1e3f5a70'

afterEach(() => vi.unstubAllGlobals())

describe('the account of the session', () => {
  it('is the one the server named for this very token, and no other token has it', () => {
    const storage = memoryStorage()
    bindAccount('token-of-a', A, { storage })
    expect(accountOf('token-of-a', storage)).toBe(A)
    // Another session in the cookie (a sign-in by an older console, another account): unknown until the server names it.
    expect(accountOf('token-of-b', storage)).toBeUndefined()
    expect(accountOf(undefined, storage)).toBeUndefined()
    bindAccount('token-of-b', B, { storage })
    expect(accountOf('token-of-a', storage)).toBeUndefined()
    expect(accountOf('token-of-b', storage)).toBe(B)
    unbindAccount(storage)
    expect(accountOf('token-of-b', storage)).toBeUndefined()
  })

  it('keeps a tag of the token, not the token', () => {
    const storage = memoryStorage()
    const token = 'q3Vw0c9bS5m3fQy6Tj3h2oJc1xUePq6xWb9a0YkLZtM'
    bindAccount(token, A, { storage })
    expect(storage.dump()[SESSION_ACCOUNT_KEY]).not.toContain(token)
    expect(tokenTag(token)).toMatch(/^[0-9a-f]{16}$/)
    expect(tokenTag(token)).not.toBe(tokenTag(`${token.slice(0, -1)}N`))
  })

  it('reads the Token cookie of the page', () => {
    const storage = memoryStorage()
    vi.stubGlobal('document', { cookie: 'Token=token-of-a; username=alice' })
    bindAccount('token-of-a', A, { storage })
    expect(sessionAccount(storage)).toBe(A)
    vi.stubGlobal('document', { cookie: 'Token=token-of-b; username=alice' })
    // The same username, another session: not A's.
    expect(sessionAccount(storage)).toBeUndefined()
  })

  it('names the username an older console kept this session\'s data under, once', () => {
    const storage = memoryStorage()
    bindAccount('token-of-a', A, { adopt: 'alice', storage })
    expect(legacyNameFor(B, storage)).toBeUndefined()
    expect(legacyNameFor(A, storage)).toBe('alice')
    adopted(A, storage)
    expect(legacyNameFor(A, storage)).toBeUndefined()
    expect(accountOf('token-of-a', storage)).toBe(A)
  })
})
