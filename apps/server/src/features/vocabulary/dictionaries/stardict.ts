import { gunzipSync } from 'node:zlib'
import { checkDataFile } from './data-file'
import type { DictionaryImage } from './lexicon'
import { DamagedError, DICTIONARY_LIMITS } from './limits'
import { isFileInside, mb, readInside, type AllowedPlaces } from './safe-files'
import { normaliseTerm, TermIndexBuilder } from './term-index'

/** StarDict's own limit on a headword ("less than 256 bytes"); a little room over it. */
const WORD_MAX_BYTES = 1024
const IFO_MAX_BYTES = 64 * 1024

/** The `key=value` lines of a StarDict `.ifo` file (its first line is the magic "StarDict's dict ifo file"). */
export function parseIfo(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/).slice(1)) {
    const eq = line.indexOf('=')
    if (eq > 0) out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim()
  }
  return out
}

/** The files of a StarDict dictionary beside its `.ifo` (allowed ones only): the index (plain or gzip), the articles (plain or dictzip), synonyms. */
export function stardictFiles(ifo: string, places: AllowedPlaces): { idx?: string; dict?: string; syn?: string } {
  const base = ifo.replace(/\.ifo$/, '')
  const first = (...names: string[]) => names.find((n) => isFileInside(n, places))
  return { idx: first(`${base}.idx`, `${base}.idx.gz`), dict: first(`${base}.dict.dz`, `${base}.dict`), syn: first(`${base}.syn`) }
}

/** Markup (HTML, Pango, XDXF) as text lines: breaks and block ends become new lines, tags go, entities are read. */
export function markupToText(markup: string): string {
  return markup
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d|blockquote|def)>/gi, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => {
      const named: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
      if (named[name.toLowerCase()]) return named[name.toLowerCase()]!
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : entity
    })
}

const TEXT_TYPES = new Set(['m', 'l', 'g', 'x', 'h', 'k', 'w'])
const MARKUP_TYPES = new Set(['g', 'x', 'h', 'k'])

/**
 * An article's text fields. With `sametypesequence` ("m", "tm", "h"...) the
 * fields come in that order without their type letters; otherwise each
 * starts with its letter. Lower-case types are text ended by a NUL (the last
 * field by the article's end), upper-case ones are binary with a 32-bit size.
 * Phonetics ('t') and resources are left out.
 */
export function stardictArticleText(data: Buffer, sametypesequence: string | undefined): string {
  const parts: string[] = []
  let at = 0
  const field = (type: string, last: boolean) => {
    if (type >= 'a' && type <= 'z') {
      let end = last ? data.length : data.indexOf(0, at)
      if (end < 0) end = data.length
      const text = data.toString('utf8', at, end)
      at = end + 1
      if (TEXT_TYPES.has(type)) parts.push(MARKUP_TYPES.has(type) ? markupToText(text) : text)
    } else {
      const size = last ? data.length - at : at + 4 <= data.length ? data.readUInt32BE(at) : 0
      at += (last ? 0 : 4) + size
    }
  }
  if (sametypesequence) {
    for (let i = 0; i < sametypesequence.length && at <= data.length; i++) field(sametypesequence[i]!, i === sametypesequence.length - 1)
  } else {
    while (at < data.length) {
      const type = String.fromCharCode(data[at]!)
      at++
      field(type, false)
    }
  }
  return parts.join('\n')
}

/**
 * A StarDict dictionary (GoldenDict's and many shared dictionaries' format):
 * `name.ifo` (bookname, wordcount, sametypesequence, idxoffsetbits), `name.idx`
 * (or `.idx.gz`): per headword its UTF-8 text, a NUL, then the article's
 * offset and size (32-bit big-endian; 64-bit offsets with idxoffsetbits=64),
 * `name.dict` or `name.dict.dz` with the articles, and an optional `name.syn`
 * of other forms pointing at headwords by their number in the index. Run by
 * the indexing worker; a gzipped index is unpacked to no more than the .ifo's
 * idxfilesize says (or the limit), so a small bomb stops early.
 */
export function indexStardict(ifoFile: string, places: AllowedPlaces, limits = DICTIONARY_LIMITS): DictionaryImage {
  const info = parseIfo(readInside(ifoFile, places, IFO_MAX_BYTES).toString('utf8'))
  const files = stardictFiles(ifoFile, places)
  if (!files.idx || !files.dict) throw new DamagedError(`${ifoFile}: the .idx and .dict (or .dict.dz) files must be beside the .ifo`)
  const declared = Number(info.idxfilesize)
  const idxMax = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, limits.indexFileBytes) : limits.indexFileBytes
  const raw = readInside(files.idx, places, limits.indexFileBytes)
  let idx = raw
  if (files.idx.endsWith('.gz')) {
    try {
      idx = gunzipSync(raw, { maxOutputLength: idxMax })
    } catch (error) {
      throw new DamagedError(`${files.idx} does not unpack within ${mb(idxMax)}: ${(error as Error).message}`)
    }
  }
  const wide = info.idxoffsetbits === '64'
  const data = checkDataFile(files.dict, places, limits)
  const builder = new TermIndexBuilder(Math.min(Number(info.wordcount) || 0, idx.length / 10) || idx.length / 20, limits.indexBytes - (data.inflated?.byteLength ?? 0))
  // Every headword's article, by its number in the index: the .syn file points at them.
  const offsets: number[] = []
  const sizes: number[] = []
  let dropped = 0
  const fixed = wide ? 12 : 8
  for (let at = 0; at < idx.length; ) {
    const end = idx.indexOf(0, at)
    if (end < 0 || end + fixed >= idx.length) break
    if (end - at > WORD_MAX_BYTES) throw new DamagedError(`${files.idx}: a headword is over ${WORD_MAX_BYTES} bytes (at byte ${at})`)
    const offset = wide ? Number(idx.readBigUInt64BE(end + 1)) : idx.readUInt32BE(end + 1)
    const size = idx.readUInt32BE(end + 1 + fixed - 4)
    if (offset + size > data.size) throw new DamagedError(`${files.idx}: an entry points past the end of its articles (${offset}+${size} of ${data.size} bytes)`)
    offsets.push(offset)
    sizes.push(size)
    if (size > limits.articleBytes) dropped++
    else builder.add(normaliseTerm(idx.toString('utf8', at, end)), offset, size)
    at = end + 1 + fixed
  }
  if (files.syn) {
    const syn = readInside(files.syn, places, limits.indexFileBytes)
    for (let s = 0; s < syn.length; ) {
      const end = syn.indexOf(0, s)
      if (end < 0 || end + 4 >= syn.length) break
      if (end - s > WORD_MAX_BYTES) throw new DamagedError(`${files.syn}: a word is over ${WORD_MAX_BYTES} bytes (at byte ${s})`)
      const target = syn.readUInt32BE(end + 1)
      if (target < offsets.length && sizes[target]! <= limits.articleBytes) builder.add(normaliseTerm(syn.toString('utf8', s, end)), offsets[target]!, sizes[target]!)
      s = end + 5
    }
  }
  return {
    index: builder.build().image(),
    data: { file: files.dict, ...data },
    dropped,
    ...(info.sametypesequence ? { sequence: info.sametypesequence.slice(0, 16) } : {}),
    ...(info.bookname ? { title: info.bookname.slice(0, 120) } : {}),
  }
}
