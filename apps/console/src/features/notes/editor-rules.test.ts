import { describe, expect, it } from 'vitest'
import { handleEnter, handleTab, notesTemplate, renumber, type EditorState } from './editor-rules'

/** Writes a state as text with | at the caret, and reads one back. */
const at = (text: string): EditorState => {
  const i = text.indexOf('|')
  return { value: text.slice(0, i) + text.slice(i + 1), start: i, end: i }
}
const show = (s: EditorState | undefined) => (s ? s.value.slice(0, s.start) + '|' + s.value.slice(s.start) : undefined)

describe('Tab and Shift+Tab', () => {
  it('indents a list line by two spaces wherever the caret is', () => {
    expect(show(handleTab(at('1. one\n2. tw|o'), false))).toBe('1. one\n  2. tw|o')
    expect(show(handleTab(at('- a|pple'), false))).toBe('  - a|pple')
  })
  it('outdents a list line by two spaces only when it has them', () => {
    expect(show(handleTab(at('    - deep|'), true))).toBe('  - deep|')
    expect(show(handleTab(at(' - one space|'), true))).toBe(' - one space|')
  })
  it('inserts two spaces on other lines, and leaves Shift+Tab to the browser there', () => {
    expect(show(handleTab(at('Key| Points'), false))).toBe('Key  | Points')
    expect(handleTab(at('plain|'), true)).toBeUndefined()
  })
})

describe('Enter', () => {
  it('continues a numbered list with the next number', () => {
    expect(show(handleEnter(at('Key Points:\n1. first|')))).toBe('Key Points:\n1. first\n2. |')
  })
  it('continues a dash list with the same marker and indentation', () => {
    expect(show(handleEnter(at('  - apples|')))).toBe('  - apples\n  - |')
    expect(show(handleEnter(at('* pears|')))).toBe('* pears\n* |')
  })
  it('renumbers the items after the new one, per indentation level', () => {
    const before = '1. a|\n2. b\n  1. b1\n  2. b2\n3. c'
    expect(show(handleEnter(at(before)))).toBe('1. a\n2. |\n3. b\n  1. b1\n  2. b2\n4. c')
    expect(show(handleEnter(at('1. a\n  1. x|\n2. b')))).toBe('1. a\n  1. x\n  2. |\n2. b')
  })
  it('moves the text after the caret into the new item', () => {
    expect(show(handleEnter(at('1. split| here')))).toBe('1. split\n2. | here')
  })
  it('removes the marker of an empty item instead of adding another', () => {
    expect(show(handleEnter(at('1. a\n2. |')))).toBe('1. a\n|')
    expect(show(handleEnter(at('  - |')))).toBe('|')
  })
  it('leaves Enter on ordinary lines to the browser', () => {
    expect(handleEnter(at('Notes: title|'))).toBeUndefined()
    expect(handleEnter(at('12 apples|'))).toBeUndefined()
  })
})

describe('renumber', () => {
  it('restarts numbering under a new parent and after a dash item', () => {
    const s = renumber({ value: '3. a\n  7. x\n  9. y\n5. b\n  4. z\n- d\n8. e', start: 0, end: 0 }, 0)
    expect(s.value).toBe('1. a\n  1. x\n  2. y\n2. b\n  1. z\n- d\n1. e')
  })
})

describe('the default template', () => {
  it("is 'Notes: {title}', a blank line, 'Key Points:' and a first item", () => {
    expect(notesTemplate('Episode 1')).toBe('Notes: Episode 1\n\nKey Points:\n1. ')
    // Enter on that first item, once written, continues the list.
    expect(show(handleEnter(at(notesTemplate('E') + 'idea|')))).toBe('Notes: E\n\nKey Points:\n1. idea\n2. |')
  })
})
