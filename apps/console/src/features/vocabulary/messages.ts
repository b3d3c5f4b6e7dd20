import { ApiError } from '../../api/client'

export const VOCABULARY_TEXT = {
  title: 'Vocabulary',
  setLevel: 'Set your level',
  offer: 'Tell Lingocast roughly how many English words you know, so every episode shows how much of it you will understand from day one.',
  noThanks: "Don't ask again",
  searchWords: 'Search words and hints',
  noWords: 'No words yet. Set your level, import a word list, or mark words while you listen.',
  noMatch: 'No words match the search and filter.',
  loadFailed: 'Failed to load your words',
  importTitle: 'Import a word list',
  exportCsv: 'Export CSV',
  importList: 'Import list',
} as const

/** A failed call as a line: the server's own msg (the contract's texts) when it sent one, else `{fallback}: {reason}`. */
export function failureLine(fallback: string, error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.msg) return error.msg
  const reason = error instanceof Error ? error.message : String(error)
  return `${fallback}: ${reason}`
}
