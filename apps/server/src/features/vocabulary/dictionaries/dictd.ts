import { open } from 'node:fs/promises'
import { StringDecoder } from 'node:string_decoder'
import { articleReader, openDataFile } from './data-file'
import { slicer, type Lexicon } from './lexicon'
import { indexedMeanings } from './meanings'
import { normaliseTerm, TermIndexBuilder } from './term-index'

/** How much of an index is read at a time. */
const INDEX_CHUNK_BYTES = 256 * 1024

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

/**
 * A dictd dictionary (the format of FreeDict and of `dictfmt`): `name.index`,
 * one line per headword, `headword TAB offset TAB length` (base64 numbers)
 * into `name.dict` or its dictzip `name.dict.dz`. The index is read once into
 * a TermIndex; articles are read by offset when a word is looked up.
 */
export async function loadDictd(indexFile: string, dataFile: string): Promise<Lexicon> {
  const data = openDataFile(dataFile)
  try {
    const file = await open(indexFile, 'r')
    let builder: TermIndexBuilder
    let short: { a: number; b: number } | undefined
    try {
      // About 30 bytes a line in FreeDict's indexes.
      builder = new TermIndexBuilder(Math.ceil((await file.stat()).size / 30))
      const slices = slicer()
      /** The whole lines of `text` (its last line only when `all`); returns what is left of an unfinished one. */
      const addLines = async (text: string, all: boolean): Promise<string> => {
        for (let start = 0; start < text.length; ) {
          let end = text.indexOf('\n', start)
          if (end < 0) {
            if (!all) return text.slice(start)
            end = text.length
          }
          const t1 = text.indexOf('\t', start)
          const t2 = t1 >= 0 && t1 < end ? text.indexOf('\t', t1 + 1) : -1
          if (t1 >= 0 && t2 >= 0 && t2 < end) {
            const t3 = text.indexOf('\t', t2 + 1)
            const headword = text.slice(start, t1)
            const offset = decodeDictdNumber(text.slice(t1 + 1, t2))
            const length = decodeDictdNumber(text.slice(t2 + 1, t3 >= 0 && t3 < end ? t3 : end).trimEnd())
            if (Number.isFinite(offset) && Number.isFinite(length)) {
              // dictd's own entries (00databaseinfo, 00-database-short...): the short one is the dictionary's name.
              if (/^00-?database/.test(headword)) {
                if (/^00-?database-?short$/.test(headword)) short = { a: offset, b: length }
              } else builder.add(normaliseTerm(headword), offset, length)
            }
          }
          start = end + 1
          const turn = slices.tick()
          if (turn) await turn
        }
        return ''
      }
      // Read by chunk, not whole: English-German's 11 MB index as one string (UTF-16) and its buffer were a peak
      // of ~40 MB that the process kept as RSS long after (bench/dictionaries.bench.ts, bench/memory.bench.ts).
      const chunk = Buffer.allocUnsafe(INDEX_CHUNK_BYTES)
      const decoder = new StringDecoder('utf8')
      let rest = ''
      for (;;) {
        const { bytesRead } = await file.read(chunk, 0, chunk.length, null)
        if (bytesRead === 0) break
        rest = await addLines(rest + decoder.write(chunk.subarray(0, bytesRead)), false)
      }
      await addLines(rest + decoder.end(), true)
    } finally {
      await file.close()
    }
    const index = builder.build()
    const articles = articleReader(data)
    const title = short ? shortName(data.read(short.a, short.b).toString('utf8')) : undefined
    return {
      terms: index.terms,
      bytes: index.bytes,
      ...(title ? { title } : {}),
      meanings: indexedMeanings(index, articles),
      close: () => data.close(),
    }
  } catch (error) {
    data.close()
    throw error
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
