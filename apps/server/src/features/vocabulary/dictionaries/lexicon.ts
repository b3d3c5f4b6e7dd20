import type { Meaning, MeaningQuery } from './meanings'
import { ownBuffer, type TermIndexImage } from './term-index'

/** One loaded dictionary: its index in memory, its articles read on demand. */
export interface Lexicon {
  /** The meanings this dictionary has for the query, scored (not yet sorted or cut). */
  meanings(query: MeaningQuery): Meaning[]
  /** Headwords indexed. */
  terms: number
  /** Bytes its index holds in memory. */
  bytes: number
  /** The name the dictionary gives itself (dictd's 00databaseshort, StarDict's bookname), when it has one. */
  title?: string
  close(): void
}

/**
 * What the indexing worker hands back for one dictionary: plain data and
 * typed arrays, moved to the main thread without a copy, from which a
 * Lexicon is made there in a moment (lexiconOf).
 */
export interface DictionaryImage {
  index: TermIndexImage
  /** UTF-8 text the records point into: a TSV's lines, a reverse dictionary's headwords. */
  text?: Uint8Array
  /** The articles' file (dictd, StarDict), checked by the worker, and its text's size. */
  data?: { file: string; size: number; inflated?: Uint8Array }
  /** StarDict's sametypesequence. */
  sequence?: string
  title?: string
  /** Records left out for a limit (an article over DICTIONARY_LIMITS.articleBytes). */
  dropped: number
}

export function imageBytes(image: DictionaryImage): number {
  const { keys, records, table } = image.index
  return keys.byteLength + records.byteLength + table.byteLength + (image.text?.byteLength ?? 0) + (image.data?.inflated?.byteLength ?? 0)
}

/** The image's ArrayBuffers, to move rather than copy. */
export function transferList(image: DictionaryImage): ArrayBuffer[] {
  image.index.keys = ownBuffer(image.index.keys)
  if (image.text) image.text = ownBuffer(image.text)
  if (image.data?.inflated) image.data.inflated = ownBuffer(image.data.inflated)
  const arrays = [image.index.keys, image.index.records, image.index.table, image.text, image.data?.inflated]
  return [...new Set(arrays.flatMap((a) => (a ? [a.buffer as ArrayBuffer] : [])))]
}
