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

/**
 * Learning by level: the line fades from level 1 (just met) to
 * 4 (nearly known), as LingQ's shades of yellow do.
 */
const LEARNING_LEVEL_MARK: Record<number, string> = {
  1: WORD_MARK.learning,
  2: 'underline decoration-solid decoration-amber-400 decoration-2 underline-offset-[3px]',
  3: 'underline decoration-solid decoration-amber-300 decoration-2 underline-offset-[3px]',
  4: 'underline decoration-solid decoration-yellow-200 decoration-2 underline-offset-[3px]',
}

/** The mark of a status, a learning one by its level. */
export const markClass = (status: WordStatus, level?: number) => (status === 'learning' ? (LEARNING_LEVEL_MARK[level ?? 1] ?? WORD_MARK.learning) : WORD_MARK[status])

/** The words of a phrase being learned also sit on a light tint, so the phrase reads as one. */
export const PHRASE_MARK: Partial<Record<WordStatus, string>> = { learning: 'bg-amber-50' }

/** The words selected for a phrase (drag, Shift+click, Shift+arrows). */
export const SELECTED_MARK = 'bg-indigo-200/70 text-indigo-950'
