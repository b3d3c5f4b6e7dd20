import type { WordStatus } from '@lingocast/contract'

/**
 * How the transcript marks a word's status: underlines, so the karaoke
 * highlight (a tinted background and an inset bar at the bottom) never hides
 * them: the line sits just under the letters, above that bar. Known and
 * ignored words carry no mark: a page of known words reads as plain text.
 */
export const WORD_MARK: Record<WordStatus, string> = {
  new: 'underline decoration-dotted decoration-sky-600 decoration-2 underline-offset-[3px]',
  learning: 'underline decoration-solid decoration-amber-500 decoration-2 underline-offset-[3px]',
  known: '',
  ignored: '',
}
