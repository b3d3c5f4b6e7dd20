import { describe, expect, it } from 'vitest'
import { FIRST_ROWS, MORE_ROWS, rowsAfter } from './rows-shown'

describe('rows drawn of a long list', () => {
  it('starts with the first rows and adds a step of rows each time, never more than there are', () => {
    expect(rowsAfter(0, 480)).toBe(FIRST_ROWS)
    expect(rowsAfter(1, 480)).toBe(FIRST_ROWS + MORE_ROWS)
    expect(rowsAfter(2, 480)).toBe(FIRST_ROWS + 2 * MORE_ROWS)
    expect(rowsAfter(0, 3)).toBe(3)
    expect(rowsAfter(100, 480)).toBe(480)
  })
})
