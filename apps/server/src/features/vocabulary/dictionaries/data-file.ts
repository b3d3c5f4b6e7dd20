import { closeSync, readSync } from 'node:fs'
import { constants, gunzipSync, inflateRawSync } from 'node:zlib'
import { DamagedError, DICTIONARY_LIMITS } from './limits'
import { mb, openInside, type AllowedPlaces } from './safe-files'
import { ownBuffer } from './term-index'

/**
 * The article text of a dictd or StarDict dictionary, read by offset and
 * length: a plain `.dict` file, or a dictzip `.dict.dz` (gzip whose header
 * lists chunks compressed apart, each about 58 KB of text, so one entry
 * costs one chunk's inflate, never the whole file: FreeDict's English-German
 * is 15 MB compressed and 80 MB of text). Reads are synchronous `pread`s of
 * a few KB from the page cache, with the last inflated chunks kept. Every
 * offset, length and chunk is checked against the file: a damaged or hostile
 * file throws DamagedError, never reads outside it or inflates past a chunk.
 */
export interface DataFile {
  /** The bytes at `offset`; throws (DamagedError) for a stretch outside the text or a chunk that does not inflate as its table says. */
  read(offset: number, length: number): Buffer
  close(): void
}

const CHUNKS_KEPT = 16
/** Longest file name or comment a gzip header may carry here (gzip itself sets none). */
const HEADER_TEXT_MAX = 64 * 1024
const GZIP_TRAILER = 8

const isGzipName = (file: string) => file.endsWith('.dz') || file.endsWith('.gz')

/**
 * Opens a dictionary's articles for lookups: a plain file, or a dictzip file
 * whose chunk table was checked against the file's size. A gzip file without
 * a chunk table is inflated by the indexing worker instead (bufferData).
 */
export function openDataFile(file: string, places: AllowedPlaces): DataFile {
  const { fd, size } = openInside(file, places)
  try {
    if (!isGzipName(file)) return plainFile(fd, size)
    const zip = readDictzipHeader(fd, size)
    if (!zip) throw new DamagedError(`${file} is gzip without a dictzip chunk table`)
    return dictzipFile(fd, zip)
  } catch (error) {
    closeSync(fd)
    throw error
  }
}

/** Articles held in memory (a plain gzip file, inflated by the indexing worker). */
export function bufferData(bytes: Uint8Array): DataFile {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { read: (offset, length) => text.subarray(...within(offset, length, text.length)), close: () => {} }
}

/** [start, end) of a read, cut at the end of `size` bytes (as a slice is); a DamagedError when it starts outside them. */
function within(offset: number, length: number, size: number): [number, number] {
  if (!(offset >= 0 && length >= 0 && offset <= size)) throw new DamagedError(`an entry points outside its articles (${offset}+${length} of ${size} bytes)`)
  return [offset, Math.min(size, offset + length)]
}

/**
 * Run by the indexing worker: the articles' size in bytes of text, which
 * bounds every entry of the index (a dictzip's chunk table checked against the
 * file, its last chunk inflated). Not every chunk is inflated here: 80 MB of
 * text for FreeDict English-German would cost a second and leave the thread's
 * allocator holding tens of MB; a chunk that does not inflate as its table
 * says is found when read, and the dictionary left out then. A gzip file
 * without a chunk table comes back inflated (at most plainGzipBytes).
 */
export function checkDataFile(file: string, places: AllowedPlaces, limits = DICTIONARY_LIMITS): { size: number; inflated?: Uint8Array } {
  const { fd, size } = openInside(file, places)
  try {
    if (!isGzipName(file)) return { size }
    const zip = readDictzipHeader(fd, size)
    if (!zip) {
      if (size > limits.plainGzipBytes) throw new DamagedError(`${file} is gzip without a dictzip chunk table and over ${mb(limits.plainGzipBytes)}`)
      const raw = readExactly(fd, size, 0)
      try {
        const inflated = gunzipSync(raw, { maxOutputLength: limits.plainGzipBytes })
        return { size: inflated.length, inflated: ownBuffer(inflated) }
      } catch (error) {
        throw new DamagedError(`${file} does not inflate within ${mb(limits.plainGzipBytes)}: ${(error as Error).message}`)
      }
    }
    // The last chunk gives the text's exact size (every other one is chunkLength long); each is checked again when read.
    const chunks = zip.starts.length - 1
    return { size: (chunks - 1) * zip.chunkLength + inflateChunk(fd, zip, chunks - 1).length }
  } finally {
    closeSync(fd)
  }
}

function plainFile(fd: number, size: number): DataFile {
  return {
    read(offset, length) {
      const [from, to] = within(offset, length, size)
      return readExactly(fd, to - from, from)
    },
    close: closer(fd),
  }
}

/** Closes once: a second call (shutdown after a failed load) does nothing. */
function closer(fd: number): () => void {
  let open = true
  return () => {
    if (open) closeSync(fd)
    open = false
  }
}

interface DictzipHeader {
  /** Uncompressed bytes per chunk. */
  chunkLength: number
  /** File offset of each chunk's compressed data, and one past the last. */
  starts: Float64Array
}

function readExactly(fd: number, length: number, position: number): Buffer {
  const out = Buffer.alloc(length)
  let got = 0
  while (got < length) {
    const n = readSync(fd, out, got, length - got, position + got)
    if (n === 0) throw new DamagedError('the file ends early')
    got += n
  }
  return out
}

/**
 * The dictzip chunk table of a gzip file (RFC 1952 with an "RA" extra field),
 * or undefined for a plain gzip. Throws DamagedError when the table does not
 * fit the file: a count that disagrees with the field's length, an empty
 * chunk, or chunks that run past the end of the file.
 */
export function readDictzipHeader(fd: number, fileSize: number): DictzipHeader | undefined {
  if (fileSize < 12) throw new DamagedError('not a gzip file')
  const fixed = readExactly(fd, 12, 0)
  if (fixed[0] !== 0x1f || fixed[1] !== 0x8b || fixed[2] !== 8) throw new DamagedError('not a gzip file')
  const flags = fixed[3]!
  if (!(flags & 4)) return undefined
  const extraLength = fixed.readUInt16LE(10)
  if (12 + extraLength > fileSize) throw new DamagedError('its gzip extra field runs past the end of the file')
  const extra = readExactly(fd, extraLength, 12)
  let position = 12 + extraLength
  let header: { chunkLength: number; sizes: number[] } | undefined
  for (let i = 0; i + 4 <= extra.length; ) {
    const length = extra.readUInt16LE(i + 2)
    if (i + 4 + length > extra.length) throw new DamagedError('a gzip extra subfield runs past its field')
    if (extra[i] === 0x52 && extra[i + 1] === 0x41) {
      if (length < 6) throw new DamagedError('its dictzip chunk table is cut short')
      const chunkLength = extra.readUInt16LE(i + 6)
      const count = extra.readUInt16LE(i + 8)
      if (length !== 6 + count * 2) throw new DamagedError(`its dictzip chunk table lists ${count} chunks in ${length - 6} bytes`)
      if (chunkLength === 0 || count === 0) throw new DamagedError('its dictzip chunk table is empty')
      const sizes: number[] = []
      for (let c = 0; c < count; c++) sizes.push(extra.readUInt16LE(i + 10 + c * 2))
      if (sizes.includes(0)) throw new DamagedError('its dictzip chunk table has an empty chunk')
      header = { chunkLength, sizes }
    }
    i += 4 + length
  }
  if (!header) return undefined
  // FNAME and FCOMMENT are zero-terminated; FHCRC is two bytes.
  for (const flag of [8, 16]) {
    if (!(flags & flag)) continue
    const text = readExactly(fd, Math.min(HEADER_TEXT_MAX, fileSize - position), position)
    const nul = text.indexOf(0)
    if (nul < 0) throw new DamagedError('its gzip header has an unterminated name or comment')
    position += nul + 1
  }
  if (flags & 2) position += 2
  const starts = new Float64Array(header.sizes.length + 1)
  starts[0] = position
  for (let c = 0; c < header.sizes.length; c++) starts[c + 1] = starts[c]! + header.sizes[c]!
  if (starts[header.sizes.length]! + GZIP_TRAILER > fileSize) {
    throw new DamagedError(`its dictzip chunk table runs past the end of the file (${starts[header.sizes.length]! + GZIP_TRAILER} of ${fileSize} bytes)`)
  }
  return { chunkLength: header.chunkLength, starts }
}

/** One chunk's text: never more than the table's chunk length (a chunk that inflates further is a bomb), exactly that but for the last. */
function inflateChunk(fd: number, { chunkLength, starts }: DictzipHeader, index: number): Buffer {
  const compressed = readExactly(fd, starts[index + 1]! - starts[index]!, starts[index]!)
  let text: Buffer
  try {
    // Each chunk ends with a full flush, not the stream's end.
    text = inflateRawSync(compressed, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: chunkLength })
  } catch (error) {
    throw new DamagedError(`dictzip chunk ${index} does not inflate to its ${chunkLength} bytes: ${(error as Error).message}`)
  }
  const last = index === starts.length - 2
  if (last ? text.length === 0 : text.length !== chunkLength) throw new DamagedError(`dictzip chunk ${index} inflates to ${text.length} bytes, not ${chunkLength}`)
  return text
}

function dictzipFile(fd: number, zip: DictzipHeader): DataFile {
  const { chunkLength, starts } = zip
  const kept = new Map<number, Buffer>()
  const chunk = (index: number): Buffer => {
    const hit = kept.get(index)
    if (hit) {
      // Most recently used last.
      kept.delete(index)
      kept.set(index, hit)
      return hit
    }
    const text = inflateChunk(fd, zip, index)
    kept.set(index, text)
    if (kept.size > CHUNKS_KEPT) kept.delete(kept.keys().next().value!)
    return text
  }
  const chunks = starts.length - 1
  return {
    read(offset, length) {
      const [start, end] = within(offset, length, chunks * chunkLength)
      if (end === start) return Buffer.alloc(0)
      const first = Math.floor(start / chunkLength)
      const last = Math.floor((end - 1) / chunkLength)
      const parts: Buffer[] = []
      for (let c = first; c <= last; c++) {
        const text = chunk(c)
        const from = c === first ? start - c * chunkLength : 0
        const to = c === last ? end - c * chunkLength : text.length
        // Only the last chunk is shorter: a read past it is cut there.
        parts.push(text.subarray(Math.min(from, text.length), Math.min(to, text.length)))
      }
      return parts.length === 1 ? parts[0]! : Buffer.concat(parts)
    },
    close: closer(fd),
  }
}

/** Articles read recently, kept as text: a common word's 40 articles lie in 25 chunks, more than the chunk cache holds. */
export const ARTICLES_KEPT = 4096

/**
 * A dictionary's articles as text, by offset and length, the last
 * ARTICLES_KEPT kept (a few hundred KB). `readMany` reads in file order, so
 * each chunk of a dictzip file is inflated at most once per lookup.
 */
export function articleReader(data: DataFile, decode: (bytes: Buffer) => string = (b) => b.toString('utf8')) {
  const kept = new Map<number, string>()
  const one = (offset: number, length: number): string => {
    const key = offset * 65_536 + (length % 65_536)
    const hit = kept.get(key)
    if (hit !== undefined) {
      kept.delete(key)
      kept.set(key, hit)
      return hit
    }
    const text = decode(data.read(offset, length))
    kept.set(key, text)
    if (kept.size > ARTICLES_KEPT) kept.delete(kept.keys().next().value!)
    return text
  }
  return {
    readMany(records: ReadonlyArray<{ a: number; b: number }>): string[] {
      const out = new Array<string>(records.length)
      const order = records.map((_, i) => i).sort((x, y) => records[x]!.a - records[y]!.a)
      for (const i of order) out[i] = one(records[i]!.a, records[i]!.b)
      return out
    },
  }
}
