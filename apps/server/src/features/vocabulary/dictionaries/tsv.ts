import { readFile } from 'node:fs/promises'
import { decodeText } from '../../../lib/decode-text'
import { slicer, type Lexicon } from './lexicon'
import { tidyMeaning, type Meaning } from './meanings'
import { normaliseTerm, TermIndexBuilder } from './term-index'

/** A first line that names the columns, not a word. */
const HEADER = /^(word|term|headword|lemma|english|en|eng|source)\t(meaning|translation|definition|gloss|target|[a-z]{2,3})(\t.*)?$/i

/**
 * A word list with meanings, one per line: `word TAB meaning` (further
 * columns are joined to the meaning with "; "), in any encoding decodeText
 * reads; `#` starts a comment line, and a first line naming the columns is
 * skipped. A word may have several lines. The text stays in memory as one
 * string; the index points into it.
 */
export async function loadTsv(file: string): Promise<Lexicon> {
  const text = decodeText(await readFile(file)).replace(/^\uFEFF/, '')
  const builder = new TermIndexBuilder(text.length / 30)
  const slices = slicer()
  let lines = 0
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    const tab = text.indexOf('\t', start)
    if (tab > start && tab < end && text[start] !== '#' && !(lines === 0 && HEADER.test(text.slice(start, end).trimEnd()))) {
      builder.add(normaliseTerm(text.slice(start, tab)), tab + 1, end - tab - 1)
    }
    start = end + 1
    lines++
    const turn = slices.tick()
    if (turn) await turn
  }
  const index = builder.build()
  return {
    terms: index.terms,
    bytes: index.bytes + text.length * 2,
    meanings(query) {
      const out: Meaning[] = []
      query.keys.forEach((key, k) => {
        index.get(key.term).forEach((record, i) => {
          const shown = tidyMeaning(text.slice(record.a, record.a + record.b).replace(/\r$/, '').replace(/\t+/g, '; '))
          // The lemma's lines first, in the file's order; the form heard and verb frames after.
          if (shown) out.push({ text: shown, score: -(key.kind === 'lemma' ? 0 : key.kind === 'form' ? 1 : 3) - k * 0.01 - i * 0.1 })
        })
      })
      return out
    },
    close: () => {},
  }
}
