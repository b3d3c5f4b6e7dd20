/**
 * The player's keys (spec 000 s5): Space, Left, Right, R; and L, which looks
 * up the focused word or the word at the play position; and S,
 * which shadows the current sentence. Ignored while typing.
 */
export type Shortcut = 'toggle' | 'previous' | 'next' | 'replay' | 'lookup' | 'shadow'

interface TargetLike {
  tagName?: string
  isContentEditable?: boolean
  closest?: (selector: string) => unknown
}

export interface KeyLike {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  defaultPrevented?: boolean
  repeat?: boolean
  target: unknown
}

/**
 * Widgets that own these keys while focused: menus, dialogs and tabs. The seek
 * bar and the pane divider handle their arrows themselves and mark them
 * handled (defaultPrevented), so Space still plays and pauses there.
 */
const OWNS_KEYS = '[role="menu"],[role="listbox"],[role="dialog"],dialog,[role="tablist"]'

/** True when the focus is where the user types (an input, a text area, a select or editable text). */
export function isTypingTarget(target: unknown): boolean {
  const t = target as TargetLike | null
  if (!t || typeof t !== 'object') return false
  const tag = t.tagName?.toUpperCase()
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable === true
}

/** The shortcut a key press means, or undefined when the player must leave it alone. */
export function shortcutFor(e: KeyLike): Shortcut | undefined {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return undefined
  if (isTypingTarget(e.target)) return undefined
  const t = e.target as TargetLike | null
  if (t && typeof t.closest === 'function' && t.closest(OWNS_KEYS)) return undefined
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return 'toggle'
    case 'ArrowLeft':
      return 'previous'
    case 'ArrowRight':
      return 'next'
    case 'r':
    case 'R':
      return e.repeat ? undefined : 'replay'
    case 'l':
    case 'L':
      return e.repeat ? undefined : 'lookup'
    case 's':
    case 'S':
      return e.repeat ? undefined : 'shadow'
    default:
      return undefined
  }
}
