import { describe, expect, it } from 'vitest'
import { clozeText } from './anki-package'

describe('clozeText', () => {
  it('hides the front word where it stands as a whole word, in any case', () => {
    expect(clozeText('Settled in Sussex, they settled down.', 'settled', false)).toBe('{{c1::Settled}} in Sussex, they settled down.')
    expect(clozeText('An unsettled man settled.', 'settled', false)).toBe('An unsettled man {{c1::settled}}.')
  })

  it('hides the whole sentence for a card whose text is hidden, or when the word is not in it', () => {
    expect(clozeText('He was not ill-disposed.', 'ill-disposed', true)).toBe('{{c1::He was not ill-disposed.}}')
    expect(clozeText('He was not unkind.', 'cold', false)).toBe('{{c1::He was not unkind.}}')
    expect(clozeText('', 'cold', false)).toBe('{{c1::cold}}')
  })

  it('escapes HTML and keeps the text from closing the cloze early', () => {
    expect(clozeText('a < b :: c }} d', 'b', false)).toBe('a &lt; {{c1::b}} : : c } } d')
    expect(clozeText('Use (a+b)* here', '(a+b)*', false)).toBe('Use {{c1::(a+b)*}} here')
  })
})
