import { closeSync, readSync } from 'node:fs'
import { DamagedError, DICTIONARY_LIMITS } from './limits'
import { mb, openInside, type AllowedPlaces } from './safe-files'

/** How much of a file is read at a time. */
const CHUNK_BYTES = 256 * 1024

/**
 * Calls `line(bytes, start, end)` for each line (without its "\n") of an
 * allowed file, read by chunk: never the whole file as one string, never a
 * line over `lineBytes` (the dictionary is refused, after reading no more than
 * that line's first `lineBytes`), and linear in the file's size.
 */
export function eachLine(file: string, places: AllowedPlaces, line: (bytes: Buffer, start: number, end: number) => void, limits = DICTIONARY_LIMITS): void {
  const { fd, size } = openInside(file, places)
  try {
    if (size > limits.indexFileBytes) throw new DamagedError(`${file} is ${mb(size)}, over the ${mb(limits.indexFileBytes)} an index may have`)
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES + limits.lineBytes + 1)
    let kept = 0
    let position = 0
    for (;;) {
      const n = readSync(fd, buffer, kept, buffer.length - kept, position)
      position += n
      const end = kept + n
      let start = 0
      for (let nl = buffer.indexOf(10, start); nl >= 0 && nl < end; nl = buffer.indexOf(10, start)) {
        line(buffer, start, nl)
        start = nl + 1
      }
      if (end - start > limits.lineBytes) throw new DamagedError(`${file} has a line over ${mb(limits.lineBytes)} (at byte ${position - (end - start)})`)
      if (n === 0) {
        if (end > start) line(buffer, start, end)
        return
      }
      // The unfinished line moves to the front; it is at most lineBytes, so a chunk always fits after it.
      kept = end - start
      if (start > 0) buffer.copy(buffer, 0, start, end)
    }
  } finally {
    closeSync(fd)
  }
}
