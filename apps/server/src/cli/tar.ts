import type { Readable } from 'node:stream'

/**
 * Just enough of the POSIX tar format (ustar, with pax records for long names
 * and sizes over 8 GiB) to write a backup as a stream and read it back, so
 * `tar -tzf` lists it and nothing is held in memory whole. Regular files only.
 */
const BLOCK = 512
const USTAR_MAX_SIZE = 0o77777777777

export interface TarEntryHeader {
  name: string
  size: number
  mtimeMs?: number
}

function field(block: Buffer, offset: number, length: number, value: string) {
  block.write(value, offset, length, 'utf8')
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0')
}

function ustarHeader(name: string, size: number, mtimeMs: number, type: '0' | '5' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK)
  field(block, 0, 100, name)
  field(block, 100, 8, octal(type === '5' ? 0o700 : 0o600, 8))
  field(block, 108, 8, octal(0, 8))
  field(block, 116, 8, octal(0, 8))
  field(block, 124, 12, octal(size, 12))
  field(block, 136, 12, octal(Math.floor(mtimeMs / 1000), 12))
  block.fill(' ', 148, 156)
  field(block, 156, 1, type)
  field(block, 257, 6, 'ustar\0')
  field(block, 263, 2, '00')
  let sum = 0
  for (const byte of block) sum += byte
  field(block, 148, 8, `${octal(sum, 7)}\0`)
  return block
}

/** A pax record: its length counts itself, digits included. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`
  let length = Buffer.byteLength(body)
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body)
  return `${length}${body}`
}

export function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

/** The header block(s) of a directory (name without a trailing slash); nothing follows. */
export function directoryHeader(name: string, mtimeMs = Date.now()): Buffer {
  return entryHeader(`${name}/`, 0, mtimeMs, '5')
}

/** The header block(s) of a regular file; its content and `padding(size)` follow. */
export function fileHeader({ name, size, mtimeMs = Date.now() }: TarEntryHeader): Buffer {
  return entryHeader(name, size, mtimeMs, '0')
}

function entryHeader(name: string, size: number, mtimeMs: number, type: '0' | '5'): Buffer {
  const records: string[] = []
  const plainName = Buffer.byteLength(name) <= 100
  if (!plainName) records.push(paxRecord('path', name))
  if (size > USTAR_MAX_SIZE) records.push(paxRecord('size', String(size)))
  const header = ustarHeader(plainName ? name : name.slice(0, 99).replace(/[^\x20-\x7e]/g, '_'), size > USTAR_MAX_SIZE ? 0 : size, mtimeMs, type)
  if (records.length === 0) return header
  const pax = Buffer.from(records.join(''))
  return Buffer.concat([ustarHeader('PaxHeader', pax.length, mtimeMs, 'x'), pax, padding(pax.length), header])
}

/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK)

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = []
  private length = 0
  private readonly chunks: AsyncIterator<Buffer>
  constructor(source: Readable) {
    this.chunks = source[Symbol.asyncIterator]()
  }

  private async fill(wanted: number): Promise<boolean> {
    while (this.length < wanted) {
      const next = await this.chunks.next()
      if (next.done) return false
      this.buffered.push(next.value)
      this.length += next.value.length
    }
    return true
  }

  private take(n: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered)
    this.buffered = n < all.length ? [all.subarray(n)] : []
    this.length = all.length - n
    return all.subarray(0, n)
  }

  async exactly(n: number): Promise<Buffer | undefined> {
    return (await this.fill(n)) ? this.take(n) : undefined
  }

  /** `n` bytes as they arrive; the archive being cut short is an error. */
  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n
    while (left > 0) {
      if (this.length === 0 && !(await this.fill(1))) throw new TarError('the archive ends in the middle of a file (is it complete?)')
      const piece = this.take(Math.min(left, this.length))
      left -= piece.length
      yield piece
    }
  }
}

export class TarError extends Error {}

function text(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8')
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {}
  let at = 0
  while (at < data.length) {
    const space = data.indexOf(0x20, at)
    const length = Number(data.subarray(at, space).toString())
    if (space === -1 || !Number.isInteger(length) || length <= 0) throw new TarError('a damaged pax header')
    const record = data.subarray(space + 1, at + length - 1).toString('utf8')
    const eq = record.indexOf('=')
    records[record.slice(0, eq)] = record.slice(eq + 1)
    at += length
  }
  return records
}

export interface TarEntry {
  name: string
  size: number
  type: 'file' | 'directory' | 'other'
  /** Must be read to its end (or drained) before the next entry. */
  body: AsyncGenerator<Buffer>
}

/** The entries of an uncompressed tar stream, one at a time. */
export async function* readTar(source: Readable): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source)
  let pax: Record<string, string> = {}
  for (;;) {
    const block = await reader.exactly(BLOCK)
    if (!block) throw new TarError('the archive ends without its end marker (is it complete?)')
    if (block.every((b) => b === 0)) return
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!
    if (sum !== parseInt(text(block, 148, 8).trim(), 8)) throw new TarError('a damaged header (checksum mismatch): not a tar archive, or a corrupted one')
    const typeflag = text(block, 156, 1) || '0'
    const size = pax.size !== undefined ? Number(pax.size) : parseInt(text(block, 124, 12).trim() || '0', 8)
    const prefix = text(block, 345, 155)
    const name = pax.path ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100))
    if (typeflag === 'x' || typeflag === 'g' || typeflag === 'L') {
      const parts: Buffer[] = []
      for await (const piece of reader.stream(size)) parts.push(piece)
      const data = Buffer.concat(parts)
      await reader.exactly(padding(size).length)
      if (typeflag === 'x') pax = parsePax(data)
      else if (typeflag === 'L') pax = { ...pax, path: text(data, 0, data.length) }
      continue
    }
    pax = {}
    const isFile = typeflag === '0' || typeflag === '7'
    // Links, devices and directories carry no data; any other type does.
    const bodySize = '123456'.includes(typeflag) ? 0 : size
    let consumed = 0
    async function* body() {
      for await (const piece of reader.stream(bodySize - consumed)) {
        consumed += piece.length
        yield piece
      }
    }
    yield { name, size: bodySize, type: isFile ? 'file' : typeflag === '5' ? 'directory' : 'other', body: body() }
    // Whatever the consumer left unread, before the next header.
    for await (const piece of reader.stream(bodySize - consumed)) consumed += piece.length
    await reader.exactly(padding(bodySize).length)
  }
}
