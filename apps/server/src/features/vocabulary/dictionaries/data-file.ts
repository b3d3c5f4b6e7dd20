import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs'
import { constants, gunzipSync, inflateRawSync } from 'node:zlib'

/**
 * The article text of a dictd or StarDict dictionary, read by offset and
 * length: a plain `.dict` file, or a dictzip `.dict.dz` (gzip whose header
 * lists chunks compressed apart, each about 58 KB of text, so one entry
 * costs one chunk's inflate, never the whole file: FreeDict's English-German
 * is 15 MB compressed and 80 MB of text). Reads are synchronous `pread`s of
 * a few KB from the page cache, with the last inflated chunks kept.
 */
export interface DataFile {
  read(offset: number, length: number): Buffer
  close(): void
}

/** Largest gzip file without a dictzip chunk table that is inflated whole into memory. */
const PLAIN_GZIP_MAX_BYTES = 64 * 1024 * 1024
const CHUNKS_KEPT = 16

export function openDataFile(file: string): DataFile {
  if (!file.endsWith('.dz') && !file.endsWith('.gz')) return plainFile(file)
  const fd = openSync(file, 'r')
  try {
    const zip = readDictzipHeader(fd)
    if (zip) return dictzipFile(fd, zip)
  } catch (error) {
    closeSync(fd)
    throw error
  }
  closeSync(fd)
  // A gzip without the chunk table (gzip, not dictzip): small ones are kept inflated.
  const text = gunzipSync(readFileSync(file), { maxOutputLength: PLAIN_GZIP_MAX_BYTES })
  return { read: (offset, length) => text.subarray(offset, offset + length), close: () => {} }
}

function plainFile(file: string): DataFile {
  const fd = openSync(file, 'r')
  const size = fstatSync(fd).size
  return {
    read(offset, length) {
      const wanted = Math.max(0, Math.min(length, size - offset))
      const out = Buffer.allocUnsafe(wanted)
      let got = 0
      while (got < wanted) {
        const n = readSync(fd, out, got, wanted - got, offset + got)
        if (n === 0) break
        got += n
      }
      return out.subarray(0, got)
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
    if (n === 0) throw new Error('the file ends inside its gzip header')
    got += n
  }
  return out
}

/** The dictzip chunk table of a gzip file (RFC 1952 with an "RA" extra field), or undefined for a plain gzip. */
export function readDictzipHeader(fd: number): DictzipHeader | undefined {
  const fixed = readExactly(fd, 12, 0)
  if (fixed[0] !== 0x1f || fixed[1] !== 0x8b || fixed[2] !== 8) throw new Error('not a gzip file')
  const flags = fixed[3]!
  if (!(flags & 4)) return undefined
  const extraLength = fixed.readUInt16LE(10)
  const extra = readExactly(fd, extraLength, 12)
  let position = 12 + extraLength
  let header: { chunkLength: number; sizes: number[] } | undefined
  for (let i = 0; i + 4 <= extra.length; ) {
    const length = extra.readUInt16LE(i + 2)
    if (extra[i] === 0x52 && extra[i + 1] === 0x41 && length >= 6) {
      const chunkLength = extra.readUInt16LE(i + 6)
      const count = extra.readUInt16LE(i + 8)
      const sizes: number[] = []
      for (let c = 0; c < count && i + 10 + c * 2 + 2 <= i + 4 + length; c++) sizes.push(extra.readUInt16LE(i + 10 + c * 2))
      header = { chunkLength, sizes }
    }
    i += 4 + length
  }
  if (!header || header.chunkLength === 0) return undefined
  // FNAME and FCOMMENT are zero-terminated; FHCRC is two bytes.
  for (const flag of [8, 16]) {
    if (!(flags & flag)) continue
    for (;;) {
      const byte = readExactly(fd, 1, position)
      position++
      if (byte[0] === 0) break
    }
  }
  if (flags & 2) position += 2
  const starts = new Float64Array(header.sizes.length + 1)
  starts[0] = position
  for (let c = 0; c < header.sizes.length; c++) starts[c + 1] = starts[c]! + header.sizes[c]!
  return { chunkLength: header.chunkLength, starts }
}

function dictzipFile(fd: number, { chunkLength, starts }: DictzipHeader): DataFile {
  const kept = new Map<number, Buffer>()
  const chunk = (index: number): Buffer => {
    const hit = kept.get(index)
    if (hit) {
      // Most recently used last.
      kept.delete(index)
      kept.set(index, hit)
      return hit
    }
    const compressed = readExactly(fd, starts[index + 1]! - starts[index]!, starts[index]!)
    // Each chunk ends with a full flush, not the stream's end.
    const text = inflateRawSync(compressed, { finishFlush: constants.Z_SYNC_FLUSH })
    kept.set(index, text)
    if (kept.size > CHUNKS_KEPT) kept.delete(kept.keys().next().value!)
    return text
  }
  const chunks = starts.length - 1
  return {
    read(offset, length) {
      const first = Math.floor(offset / chunkLength)
      const last = Math.min(chunks - 1, Math.floor((offset + Math.max(1, length) - 1) / chunkLength))
      if (first >= chunks) return Buffer.alloc(0)
      const parts: Buffer[] = []
      for (let c = first; c <= last; c++) {
        const text = chunk(c)
        const from = c === first ? offset - c * chunkLength : 0
        const to = c === last ? offset + length - c * chunkLength : text.length
        parts.push(text.subarray(from, Math.min(to, text.length)))
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
