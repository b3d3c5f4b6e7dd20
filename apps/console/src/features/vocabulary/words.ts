import type { StatusCounts, WordStatus } from '@lingocast/contract'
import { formatCount } from '../../lib/format'

/** The Vocabulary screen's status filter: every status, or all of them. */
export const WORD_FILTERS = ['all', 'new', 'learning', 'known', 'ignored'] as const
export type WordFilter = (typeof WORD_FILTERS)[number]

export const STATUS_LABELS: Record<WordStatus, string> = { new: 'New', learning: 'Learning', known: 'Known', ignored: 'Ignored' }
export const FILTER_LABELS: Record<WordFilter, string> = { all: 'All', ...STATUS_LABELS }

/** A filter from a URL parameter; anything unknown is All. */
export function parseWordFilter(value: string | null | undefined): WordFilter {
  const v = value?.trim().toLowerCase() ?? ''
  return (WORD_FILTERS as readonly string[]).includes(v) ? (v as WordFilter) : 'all'
}

/** A tab's count: one status, or the sum of all of them for All. */
export function countFor(counts: StatusCounts, filter: WordFilter): number {
  return filter === 'all' ? counts.new + counts.learning + counts.known + counts.ignored : counts[filter]
}

/** Words the user marked themselves or through a card: anything but new. */
export const markedWords = (counts: StatusCounts) => counts.learning + counts.known + counts.ignored

/** What a bulk change offers, as the button says it. */
export const BULK_ACTIONS: ReadonlyArray<{ status: WordStatus; label: string }> = [
  { status: 'known', label: 'Mark known' },
  { status: 'learning', label: 'Mark learning' },
  { status: 'ignored', label: 'Ignore' },
  { status: 'new', label: 'Reset to new' },
]

/** After a bulk change: "3 words now known" (0 when they already had that status). */
export const bulkResult = (changed: number, status: WordStatus) => `${formatCount(changed)} ${changed === 1 ? 'word' : 'words'} now ${STATUS_LABELS[status].toLowerCase()}`

export const WORDS_PAGE_SIZE = 50

/** "1–50 of 1,234" for a page of the table. */
export function pageLabel(offset: number, shown: number, total: number): string {
  const fmt = formatCount
  if (total === 0 || shown === 0) return `0 of ${fmt(total)}`
  return `${fmt(offset + 1)}–${fmt(offset + shown)} of ${fmt(total)}`
}

/** Levels a learner can pick: the top this-many lemmas of spoken English become known. */
export const PLACEMENT_LEVELS: ReadonlyArray<{ level: number; label: string; hint: string }> = [
  { level: 500, label: 'Beginner', hint: 'about 500 words' },
  { level: 1000, label: 'Elementary', hint: 'about 1,000 words' },
  { level: 3000, label: 'Intermediate', hint: 'about 3,000 words' },
  { level: 6000, label: 'Upper-intermediate', hint: 'about 6,000 words' },
  { level: 12000, label: 'Advanced', hint: 'about 12,000 words' },
]

export const placementResult = (marked: number) => `About ${formatCount(marked)} words marked known`

/** What the placement is doing while it applies (a large level marks thousands of words): a level, or the words ticked. */
export const placementProgress = (level: number | undefined) =>
  level === undefined ? 'Estimating your level and marking the words you know…' : `Marking the ${formatCount(level)} most common words as known…`

/** Remembered once the learner dismisses the placement offer for good, per account (its `user_id`). */
export const placementDismissedKey = (account: string | undefined) => `vocabularyPlacementDismissed:${account ?? ''}`

/** What the import status applies to: every line of a plain list or a CSV without a status column. */
export const IMPORT_STATUSES: ReadonlyArray<WordStatus> = ['known', 'learning', 'ignored']

export const importResult = (imported: number, skipped: number) =>
  `Imported ${formatCount(imported)} ${imported === 1 ? 'word' : 'words'}, skipped ${formatCount(skipped)}`

/** Splits ids into groups of at most `size` (the feed comprehension call takes 500 at a time). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
