import { FEED_DESCRIPTION_TRUNCATE } from '@lingocast/contract'

/** Runs of white space (new lines included) as one space, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

export interface Truncated {
  text: string
  /** True when something was cut off, so Show more has something to show. */
  truncated: boolean
}

/**
 * The first `max` characters of a text (spec 001 s9: 200), counted in code
 * points so an emoji is never split, cut back to the last word boundary when
 * one is near, with an ellipsis when anything was cut.
 */
export function truncateText(text: string, max: number = FEED_DESCRIPTION_TRUNCATE): Truncated {
  const clean = collapseWhitespace(text)
  const chars = Array.from(clean)
  if (chars.length <= max) return { text: clean, truncated: false }
  let cut = chars.slice(0, max).join('')
  const space = cut.lastIndexOf(' ')
  // Back to a word boundary, unless that would throw away most of the text.
  if (space >= max * 0.8) cut = cut.slice(0, space)
  return { text: `${cut.trimEnd()}...`, truncated: true }
}
