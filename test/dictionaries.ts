import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { constants, crc32, createGzip, deflateRawSync, gzipSync } from 'node:zlib'

/**
 * Small bilingual dictionaries made by the tests, in the formats
 * self-hosters have: dictd (plain or dictzip, as dictfmt and dictzip write
 * them), StarDict (.ifo/.idx/.dict[.dz]/.syn) and TSV.
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** A number in dictd's index notation. */
export function dictdNumber(n: number): string {
  let out = ''
  do {
    out = B64[n % 64] + out
    n = Math.floor(n / 64)
  } while (n > 0)
  return out
}

/**
 * A dictzip file: gzip whose extra field "RA" lists chunks of `chunkLength`
 * uncompressed bytes, each compressed up to a full flush so it inflates on
 * its own; the whole is still a gzip file (`gunzip` reads it).
 */
export function dictzip(text: Buffer, chunkLength = 1024): Buffer {
  const chunks: Buffer[] = []
  for (let at = 0; at < text.length; at += chunkLength) {
    const last = at + chunkLength >= text.length
    chunks.push(deflateRawSync(text.subarray(at, at + chunkLength), { finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH }))
  }
  if (chunks.length === 0) chunks.push(deflateRawSync(Buffer.alloc(0)))
  const ra = Buffer.alloc(10 + chunks.length * 2)
  ra.write('RA', 0, 'latin1')
  ra.writeUInt16LE(6 + chunks.length * 2, 2)
  ra.writeUInt16LE(1, 4)
  ra.writeUInt16LE(chunkLength, 6)
  ra.writeUInt16LE(chunks.length, 8)
  chunks.forEach((c, i) => ra.writeUInt16LE(c.length, 10 + i * 2))
  const header = Buffer.from([0x1f, 0x8b, 8, 4 | 8, 0, 0, 0, 0, 2, 3])
  const xlen = Buffer.alloc(2)
  xlen.writeUInt16LE(ra.length)
  const name = Buffer.from('dictionary.dict\0', 'latin1')
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc32(text) >>> 0, 0)
  trailer.writeUInt32LE(text.length % 2 ** 32, 4)
  return Buffer.concat([header, xlen, ra, name, ...chunks, trailer])
}

export interface DictdOptions {
  /** Write name.dict.dz (dictzip) instead of name.dict. */
  dictzip?: boolean
  chunkLength?: number
  /** 00databaseshort: the dictionary's name. */
  short?: string
}

/** A dictd dictionary `base.index` + `base.dict[.dz]` in `dir`: articles in order, each under one or more headwords. */
export function writeDictd(dir: string, base: string, articles: Array<{ headwords: string[]; text: string }>, options: DictdOptions = {}) {
  mkdirSync(dir, { recursive: true })
  const parts: Buffer[] = []
  const index: Array<[string, number, number]> = []
  let at = 0
  const add = (headwords: string[], text: string) => {
    const bytes = Buffer.from(text, 'utf8')
    for (const h of headwords) index.push([h, at, bytes.length])
    parts.push(bytes)
    at += bytes.length
  }
  if (options.short) add(['00databaseshort'], `${options.short}\n`)
  for (const a of articles) add(a.headwords, a.text)
  const data = Buffer.concat(parts)
  index.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
  writeFileSync(path.join(dir, `${base}.index`), index.map(([h, o, l]) => `${h}\t${dictdNumber(o)}\t${dictdNumber(l)}\n`).join(''))
  if (options.dictzip) writeFileSync(path.join(dir, `${base}.dict.dz`), dictzip(data, options.chunkLength))
  else writeFileSync(path.join(dir, `${base}.dict`), data)
}

export interface StardictOptions {
  bookname: string
  /** e.g. 'm' (plain text) or 'h' (HTML); none: each field carries its type letter. */
  sametypesequence?: string
  /** Other forms pointing at a headword: [form, headword]. */
  synonyms?: Array<[string, string]>
  dictzip?: boolean
  /** Write the index gzipped (name.idx.gz). */
  gzipIndex?: boolean
}

/** A StarDict dictionary `base.ifo`, `.idx`, `.dict[.dz]` and `.syn` in `dir`. `articles` are the raw article bytes' text. */
export function writeStardict(dir: string, base: string, articles: Array<{ word: string; data: Buffer | string }>, options: StardictOptions) {
  mkdirSync(dir, { recursive: true })
  // The index is sorted by headword (StarDict's order: case-folded ASCII first).
  const sorted = [...articles].sort((a, b) => a.word.toLowerCase().localeCompare(b.word.toLowerCase()))
  const dataParts: Buffer[] = []
  const idxParts: Buffer[] = []
  let at = 0
  for (const a of sorted) {
    const bytes = typeof a.data === 'string' ? Buffer.from(a.data, 'utf8') : a.data
    const entry = Buffer.alloc(Buffer.byteLength(a.word) + 9)
    entry.write(a.word, 0, 'utf8')
    entry.writeUInt32BE(at, entry.length - 8)
    entry.writeUInt32BE(bytes.length, entry.length - 4)
    idxParts.push(entry)
    dataParts.push(bytes)
    at += bytes.length
  }
  const idx = Buffer.concat(idxParts)
  const data = Buffer.concat(dataParts)
  const synonyms = options.synonyms ?? []
  const ifo = [
    "StarDict's dict ifo file",
    'version=2.4.2',
    `wordcount=${sorted.length}`,
    `idxfilesize=${idx.length}`,
    `bookname=${options.bookname}`,
    ...(options.sametypesequence ? [`sametypesequence=${options.sametypesequence}`] : []),
    ...(synonyms.length > 0 ? [`synwordcount=${synonyms.length}`] : []),
    '',
  ].join('\n')
  writeFileSync(path.join(dir, `${base}.ifo`), ifo)
  if (options.gzipIndex) writeFileSync(path.join(dir, `${base}.idx.gz`), gzipSync(idx))
  else writeFileSync(path.join(dir, `${base}.idx`), idx)
  if (options.dictzip) writeFileSync(path.join(dir, `${base}.dict.dz`), dictzip(data))
  else writeFileSync(path.join(dir, `${base}.dict`), data)
  if (synonyms.length > 0) {
    const syn = synonyms.map(([form, word]) => {
      const entry = Buffer.alloc(Buffer.byteLength(form) + 5)
      entry.write(form, 0, 'utf8')
      entry.writeUInt32BE(sorted.findIndex((a) => a.word === word), entry.length - 4)
      return entry
    })
    writeFileSync(path.join(dir, `${base}.syn`), Buffer.concat(syn))
  }
}

/** A StarDict article without sametypesequence: fields each with their type letter, text ended by NUL. */
export function stardictFields(fields: Array<[string, string]>): Buffer {
  return Buffer.concat(fields.map(([type, text]) => Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(text, 'utf8'), Buffer.from([0])])))
}

/**
 * Hostile dictionaries (ARCHITECTURE.md s16), each in `dir` under `base`,
 * each with an entry for `word` so that a reader that took it would show it.
 */
export const hostileDictionaries = {
  /** A dictzip whose chunk table lists a first chunk of 60,000 bytes in a file of a few hundred. */
  badChunkTable(dir: string, base: string, word: string) {
    const text = Buffer.from(`${word}\nHostile meaning\n`)
    const dz = dictzip(text, 1024)
    // The RA field's first chunk size: gzip header 10, XLEN 2, "RA" 2, LEN 2, VER 2, CHLEN 2, CHCNT 2.
    dz.writeUInt16LE(60_000, 22)
    writeFileSync(path.join(dir, `${base}.dict.dz`), dz)
    writeFileSync(path.join(dir, `${base}.index`), `${word}\tA\t${dictdNumber(text.length)}\n`)
  },

  /** A dictzip of one 1 KB chunk (by its table) that inflates to `bytes` of NULs (60 MB by default, from ~58 KB). */
  chunkBomb(dir: string, base: string, word: string, bytes = 60_000_000) {
    const chunk = deflateRawSync(Buffer.alloc(bytes), { level: 9 })
    if (chunk.length > 0xffff) throw new Error('a chunk bomb must fit a dictzip chunk size')
    const ra = Buffer.alloc(12)
    ra.write('RA', 0, 'latin1')
    ra.writeUInt16LE(8, 2)
    ra.writeUInt16LE(1, 4)
    ra.writeUInt16LE(1024, 6)
    ra.writeUInt16LE(1, 8)
    ra.writeUInt16LE(chunk.length, 10)
    const xlen = Buffer.alloc(2)
    xlen.writeUInt16LE(ra.length)
    writeFileSync(path.join(dir, `${base}.dict.dz`), Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 2, 3]), xlen, ra, chunk, Buffer.alloc(8)]))
    writeFileSync(path.join(dir, `${base}.index`), `${word}\tA\tBk\n`)
  },

  /** A dictd index with a good entry, then one line of `bytes` without a newline or a tab. */
  giantIndexLine(dir: string, base: string, word: string, bytes: number) {
    writeDictd(dir, base, [{ headwords: [word], text: `${word}\nHostile meaning\n` }])
    const file = path.join(dir, `${base}.index`)
    const line = Buffer.alloc(1024 * 1024, 'x')
    for (let left = bytes; left > 0; left -= line.length) writeFileSync(file, line.subarray(0, Math.min(left, line.length)), { flag: 'a' })
  },

  /** A TSV of `lines` lines without a tab. */
  tablessTsv(dir: string, base: string, lines: number) {
    writeFileSync(path.join(dir, `${base}.tsv`), 'a line of a word list that has no tab in it\n'.repeat(lines))
  },

  /** A StarDict dictionary whose .idx.gz (no idxfilesize in the .ifo) unpacks to `mb` MB, written without holding them. */
  async gzipBombIndex(dir: string, base: string, mb: number) {
    writeFileSync(path.join(dir, `${base}.ifo`), "StarDict's dict ifo file\nversion=2.4.2\nwordcount=1\nbookname=Gzip bomb\n")
    writeFileSync(path.join(dir, `${base}.dict`), 'Hostile meaning')
    const gzip = createGzip({ level: 9 })
    const parts: Buffer[] = []
    gzip.on('data', (part: Buffer) => parts.push(part))
    const zeros = Buffer.alloc(1024 * 1024)
    for (let i = 0; i < mb; i++) if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve))
    await new Promise((resolve) => gzip.end(resolve))
    writeFileSync(path.join(dir, `${base}.idx.gz`), Buffer.concat(parts))
  },
}
