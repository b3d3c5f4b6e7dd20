/**
 * What one dictionary may cost (ARCHITECTURE.md s16: its files are untrusted
 * in their shape as well as their content). Well above the largest real ones
 * found (FreeDict English-German: an 11 MB index, 80 MB of articles in 1,300
 * dictzip chunks; EDICT: 19 MB; CC-CEDICT: 9 MB; the longest index line a few
 * hundred bytes), so that a damaged or hostile file is refused, and said so,
 * long before it takes the server's memory or time.
 */
export const DICTIONARY_LIMITS = {
  /** An index or word-list file (dictd .index, StarDict .idx unpacked and .syn, TSV, EDICT, CC-CEDICT). */
  indexFileBytes: 64 * 1024 * 1024,
  /** One line of an index or word list. */
  lineBytes: 64 * 1024,
  /** One article: a record saying more is left out. */
  articleBytes: 1024 * 1024,
  /** A gzip articles file without a dictzip chunk table, kept inflated. */
  plainGzipBytes: 64 * 1024 * 1024,
  /** The index in memory (typed arrays and the text it points into). */
  indexBytes: 256 * 1024 * 1024,
  /** The indexing thread's JavaScript heap. */
  workerHeapMb: 256,
  /** Longest an indexing may take before it is stopped and the dictionary left out. */
  indexMs: 180_000,
} as const

export type DictionaryLimits = typeof DICTIONARY_LIMITS

/** A dictionary file that breaks the format or these limits: the dictionary is left out, and the log says why. */
export class DamagedError extends Error {}
