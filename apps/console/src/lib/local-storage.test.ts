import { describe, expect, it } from 'vitest'
import { memoryStorage, readStored, readStoredNumber, writeStored, type KeyValueStorage } from './local-storage'

const broken: KeyValueStorage = {
  getItem: () => {
    throw new Error('SecurityError')
  },
  setItem: () => {
    throw new Error('QuotaExceededError')
  },
  removeItem: () => undefined,
}

describe('local storage helpers', () => {
  it('reads and writes through the given storage', () => {
    const s = memoryStorage()
    expect(readStored('a', s)).toBeNull()
    writeStored('a', '1.5', s)
    expect(readStored('a', s)).toBe('1.5')
    expect(readStoredNumber('a', s)).toBe(1.5)
  })

  it.each([['abc'], [''], ['  '], ['NaN'], ['Infinity']])('treats %j as no number', (raw) => {
    expect(readStoredNumber('k', memoryStorage({ k: raw }))).toBeUndefined()
  })

  it('never throws when the storage does', () => {
    expect(readStored('a', broken)).toBeNull()
    expect(readStoredNumber('a', broken)).toBeUndefined()
    expect(() => writeStored('a', 'b', broken)).not.toThrow()
  })

  it('is a no-op without any storage (node)', () => {
    expect(readStored('a')).toBeNull()
    expect(() => writeStored('a', 'b')).not.toThrow()
  })
})
