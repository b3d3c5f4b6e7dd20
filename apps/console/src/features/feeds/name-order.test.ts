import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareNames } from './name-order'

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

describe('compareNames', () => {
  it('orders as the English collator does for letters, accents, digits and spaces', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'B', 'c', 'é', 'E', 'z', 'Z', '0', '1', '2', '9', ' '), maxLength: 8 })
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(Math.sign(compareNames(a, b))).toBe(Math.sign(collator.compare(a, b)))
      }),
      { numRuns: 3_000 },
    )
  })

  it('puts numbered names in number order and ignores case and accents', () => {
    const names = ['Part 10', 'part 2', 'Édition', 'edition 1', 'Part 1', 'BBC Learning English', 'bbc 6 Minute English', 'Zed']
    expect([...names].sort(compareNames)).toEqual([...names].sort(collator.compare))
    expect(compareNames('Café', 'CAFE')).toBe(0)
    expect(compareNames('Episode 007', 'Episode 7')).toBe(0)
  })
})
