import type { Article } from '@lingocast/contract'
import { ApiError } from '../../api/client'

/** The Learning screen's status filter (spec 000 s2); Active is the default. */
export const STATUS_FILTERS = ['active', 'finished', 'all'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]
export const DEFAULT_STATUS_FILTER: StatusFilter = 'active'
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { active: 'Active', finished: 'Finished', all: 'All' }

/** A filter from a URL parameter; anything unknown is the default. */
export function parseStatusFilter(value: string | null | undefined): StatusFilter {
  const v = value?.trim().toLowerCase()
  return (STATUS_FILTERS as readonly string[]).includes(v ?? '') ? (v as StatusFilter) : DEFAULT_STATUS_FILTER
}

/** The order of the cards: newest first (the spec's), or easiest first by comprehension. */
export const LIBRARY_SORTS = ['newest', 'easiest'] as const
export type LibrarySort = (typeof LIBRARY_SORTS)[number]
export const LIBRARY_SORT_LABELS: Record<LibrarySort, string> = { newest: 'Newest first', easiest: 'Easiest first' }

export function parseLibrarySort(value: string | null | undefined): LibrarySort {
  return value?.trim().toLowerCase() === 'easiest' ? 'easiest' : 'newest'
}

type Item = Pick<Article, 'IsFinished'>

export function matchesStatus(item: Item, filter: StatusFilter): boolean {
  if (filter === 'all') return true
  return filter === 'finished' ? item.IsFinished : !item.IsFinished
}

export function filterByStatus<T extends Item>(items: readonly T[], filter: StatusFilter): T[] {
  return items.filter((item) => matchesStatus(item, filter))
}

/** Newest first: collections are sorted by CollectionID descending (spec 000 s7). A new array. */
export function newestFirst<T extends Pick<Article, 'CollectionID'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.CollectionID - a.CollectionID)
}

/** The player route of an article, relative to the router's /console/ basename. */
export function playerPath(item: Pick<Article, 'HashID' | 'Video'>): string {
  const mediaType = item.Video ? 'video' : 'audio'
  return `/player/${mediaType}/${encodeURIComponent(item.HashID)}`
}

/** The exact confirmation of spec 000 s5. */
export function deleteConfirmText(title: string): string {
  return `Are you sure you want to delete "${title}"? This cannot be undone.`
}

export const LIBRARY_TEXT = {
  empty: 'No items match the current filter.',
  loadFailed: 'Failed to fetch collections',
  deleteFailed: 'Failed to delete item.',
} as const

/**
 * The alert after a failed delete (spec 000 s8): the server's refusal (its msg,
 * else 'Failed to delete item.'); an HTTP failure without a msg names its status;
 * a call that never got an answer is 'Error deleting item: {reason}'.
 */
export function deleteErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    if (error.msg) return error.msg
    return error.status >= 200 && error.status < 300 ? LIBRARY_TEXT.deleteFailed : `HTTP error ${error.status}`
  }
  const reason = error instanceof Error ? error.message : String(error)
  return `Error deleting item: ${reason}`
}

/**
 * After a failed Mark as Finished / Active (spec 000 s8): the server's msg or
 * 'Failed to mark as finished|active'; without an answer 'Error marking as ...: {reason}'.
 */
export function markErrorMessage(error: unknown, finished: boolean): string {
  const state = finished ? 'finished' : 'active'
  if (error instanceof ApiError && error.status > 0) return error.msg ?? `Failed to mark as ${state}`
  const reason = error instanceof Error ? error.message : String(error)
  return `Error marking as ${state}: ${reason}`
}

/** Puts an item back where it was after a failed optimistic removal, unless it is already there. */
export function restoreItem<T extends Pick<Article, 'HashID' | 'CollectionID'>>(items: readonly T[], item: T): T[] {
  if (items.some((i) => i.HashID === item.HashID)) return [...items]
  return newestFirst([...items, item])
}
