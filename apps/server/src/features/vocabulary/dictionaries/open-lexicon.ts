import path from 'node:path'
import { articleReader, bufferData, openDataFile } from './data-file'
import type { FoundDictionary } from './discover'
import { createIndexer } from './indexer'
import { imageBytes, type DictionaryImage, type Lexicon } from './lexicon'
import { indexedMeanings } from './meanings'
import { reverseLexicon } from './reverse'
import type { AllowedPlaces } from './safe-files'
import { stardictArticleText } from './stardict'
import { TermIndex } from './term-index'
import { tsvLexicon } from './tsv'

/**
 * A dictionary ready for lookups on the main thread, from the image its
 * indexing worker made: the arrays are taken as they are (no parsing, no
 * copy), and a dictd or StarDict dictionary's articles file is opened (its
 * dictzip header read and checked against the file: a few KB).
 */
export function lexiconOf(d: FoundDictionary, image: DictionaryImage, places: AllowedPlaces): Lexicon {
  const index = new TermIndex(image.index)
  const base = { terms: index.terms, bytes: imageBytes(image), ...(image.title ? { title: image.title } : {}) }
  if (d.format === 'dictd' || d.format === 'stardict') {
    const { data } = image
    if (!data) throw new Error(`${d.file}: no articles file`)
    const articles = data.inflated ? bufferData(data.inflated) : openDataFile(data.file, places)
    const decode = d.format === 'stardict' ? (bytes: Buffer) => stardictArticleText(bytes, image.sequence) : undefined
    // Articles rarely repeat the headword: each line is a meaning (the headword line, if any, is dropped by the parser).
    return { ...base, meanings: indexedMeanings(index, articleReader(articles, decode)), close: () => articles.close() }
  }
  const text = Buffer.from(image.text!.buffer, image.text!.byteOffset, image.text!.byteLength)
  const lexicon = d.format === 'tsv' ? tsvLexicon(index, text) : reverseLexicon(index, text)
  return { ...base, ...lexicon, close: () => {} }
}

/** One dictionary indexed in a worker of its own and opened: for tools and tests that want one dictionary, not a language's. */
export async function loadDictionary(d: Pick<FoundDictionary, 'format' | 'file' | 'data'>, places: AllowedPlaces): Promise<Lexicon> {
  const indexer = createIndexer()
  try {
    const image = await indexer.index({ format: d.format, file: d.file, data: d.data, places })
    return lexiconOf({ ...d, name: path.basename(d.file), language: 'en', origin: 'own' }, image, places)
  } finally {
    await indexer.close()
  }
}
