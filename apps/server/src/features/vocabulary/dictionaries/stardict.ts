import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import { articleReader, openDataFile } from './data-file'
import { slicer, type Lexicon } from './lexicon'
import { indexedMeanings } from './meanings'
import { normaliseTerm, TermIndexBuilder } from './term-index'

/** The `key=value` lines of a StarDict `.ifo` file (its first line is the magic "StarDict's dict ifo file"). */
export function parseIfo(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/).slice(1)) {
    const eq = line.indexOf('=')
    if (eq > 0) out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim()
  }
  return out
}

/** The files of a StarDict dictionary beside its `.ifo`: the index (plain or gzip), the articles (plain or dictzip), synonyms. */
export function stardictFiles(ifo: string): { idx?: string; dict?: string; syn?: string } {
  const base = ifo.replace(/\.ifo$/, '')
  const first = (...names: string[]) => names.find((n) => existsSync(n))
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
 * of other forms pointing at headwords by their number in the index.
 */
export async function loadStardict(ifoFile: string): Promise<Lexicon> {
  const info = parseIfo(await readFile(ifoFile, 'utf8'))
  const files = stardictFiles(ifoFile)
  if (!files.idx || !files.dict) throw new Error(`${ifoFile}: the .idx and .dict (or .dict.dz) files must be beside the .ifo`)
  const raw = await readFile(files.idx)
  const idx = files.idx.endsWith('.gz') ? gunzipSync(raw) : raw
  const wide = info.idxoffsetbits === '64'
  const data = openDataFile(files.dict)
  try {
    const builder = new TermIndexBuilder(Number(info.wordcount) || idx.length / 20)
    // Every headword's article, by its number in the index: the .syn file points at them.
    const offsets: number[] = []
    const sizes: number[] = []
    const slices = slicer()
    let at = 0
    while (at < idx.length) {
      const end = idx.indexOf(0, at)
      if (end < 0 || end + (wide ? 12 : 8) >= idx.length + 1) break
      const word = idx.toString('utf8', at, end)
      const offset = wide ? Number(idx.readBigUInt64BE(end + 1)) : idx.readUInt32BE(end + 1)
      const size = idx.readUInt32BE(end + (wide ? 9 : 5))
      at = end + (wide ? 13 : 9)
      offsets.push(offset)
      sizes.push(size)
      builder.add(normaliseTerm(word), offset, size)
      const turn = slices.tick()
      if (turn) await turn
    }
    if (files.syn) {
      const syn = await readFile(files.syn)
      for (let s = 0; s < syn.length; ) {
        const end = syn.indexOf(0, s)
        if (end < 0 || end + 4 >= syn.length + 1) break
        const target = syn.readUInt32BE(end + 1)
        if (target < offsets.length) builder.add(normaliseTerm(syn.toString('utf8', s, end)), offsets[target]!, sizes[target]!)
        s = end + 5
        const turn = slices.tick()
        if (turn) await turn
      }
    }
    const index = builder.build()
    const sequence = info.sametypesequence || undefined
    const articles = articleReader(data, (bytes) => stardictArticleText(bytes, sequence))
    return {
      terms: index.terms,
      bytes: index.bytes,
      ...(info.bookname ? { title: info.bookname.slice(0, 120) } : {}),
      // Articles rarely repeat the headword: each line is a meaning (the headword line, if any, is dropped by the parser).
      meanings: indexedMeanings(index, articles),
      close: () => data.close(),
    }
  } catch (error) {
    data.close()
    throw error
  }
}
