/**
 * The notes editor's keyboard rules (spec 000 s5), as pure functions of the
 * text and the selection so they can be tested without a browser:
 * - Tab on a list line indents it by two spaces; Shift+Tab removes two if it has them.
 * - Tab on any other line inserts two spaces.
 * - Enter on a non-empty list line starts the next item (next number, or the
 *   same dash marker), then renumbers numbered lists by indentation level.
 * - Enter on an empty list item removes the marker.
 * Each returns the edit to make, or undefined to let the browser do its default.
 */

export interface EditorState {
  value: string
  start: number
  end: number
}

const INDENT = '  '
/** "  3. text" or "  - text": indentation, marker, and the text after the marker's space. */
const LIST_LINE = /^( *)(?:(\d+)\.|([-*]))(?: (.*)|$)/

interface LineInfo {
  lineStart: number
  lineEnd: number
  line: string
}

function lineAt(value: string, index: number): LineInfo {
  const lineStart = value.lastIndexOf('\n', index - 1) + 1
  const next = value.indexOf('\n', index)
  const lineEnd = next === -1 ? value.length : next
  return { lineStart, lineEnd, line: value.slice(lineStart, lineEnd) }
}

export function isListLine(line: string): boolean {
  return LIST_LINE.test(line)
}

/** Tab (or Shift+Tab with `outdent`). */
export function handleTab(state: EditorState, outdent: boolean): EditorState | undefined {
  const { value, start, end } = state
  const { lineStart, line } = lineAt(value, start)
  if (isListLine(line)) {
    if (outdent) {
      if (!line.startsWith(INDENT)) return { ...state }
      const removed = INDENT.length
      return {
        value: value.slice(0, lineStart) + value.slice(lineStart + removed),
        start: Math.max(lineStart, start - removed),
        end: Math.max(lineStart, end - removed),
      }
    }
    return { value: value.slice(0, lineStart) + INDENT + value.slice(lineStart), start: start + INDENT.length, end: end + INDENT.length }
  }
  // Shift+Tab off a list line keeps its usual meaning: move focus back.
  if (outdent) return undefined
  return { value: value.slice(0, start) + INDENT + value.slice(end), start: start + INDENT.length, end: start + INDENT.length }
}

/** Enter. */
export function handleEnter(state: EditorState): EditorState | undefined {
  const { value, start, end } = state
  const { lineStart, lineEnd, line } = lineAt(value, start)
  const m = LIST_LINE.exec(line)
  // A selection spanning lines, or a caret before the marker, is ordinary typing.
  if (!m || lineAt(value, end).lineStart !== lineStart) return undefined
  const [, indent = '', number, dash, rest = ''] = m
  const markerEnd = lineStart + line.length - rest.length
  if (start < markerEnd && rest !== '') return undefined

  if (rest.trim() === '') {
    // An empty item: Enter removes the marker and leaves an empty line.
    return { value: value.slice(0, lineStart) + value.slice(lineEnd), start: lineStart, end: lineStart }
  }

  const marker = number !== undefined ? `${Number(number) + 1}.` : dash!
  const insert = `\n${indent}${marker} `
  const next = value.slice(0, start) + insert + value.slice(end)
  const caretLine = lineAt(next, start + insert.length).lineStart
  return renumber({ value: next, start: start + insert.length, end: start + insert.length }, caretLine)
}

/**
 * Renumbers the numbered items of the list around `lineStartIndex`: each run
 * of items at one indentation counts 1, 2, 3..., restarting under a new
 * parent item; a dash item at a level ends the numbering at that level.
 * The caret keeps its place relative to the end of its line.
 */
export function renumber(state: EditorState, lineStartIndex: number): EditorState {
  const lines = state.value.split('\n')
  const offsets: number[] = []
  let pos = 0
  for (const l of lines) {
    offsets.push(pos)
    pos += l.length + 1
  }
  const at = offsets.findLastIndex((o) => o <= lineStartIndex)
  let first = at
  while (first > 0 && isListLine(lines[first - 1]!)) first--
  let last = at
  while (last < lines.length - 1 && isListLine(lines[last + 1]!)) last++

  const caretLine = offsets.findLastIndex((o) => o <= state.start)
  const caretFromEnd = offsets[caretLine]! + lines[caretLine]!.length - state.start
  const counters = new Map<number, number>()
  for (let i = first; i <= last; i++) {
    const m = LIST_LINE.exec(lines[i]!)
    if (!m) continue
    const level = m[1]!.length
    for (const key of [...counters.keys()]) if (key > level) counters.delete(key)
    if (m[2] === undefined) {
      counters.delete(level)
      continue
    }
    const n = (counters.get(level) ?? 0) + 1
    counters.set(level, n)
    lines[i] = `${m[1]}${n}.${m[4] !== undefined ? ` ${m[4]}` : ''}`
  }
  const value = lines.join('\n')
  let caretOffset = 0
  for (let i = 0; i < caretLine; i++) caretOffset += lines[i]!.length + 1
  const caret = caretOffset + lines[caretLine]!.length - caretFromEnd
  return { value, start: caret, end: caret }
}

/** The default notes of an article without any (spec 000 s4). */
export function notesTemplate(title: string): string {
  return `Notes: ${title}\n\nKey Points:\n1. `
}
