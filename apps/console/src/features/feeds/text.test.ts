import { describe, expect, it } from 'vitest'
import { collapseWhitespace, truncateText } from './text'

describe('truncateText', () => {
  it('keeps a text of 200 characters or fewer whole', () => {
    const text = 'a'.repeat(200)
    expect(truncateText(text)).toEqual({ text, truncated: false })
  })
  it('cuts a longer text at 200 characters with an ellipsis', () => {
    const out = truncateText('b'.repeat(250))
    expect(out.truncated).toBe(true)
    expect(out.text).toBe(`${'b'.repeat(200)}...`)
  })
  it('goes back to a word boundary near the cut', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
    const out = truncateText(words)
    expect(out.truncated).toBe(true)
    expect(out.text.endsWith('...')).toBe(true)
    const kept = out.text.slice(0, -3)
    expect(kept.length).toBeLessThanOrEqual(200)
    expect(words.startsWith(kept)).toBe(true)
    expect(words[kept.length]).toBe(' ')
  })
  it('counts code points, so an emoji is never split', () => {
    const out = truncateText('😀'.repeat(201), 200)
    expect(Array.from(out.text.slice(0, -3))).toHaveLength(200)
    expect(out.text.includes('\uFFFD')).toBe(false)
  })
  it('collapses white space before counting', () => {
    expect(collapseWhitespace('  a \n\n b\t')).toBe('a b')
    expect(truncateText(`${' '.repeat(300)}short`)).toEqual({ text: 'short', truncated: false })
  })
})
