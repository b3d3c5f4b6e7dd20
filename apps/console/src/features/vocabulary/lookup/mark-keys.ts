import type { WordStatus } from '@lingocast/contract'

/** A status a key sets, with its level while learning. */
export interface KeyMark {
  status: Exclude<WordStatus, 'new'>
  level?: number
}

/**
 * The keys LingQ and Lute users mark words with (docs/vocabulary.md, Keys): 1-4 learning at
 * that level, 5 or K known, I or X ignored. Undefined for any other key or
 * with Ctrl, Cmd or Alt held.
 */
export function markForKey(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): KeyMark | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined
  switch (e.key) {
    case '1':
    case '2':
    case '3':
    case '4':
      return { status: 'learning', level: Number(e.key) }
    case '5':
    case 'k':
    case 'K':
      return { status: 'known' }
    case 'i':
    case 'I':
    case 'x':
    case 'X':
      return { status: 'ignored' }
    default:
      return undefined
  }
}

/** Whether a term with this status and level already has what a key asks for. */
export const hasMark = (mark: KeyMark, status: WordStatus | undefined, level: number | undefined) =>
  status === mark.status && (mark.status !== 'learning' || (level ?? 1) === (mark.level ?? 1))

/** "Learning 2", "Known", "Ignored": what a mark is called. */
export const markLabel = (mark: { status: WordStatus; level?: number | undefined }) =>
  mark.status === 'learning' ? `Learning ${mark.level ?? 1}` : mark.status === 'known' ? 'Known' : mark.status === 'ignored' ? 'Ignored' : 'New'
