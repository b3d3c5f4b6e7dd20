import { describe, expect, it } from 'vitest'
import { FOLLOW_BAND, rowStaysPut } from './transcript-follow'

const view = { top: 100, bottom: 600 }
const row = (top: number, height = 60) => ({ top, bottom: top + height })

describe('when the Transcript tab turns to the playing line', () => {
  it('leaves a line in the upper part of the view where it is', () => {
    expect(rowStaysPut(view, row(100))).toBe(true)
    expect(rowStaysPut(view, row(250))).toBe(true)
    expect(rowStaysPut(view, row(100 + 500 * FOLLOW_BAND))).toBe(true)
  })

  it('turns for a line gone low, cut at either edge, or out of sight', () => {
    expect(rowStaysPut(view, row(100 + 500 * FOLLOW_BAND + 1))).toBe(false)
    expect(rowStaysPut(view, row(99))).toBe(false)
    expect(rowStaysPut(view, row(-400))).toBe(false)
    expect(rowStaysPut(view, row(900))).toBe(false)
    // A tall line starting high but running past the bottom.
    expect(rowStaysPut(view, row(200, 450))).toBe(false)
  })
})
