import { bufferData, checkDataFile, openDataFile } from './data-file'
import type { DictionaryImage } from './lexicon'
import { DamagedError, DICTIONARY_LIMITS } from './limits'
import { eachLine } from './lines'
import type { AllowedPlaces } from './safe-files'
import { normaliseTerm, TermIndexBuilder } from './term-index'

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const B64_VALUE = new Int8Array(128).fill(-1)
for (let i = 0; i < B64.length; i++) B64_VALUE[B64.charCodeAt(i)] = i

/** dictd's index numbers: base64 digits, most significant first ("BAK3S"). NaN when not one. */
export function decodeDictdNumber(text: string): number {
  if (text === '' || text.length > 8) return Number.NaN
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const digit = B64_VALUE[text.charCodeAt(i)] ?? -1
    if (digit < 0) return Number.NaN
    n = n * 64 + digit
  }
  return n
}

/** The same, read from bytes [start, end) of a line (trailing spaces and CR ignored). */
function numberAt(bytes: Buffer, start: number, end: number): number {
  while (end > start && (bytes[end - 1] === 13 || bytes[end - 1] === 32)) end--
  return end - start > 8 ? Number.NaN : decodeDictdNumber(bytes.toString('latin1', start, end))
}

/**
 * A dictd dictionary (the format of FreeDict and of `dictfmt`): `name.index`,
 * one line per headword, `headword TAB offset TAB length` (base64 numbers)
 * into `name.dict` or its dictzip `name.dict.dz`. Run by the indexing worker:
 * the articles are checked first (their size bounds every entry), then the
 * index is read by line into a TermIndex; articles are read by offset when a
 * word is looked up. An entry outside the articles means index and articles
 * do not belong together: the dictionary is refused.
 */
export function indexDictd(indexFile: string, dataFile: string, places: AllowedPlaces, limits = DICTIONARY_LIMITS): DictionaryImage {
  const data = checkDataFile(dataFile, places, limits)
  // About 30 bytes a line in FreeDict's indexes.
  const builder = new TermIndexBuilder(64 * 1024, limits.indexBytes - (data.inflated?.byteLength ?? 0))
  let short: { a: number; b: number } | undefined
  let dropped = 0
  eachLine(indexFile, places, (bytes, start, end) => {
    const t1 = bytes.indexOf(9, start)
    if (t1 < 0 || t1 >= end) return
    const t2 = bytes.indexOf(9, t1 + 1)
    if (t2 < 0 || t2 >= end) return
    const t3 = bytes.indexOf(9, t2 + 1)
    const offset = numberAt(bytes, t1 + 1, t2)
    const length = numberAt(bytes, t2 + 1, t3 >= 0 && t3 < end ? t3 : end)
    if (!Number.isFinite(offset) || !Number.isFinite(length)) return
    if (offset + length > data.size) throw new DamagedError(`${indexFile}: an entry points past the end of its articles (${offset}+${length} of ${data.size} bytes)`)
    if (length > limits.articleBytes) {
      dropped++
      return
    }
    const headword = bytes.toString('utf8', start, t1)
    // dictd's own entries (00databaseinfo, 00-database-short...): the short one is the dictionary's name.
    if (/^00-?database/.test(headword)) {
      if (/^00-?database-?short$/.test(headword)) short = { a: offset, b: length }
    } else builder.add(normaliseTerm(headword), offset, length)
  }, limits)
  const title = short ? titleAt(dataFile, places, data.inflated, short) : undefined
  return { index: builder.build().image(), data: { file: dataFile, ...data }, dropped, ...(title ? { title } : {}) }
}

function titleAt(file: string, places: AllowedPlaces, inflated: Uint8Array | undefined, at: { a: number; b: number }): string | undefined {
  const data = inflated ? bufferData(inflated) : openDataFile(file, places)
  try {
    return shortName(data.read(at.a, Math.min(at.b, 4096)).toString('utf8'))
  } finally {
    data.close()
  }
}

/** 00databaseshort's text: FreeDict's is the name itself; dictfmt's repeats the headword first. */
function shortName(text: string): string | undefined {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !/^00-?database/.test(l))
  return line?.slice(0, 120)
}
