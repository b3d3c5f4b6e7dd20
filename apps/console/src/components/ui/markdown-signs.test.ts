import { describe, expect, it } from 'vitest'
import { needsMarkdown } from './markdown-signs'

describe('needsMarkdown', () => {
  it('leaves a plain word, phrase or sentence to be shown as written', () => {
    for (const text of ['estate', 'land and buildings owned by one family', "It's 3 o'clock, isn't it? Yes: (maybe) 50% - or \"so\".", 'café, naïve, 日本語']) {
      expect(needsMarkdown(text), text).toBe(false)
    }
  })

  it("sends anything markdown would show otherwise to react-markdown", () => {
    for (const text of [
      '**bold**',
      '_em_',
      '`code`',
      '[link](https://example.org)',
      '# Heading',
      '> quote',
      '- item',
      '+ item',
      '1. first',
      '2) second',
      'Tom &amp; Jerry',
      'a <b>tag</b>',
      'line one\nline two',
      'escaped \\*',
      ' leading space',
      'trailing space ',
      '===',
      '~~gone~~',
      '| a | b |',
    ]) {
      expect(needsMarkdown(text), text).toBe(true)
    }
  })
})
