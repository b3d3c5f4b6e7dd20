import { isUtf8 } from 'node:buffer'
import { decodeText } from '../../../lib/decode-text'
import type { DictionaryImage, Lexicon } from './lexicon'
import { DamagedError, DICTIONARY_LIMITS } from './limits'
import { tidyMeaning, type Meaning, type MeaningQuery } from './meanings'
import { readInside, type AllowedPlaces } from './safe-files'
import { normaliseTerm, TermIndexBuilder, type TermIndex } from './term-index'

/** A first line that names the columns, not a word. */
const HEADER = /^(word|term|headword|lemma|english|en|eng|source)\t(meaning|translation|definition|gloss|target|[a-z]{2,3})(\t.*)?$/i

/**
 * A word list with meanings, one per line: `word TAB meaning` (further
 * columns are joined to the meaning with "; "), in any encoding decodeText
 * reads; `#` starts a comment line, and a first line naming the columns is
 * skipped. A word may have several lines. Run by the indexing worker: the
 * text is kept as UTF-8 bytes, the index points into it. Linear in the file
 * (each tab is searched for once, not once per line), and a line over
 * DICTIONARY_LIMITS.lineBytes refuses the file.
 */
export function indexTsv(file: string, places: AllowedPlaces, limits = DICTIONARY_LIMITS): DictionaryImage {
  const raw = readInside(file, places, limits.indexFileBytes)
  let text = isUtf8(raw) ? raw : Buffer.from(decodeText(raw), 'utf8')
  if (text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) text = text.subarray(3)
  const builder = new TermIndexBuilder(text.length / 30, limits.indexBytes - text.length)
  let tab = -2
  for (let start = 0, line = 0; start < text.length; line++) {
    let end = text.indexOf(10, start)
    if (end < 0) end = text.length
    if (end - start > limits.lineBytes) throw new DamagedError(`${file} has a line over ${limits.lineBytes} bytes (line ${line + 1})`)
    if (tab !== -1 && tab < start) tab = text.indexOf(9, start)
    if (tab > start && tab < end && text[start] !== 0x23 && !(line === 0 && HEADER.test(text.toString('utf8', start, end).trimEnd()))) {
      builder.add(normaliseTerm(text.toString('utf8', start, tab)), tab + 1, end - tab - 1)
    }
    start = end + 1
  }
  return { index: builder.build().image(), text, dropped: 0 }
}

/** A TSV's meanings: the lines of each key, the lemma's first. */
export function tsvLexicon(index: TermIndex, text: Buffer): Omit<Lexicon, 'terms' | 'bytes' | 'close'> {
  return {
    meanings(query: MeaningQuery) {
      const out: Meaning[] = []
      query.keys.forEach((key, k) => {
        index.get(key.term).forEach((record, i) => {
          const shown = tidyMeaning(text.toString('utf8', record.a, record.a + record.b).replace(/\r$/, '').replace(/\t+/g, '; '))
          // The lemma's lines first, in the file's order; the form heard and verb frames after.
          if (shown) out.push({ text: shown, score: -(key.kind === 'lemma' ? 0 : key.kind === 'form' ? 1 : 3) - k * 0.01 - i * 0.1 })
        })
      })
      return out
    },
  }
}
