import { isUtf8 } from 'node:buffer'
import { closeSync, readSync } from 'node:fs'
import type { DictionaryImage, Lexicon } from './lexicon'
import { DICTIONARY_LIMITS, type DictionaryLimits } from './limits'
import type { Meaning, MeaningQuery } from './meanings'
import { eachLine } from './lines'
import { fileSize, openInside, type AllowedPlaces } from './safe-files'
import { IndexTooBigError, normaliseTerm, TermIndexBuilder, type TermIndex } from './term-index'

/**
 * Dictionaries from another language into English, read the other way
 * round (decision 0013): EDICT (Japanese, Debian's `edict`) and CC-CEDICT
 * (Chinese). Each English gloss of an entry ("to run", "dog", "(short) run")
 * becomes a key ("run", "dog") pointing at the entry's headword with its
 * reading. The entries of a key are ranked: common words first (EDICT's
 * (P)), the gloss's place in the entry (an entry's first sense is its main
 * one), a gloss that is the whole word before one narrowed by a parenthesis,
 * short headwords before compounds, and the part of speech the gloss marks.
 */

/** Parts of speech packed into a record's rank (its top byte). */
const POS_CODES = { NOUN: 1, VERB: 2, ADJ: 3, ADV: 4 } as const
const POS_OF_CODE = ['', 'NOUN', 'VERB', 'ADJ', 'ADV']
const RANK_MASK = 0xffffff

/** Longest English key taken from a gloss: longer glosses are definitions, not words. */
const KEY_MAX_WORDS = 3

interface Gloss {
  key: string
  /** 0 for the entry's first sense, 1 for its second... */
  sense: number
  /** The gloss's place within its sense. */
  place: number
  /** The gloss named more than the key (a parenthesis, several alternatives). */
  narrowed: boolean
  pos: keyof typeof POS_CODES | undefined
}

/** The keys of one gloss: "(v1,vi) (1) to run" gives "run", a verb of sense 0. */
const NOT_A_MEANING = /^(CL:|see |see also|variant of|old variant|surname |abbr\. |used in |classifier for|Japanese variant|also written|erhua variant)/i
/** A gloss longer than this is a definition ("to pull towards oneself (e.g. someone's sleeve)"), never one word's translation: skipped before any work. */
const GLOSS_MAX_LENGTH = 80

function glossKeys(raw: string, sense: number, place: number, pos: Gloss['pos']): Gloss[] {
  if (raw.length > GLOSS_MAX_LENGTH) return []
  let text = raw
  const hadParenthesis = text.includes('(') || text.includes('{') || text.includes('[')
  if (hadParenthesis) {
    // Nested ones too: "dog (Canis (lupus) familiaris)".
    for (let before = ''; before !== text; ) {
      before = text
      text = text.replace(/\([^()]*\)|\{[^{}]*\}|\[[^[\]]*\]/g, ' ')
    }
    text = text.replace(/\s+/g, ' ')
  }
  text = text.trim()
  if (!text || NOT_A_MEANING.test(text)) return []
  const out: Gloss[] = []
  const alternatives = text.includes(';') ? text.split(/\s*;\s*/) : [text]
  for (const alternative of alternatives) {
    const isVerb = /^to /i.test(alternative)
    const bare = alternative.replace(/^(to|a|an|the) /i, '').replace(/[.!?]+$/, '')
    const key = normaliseTerm(bare)
    if (!key || key.split(' ').length > KEY_MAX_WORDS) continue
    out.push({ key, sense, place, narrowed: hadParenthesis || alternatives.length > 1, pos: isVerb ? 'VERB' : pos })
  }
  return out
}

/** `uncommon`: what an entry not marked common pays (EDICT's (P) marks the common tenth; a CC-CEDICT classifier only hints at an everyday noun). */
function rankOf(gloss: Gloss, uncommon: number, headwordLength: number): number {
  const rank = uncommon + Math.min(gloss.sense, 9) * 8 + Math.min(gloss.place, 9) * 2 + (gloss.narrowed ? 4 : 0) + Math.min(headwordLength, 6)
  return (rank & RANK_MASK) | ((gloss.pos ? POS_CODES[gloss.pos] : 0) << 24)
}

/** EDICT's part-of-speech marks: "(v5r,vt)", "(n,vs)", "(adj-i)", "(adv)". */
function edictPos(marks: string): Gloss['pos'] {
  for (const mark of marks.split(',')) {
    if (/^v/.test(mark)) return 'VERB'
    if (/^n/.test(mark)) return 'NOUN'
    if (/^adj/.test(mark)) return 'ADJ'
    if (/^adv/.test(mark)) return 'ADV'
  }
  return undefined
}

/** Builds a reverse dictionary's image: entries' display texts as UTF-8 in one buffer, keys pointing into it. */
class ReverseBuilder {
  readonly index: TermIndexBuilder
  private text: Buffer
  private length = 0

  constructor(expected: number, private readonly limits: DictionaryLimits) {
    this.index = new TermIndexBuilder(expected, limits.indexBytes / 2)
    this.text = Buffer.allocUnsafe(Math.max(1024, expected * 4))
  }

  /** Adds an entry's display text once; returns where it is. */
  add(display: string): { a: number; b: number } {
    const bytes = Buffer.byteLength(display)
    if (this.length + bytes > this.text.length) {
      const size = Math.max(this.text.length * 2, this.length + bytes)
      if (size > this.limits.indexBytes / 2) throw new IndexTooBigError(`its headwords would take over ${Math.round(this.limits.indexBytes / 2 / 1048576)} MB`)
      const bigger = Buffer.allocUnsafe(size)
      this.text.copy(bigger, 0, 0, this.length)
      this.text = bigger
    }
    const at = { a: this.length, b: bytes }
    this.length += this.text.write(display, this.length, 'utf8')
    return at
  }

  build(): DictionaryImage {
    return { index: this.index.build().image(), text: new Uint8Array(this.text.subarray(0, this.length)), dropped: 0 }
  }
}

/** A reverse dictionary's meanings: the headwords its keys point at, best ranked first, the sentence's part of speech before others. */
export function reverseLexicon(index: TermIndex, all: Buffer): Omit<Lexicon, 'terms' | 'bytes' | 'close'> {
  return {
    meanings(query: MeaningQuery) {
      const out: Meaning[] = []
      const pos = query.pos === 'AUX' ? 'VERB' : query.pos === 'PROPN' ? 'NOUN' : query.pos
      const seen = new Set<string>()
      for (const key of query.keys) {
        if (key.kind === 'frame') continue
        for (const record of index.get(key.term)) {
          const text = all.toString('utf8', record.a, record.a + record.b)
          if (seen.has(text)) continue
          seen.add(text)
          const entryPos = POS_OF_CODE[record.c >>> 24]
          let score = -(record.c & RANK_MASK) * 0.1 - (key.kind === 'form' ? 1 : 0)
          if (entryPos && POS_OF_CODE.includes(pos)) score += entryPos === pos ? 3 : -3
          out.push({ text, score })
        }
      }
      return out
    },
  }
}

/**
 * Each line of a file, decoded as UTF-8 when its start is, else as `legacy`
 * (Debian's EDICT is EUC-JP, its first line already in it): read by chunk,
 * never the whole file at once; a line over the limit refuses the file.
 */
function eachTextLine(file: string, places: AllowedPlaces, legacy: string, limits: DictionaryLimits, line: (text: string) => void): void {
  const { fd, size } = openInside(file, places)
  let start: Buffer
  try {
    start = Buffer.alloc(Math.min(size, ENCODING_SAMPLE_BYTES))
    readSync(fd, start, 0, start.length, 0)
  } finally {
    closeSync(fd)
  }
  // The sample may end inside a character: judged up to its last line break.
  const cut = start.lastIndexOf(10)
  const decoder = isUtf8(start.subarray(0, cut > 0 && start.length < size ? cut : start.length)) ? undefined : new TextDecoder(legacy)
  eachLine(file, places, (bytes, from, to) => {
    const stop = to > from && bytes[to - 1] === 13 ? to - 1 : to
    line(decoder ? decoder.decode(bytes.subarray(from, stop)) : bytes.toString('utf8', from, stop))
  }, limits)
}

const ENCODING_SAMPLE_BYTES = 256 * 1024

/** About how many entries a file of `file`'s size holds, to size the index. */
const expectedEntries = (bytes: number) => Math.ceil(bytes / 60)

/**
 * EDICT / EDICT2 (Japanese-English, the Electronic Dictionary Research and
 * Development Group's): `KANJI [KANA] /(pos) (1) gloss/gloss/(2) gloss/(P)/`;
 * EDICT2 lists variants with ";" and ends with an EntL id. Shown as "駆ける [かける]".
 */
export function indexEdict(file: string, places: AllowedPlaces, limits = DICTIONARY_LIMITS): DictionaryImage {
  const builder = new ReverseBuilder(expectedEntries(Math.min(fileSize(file, places), limits.indexFileBytes)) * 3, limits)
  eachTextLine(file, places, 'euc-jp', limits, (line) => {
    const slash = line.indexOf(' /')
    if (slash <= 0 || line.startsWith('　？？？')) return
    const head = line.slice(0, slash)
    const m = /^([^\s[]+)(?:\s+\[([^\]]+)\])?/.exec(head)
    if (!m) return
    const written = m[1]!.split(';')[0]!.replace(/\([^()]*\)/g, '')
    const reading = m[2]?.split(';')[0]?.replace(/\([^()]*\)/g, '')
    const glosses = line.slice(slash + 2).split('/')
    const common = glosses.includes('(P)')
    let sense = 0
    let place = 0
    let pos: Gloss['pos']
    let where: { a: number; b: number } | undefined
    for (const raw of glosses) {
      if (raw === '' || raw === '(P)' || raw.startsWith('EntL')) continue
      let gloss = raw
      // Leading marks: "(v5r,vt) (2) to string (lines)": part of speech, then the sense number.
      for (let mark = gloss.startsWith('(') ? /^\(([^()]*)\)\s*/.exec(gloss) : null; mark; mark = gloss.startsWith('(') ? /^\(([^()]*)\)\s*/.exec(gloss) : null) {
        const inside = mark[1]!
        const marked = edictPos(inside)
        if (/^\d+$/.test(inside)) {
          const number = Number(inside) - 1
          if (number !== sense) place = 0
          sense = number
        } else if (marked) pos = marked
        else if (!/^[a-z0-9,-]+$/.test(inside)) break
        gloss = gloss.slice(mark[0].length)
      }
      for (const g of glossKeys(gloss, sense, place, pos)) {
        where ??= builder.add(reading && reading !== written ? `${written} [${reading}]` : written)
        builder.index.add(g.key, where.a, where.b, rankOf(g, common ? 0 : 60, written.length))
      }
      place++
    }
  })
  return builder.build()
}

const TONE_MARKS: Record<string, string[]> = {
  a: ['ā', 'á', 'ǎ', 'à'],
  e: ['ē', 'é', 'ě', 'è'],
  i: ['ī', 'í', 'ǐ', 'ì'],
  o: ['ō', 'ó', 'ǒ', 'ò'],
  u: ['ū', 'ú', 'ǔ', 'ù'],
  ü: ['ǖ', 'ǘ', 'ǚ', 'ǜ'],
}

/** CC-CEDICT's numbered pinyin as written with tone marks: "gou3" is "gǒu", "lu:4" is "lǜ", "xian4 zai4" is "xiànzài". */
export function pinyinWithMarks(numbered: string): string {
  return numbered
    .split(/\s+/)
    .map((syllable) => {
      const m = /^([a-zü:]+)([1-5])$/i.exec(syllable)
      if (!m) return syllable
      const letters = m[1]!.replace(/u:/gi, 'ü').replace(/v/g, 'ü')
      const tone = Number(m[2])
      if (tone === 5) return letters
      // The mark goes on a or e; on the o of "ou"; otherwise on the last vowel.
      const lower = letters.toLowerCase()
      let at = lower.search(/[ae]/)
      if (at < 0) at = lower.indexOf('ou')
      if (at < 0) {
        for (let i = lower.length - 1; i >= 0; i--) {
          if ('aeiouü'.includes(lower[i]!)) {
            at = i
            break
          }
        }
      }
      if (at < 0) return letters
      const vowel = lower[at]!
      const marked = TONE_MARKS[vowel]?.[tone - 1]
      if (!marked) return letters
      const upper = letters[at] !== vowel
      return letters.slice(0, at) + (upper ? marked.toUpperCase() : marked) + letters.slice(at + 1)
    })
    .join('')
}

/**
 * CC-CEDICT (Chinese-English, MDBG's, CC BY-SA 4.0): `TRAD SIMP [pin1 yin1]
 * /gloss/gloss/`. Names (capitalised pinyin) are left out. Shown as
 * "狗 gǒu", with the traditional form in brackets when it differs: "马 [馬] mǎ".
 */
export function indexCedict(file: string, places: AllowedPlaces, limits = DICTIONARY_LIMITS): DictionaryImage {
  const builder = new ReverseBuilder(expectedEntries(Math.min(fileSize(file, places), limits.indexFileBytes)) * 3, limits)
  eachTextLine(file, places, 'utf-8', limits, (line) => {
    if (line.startsWith('#')) return
    const m = /^(\S+) (\S+) \[([^\]]*)\] \/(.*)\/\s*$/.exec(line)
    if (!m) return
    const [, traditional, simplified, pinyin, body] = m as unknown as [string, string, string, string, string]
    if (/^[A-Z]/.test(pinyin)) return
    const glosses = body.split('/')
    const hasClassifier = glosses.some((g) => g.startsWith('CL:'))
    let where: { a: number; b: number } | undefined
    let place = 0
    for (const gloss of glosses) {
      for (const g of glossKeys(gloss, 0, place, hasClassifier ? 'NOUN' : undefined)) {
        where ??= builder.add(`${simplified}${traditional !== simplified ? ` [${traditional}]` : ''} ${pinyinWithMarks(pinyin)}`)
        // A noun with a classifier is an everyday noun: a little ahead of one without.
        builder.index.add(g.key, where.a, where.b, rankOf(g, hasClassifier ? 0 : 10, [...simplified].length))
      }
      place++
    }
  })
  return builder.build()
}
