/**
 * A dictionary's headwords, indexed once when it is loaded (decision 0013): an
 * open-addressing hash table over typed arrays, from a normalised term to
 * its records, each three unsigned 32-bit numbers (where the entry is, how
 * long, and a rank the format gives it), in the order they were added.
 *
 * Typed arrays, not a Map of strings: FreeDict's English-German has 464,000
 * headwords, which as JS strings and arrays would be ~60 MB of small objects
 * for the garbage collector to walk on every major collection (and in the
 * lookup's p99). Here they are ~20 MB in a handful of buffers.
 */

const PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/

/** How terms are compared: NFKC, lower case, letters, digits and single spaces only (dictd's own index rule: "ill-disposed" is "illdisposed", "sth." is "sth"). */
export function normaliseTerm(text: string): string {
  // Most headwords already are (dictd wrote its index this way): no Unicode work for them.
  if (PLAIN.test(text)) return text
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Most records one lookup of a term takes: a hostile list of a million lines
 * for one word would otherwise make one lookup read them all. Real ones have
 * far fewer (FreeDict's most: 41, for "be"; EDICT's glosses a few hundred).
 */
export const RECORDS_PER_TERM_MAX = 4096

const FIELDS = 7 // keyStart, keyLength, a, b, c, next (record index + 1 of the next record with the same key; 0: none), hash

function fnv1a(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193)
  return hash >>> 0
}

export interface TermRecord {
  a: number
  b: number
  c: number
}

/**
 * A TermIndex as plain typed arrays, each owning its whole ArrayBuffer: what
 * the indexing worker hands to the main thread (transferred, not copied).
 */
export interface TermIndexImage {
  keys: Uint8Array
  records: Uint32Array
  table: Uint32Array
  size: number
  terms: number
}

export class TermIndex {
  private readonly keys: Buffer
  private readonly records: Uint32Array
  private readonly table: Uint32Array
  /** Records (an entry may have several keys). */
  readonly size: number
  /** Distinct terms. */
  readonly terms: number

  constructor(image: TermIndexImage) {
    this.keys = Buffer.from(image.keys.buffer, image.keys.byteOffset, image.keys.byteLength)
    this.records = image.records
    this.table = image.table
    this.size = image.size
    this.terms = image.terms
  }

  /** The arrays, for transfer to another thread (this index is not to be used after). */
  image(): TermIndexImage {
    return { keys: ownBuffer(this.keys), records: ownBuffer(this.records), table: ownBuffer(this.table), size: this.size, terms: this.terms }
  }

  /** The records of a term (normalised by the caller, as when it was added), in the order they were added: the first `max`. */
  get(term: string, max = RECORDS_PER_TERM_MAX): TermRecord[] {
    if (term === '' || this.terms === 0) return []
    const bytes = Buffer.from(term, 'utf8')
    const mask = this.table.length - 1
    for (let slot = fnv1a(bytes, 0, bytes.length) & mask; ; slot = (slot + 1) & mask) {
      const head = this.table[slot]!
      if (head === 0) return []
      const at = (head - 1) * FIELDS
      const start = this.records[at]!
      const length = this.records[at + 1]!
      if (length === bytes.length && this.keys.compare(bytes, 0, bytes.length, start, start + length) === 0) {
        const out: TermRecord[] = []
        for (let r = head; r !== 0 && out.length < max; r = this.records[(r - 1) * FIELDS + 5]!) {
          const i = (r - 1) * FIELDS
          out.push({ a: this.records[i + 2]!, b: this.records[i + 3]!, c: this.records[i + 4]! })
        }
        return out
      }
    }
  }

  /** Bytes held, for the log line that says what a dictionary costs. */
  get bytes(): number {
    return this.keys.byteLength + this.records.byteLength + this.table.byteLength
  }
}

/** Adds terms one by one, then `build()` freezes them into a TermIndex. */
export class TermIndexBuilder {
  private keys: Buffer
  private keyBytes = 0
  private records: Uint32Array
  private count = 0
  private table: Uint32Array
  private terms = 0
  /** Last record of each head's chain, so records keep their order. */
  private tails: Uint32Array

  /** `expected`: about how many records will be added (sizes the first buffers; they grow past it). `maxBytes`: the most its arrays may take. */
  constructor(
    expected = 1024,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    // The first arrays take about 64 bytes a record: never more than maxBytes allows.
    const n = Math.floor(Math.max(1024, Math.min(expected, 1 << 24, maxBytes / 64)))
    this.keys = Buffer.allocUnsafe(n * 12)
    this.records = new Uint32Array(n * FIELDS)
    this.tails = new Uint32Array(n)
    this.table = new Uint32Array(2 ** Math.ceil(Math.log2(n * 2)))
  }

  /** `term` must be normalised (normaliseTerm); an empty one is skipped. `a`, `b`, `c` are whole numbers below 2^32. */
  add(term: string, a: number, b: number, c = 0): void {
    if (term === '' || a > 0xffffffff || b > 0xffffffff) return
    const length = Buffer.byteLength(term, 'utf8')
    if (length > 0xffff) return
    this.ensureKeyRoom(length)
    this.keys.write(term, this.keyBytes, 'utf8')
    const start = this.keyBytes
    const hash = fnv1a(this.keys, start, start + length)
    if (this.count * FIELDS >= this.records.length) this.records = grow(this.records, this.records.length * 2, this.held)
    if (this.count >= this.tails.length) this.tails = grow(this.tails, this.tails.length * 2, this.held)
    const record = this.count++
    const at = record * FIELDS
    this.records[at + 2] = a
    this.records[at + 3] = b
    this.records[at + 4] = c
    this.records[at + 5] = 0
    this.records[at + 6] = hash

    const mask = this.table.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const head = this.table[slot]!
      if (head === 0) {
        // A new term: its bytes stay.
        this.table[slot] = record + 1
        this.tails[record] = record + 1
        this.records[at] = start
        this.records[at + 1] = length
        this.keyBytes += length
        if (++this.terms * 2 > this.table.length) this.rehash()
        return
      }
      const h = (head - 1) * FIELDS
      const hs = this.records[h]!
      if (this.records[h + 1] === length && this.keys.compare(this.keys, start, start + length, hs, hs + length) === 0) {
        // A term seen before: this record shares its bytes and joins the end of its chain.
        this.records[at] = hs
        this.records[at + 1] = length
        const tail = this.tails[head - 1]!
        this.records[(tail - 1) * FIELDS + 5] = record + 1
        this.tails[head - 1] = record + 1
        return
      }
    }
  }

  build(): TermIndex {
    // The table was sized for the records expected; a reverse dictionary has far fewer terms than records.
    const fitting = 2 ** Math.ceil(Math.log2(Math.max(1024, this.terms * 2 + 1)))
    if (fitting < this.table.length) this.rehash(fitting)
    const keys = Buffer.from(this.keys.subarray(0, this.keyBytes))
    const records = this.records.slice(0, this.count * FIELDS)
    const index = new TermIndex({ keys, records, table: this.table, size: this.count, terms: this.terms })
    this.keys = Buffer.alloc(0)
    this.records = new Uint32Array(0)
    this.tails = new Uint32Array(0)
    return index
  }

  /** Checks that growing by `more` bytes keeps within maxBytes. */
  private readonly held = (more: number) => {
    const bytes = this.keys.byteLength + this.records.byteLength + this.tails.byteLength + this.table.byteLength + more
    if (bytes > this.maxBytes) throw new IndexTooBigError(`its index would take over ${Math.round(this.maxBytes / 1048576)} MB`)
  }

  private ensureKeyRoom(length: number) {
    if (this.keyBytes + length <= this.keys.length) return
    const size = Math.max(this.keys.length * 2, this.keyBytes + length)
    this.held(size)
    const bigger = Buffer.allocUnsafe(size)
    this.keys.copy(bigger, 0, 0, this.keyBytes)
    this.keys = bigger
  }

  private rehash(size = this.table.length * 2) {
    this.held(size * 4)
    const table = new Uint32Array(size)
    const mask = table.length - 1
    for (const head of this.table) {
      if (head === 0) continue
      let slot = this.records[(head - 1) * FIELDS + 6]! & mask
      while (table[slot] !== 0) slot = (slot + 1) & mask
      table[slot] = head
    }
    this.table = table
  }
}

export class IndexTooBigError extends Error {}

function grow(array: Uint32Array, size: number, held: (more: number) => void): Uint32Array {
  held(size * 4)
  const bigger = new Uint32Array(size)
  bigger.set(array)
  return bigger
}

/** The array itself when it owns its whole ArrayBuffer, else a copy that does (a small Buffer lies in a shared pool). */
export function ownBuffer<T extends Uint8Array | Uint32Array>(array: T): T {
  if (array.byteOffset === 0 && array.byteLength === array.buffer.byteLength && array.buffer instanceof ArrayBuffer) return array
  return (array instanceof Uint32Array ? new Uint32Array(array) : new Uint8Array(array)) as T
}
