import type { Meaning, MeaningQuery } from './meanings'

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

/** How long loading may hold the event loop before it gives requests a turn. */
const SLICE_MS = 8

/**
 * Loading works in slices of about SLICE_MS, giving the event loop a turn
 * between them, so requests never wait behind a whole file: call `tick()`
 * once per line (cheap), and await what it returns when it is a promise.
 */
export function slicer(): { tick(): Promise<void> | undefined } {
  let since = performance.now()
  let count = 0
  return {
    tick() {
      if (++count % 256 !== 0 || performance.now() - since < SLICE_MS) return undefined
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          since = performance.now()
          resolve()
        }),
      )
    },
  }
}
