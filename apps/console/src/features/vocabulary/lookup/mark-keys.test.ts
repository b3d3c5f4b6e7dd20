import { describe, expect, it } from 'vitest'
import { shortcutFor } from '../../player/shortcuts'
import { hasMark, markForKey, markLabel } from './mark-keys'

describe('mark keys', () => {
  it('reads 1-4 as learning levels, 5 and K as known, I and X as ignored', () => {
    expect(['1', '2', '3', '4', '5', 'k', 'K', 'i', 'I', 'x', 'X'].map((key) => markForKey({ key }))).toEqual([
      { status: 'learning', level: 1 },
      { status: 'learning', level: 2 },
      { status: 'learning', level: 3 },
      { status: 'learning', level: 4 },
      { status: 'known' },
      { status: 'known' },
      { status: 'known' },
      { status: 'ignored' },
      { status: 'ignored' },
      { status: 'ignored' },
      { status: 'ignored' },
    ])
  })

  it('leaves other keys and modified keys alone', () => {
    expect(['0', '6', 'l', 'L', ' ', 'Enter', 'ArrowLeft'].map((key) => markForKey({ key }))).toEqual(Array(7).fill(undefined))
    expect(markForKey({ key: '1', ctrlKey: true })).toBeUndefined()
    expect(markForKey({ key: 'k', metaKey: true })).toBeUndefined()
    expect(markForKey({ key: 'x', altKey: true })).toBeUndefined()
  })

  it('knows when a term already has the mark, a learning term without a level being at 1', () => {
    expect(hasMark({ status: 'learning', level: 1 }, 'learning', undefined)).toBe(true)
    expect(hasMark({ status: 'learning', level: 2 }, 'learning', 1)).toBe(false)
    expect(hasMark({ status: 'known' }, 'known', undefined)).toBe(true)
    expect(hasMark({ status: 'known' }, 'new', undefined)).toBe(false)
    expect([markLabel({ status: 'learning', level: 3 }), markLabel({ status: 'known' }), markLabel({ status: 'ignored' })]).toEqual(['Learning 3', 'Known', 'Ignored'])
  })

  it("never takes a key of the player's own (Space, arrows, R, L, S)", () => {
    const keys = ['1', '2', '3', '4', '5', 'k', 'K', 'i', 'I', 'x', 'X', ' ', 'ArrowLeft', 'ArrowRight', 'r', 'R', 'l', 'L', 's', 'S']
    for (const key of keys) {
      const both = markForKey({ key }) !== undefined && shortcutFor({ key, target: null }) !== undefined
      expect(both, key).toBe(false)
    }
    expect(keys.filter((key) => shortcutFor({ key, target: null }) !== undefined)).toHaveLength(9)
  })
})
