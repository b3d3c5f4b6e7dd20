import { lemmaOf, wordTokens, type WordToken } from '../../vocabulary/lemmatise'
import { spokenRank } from '../../vocabulary/spoken-rank'
import { candidateLemmas, type PosHint } from './lemmas'
import { posInContext, posIsCertain } from './pos-in-context'
import type { Sense, WordNet } from './wordnet'
import { resolveWord, STOPWORDS, tokenize, WORDNET_POS, type WordInSentence } from './word-reading'

/**
 * The one sense-choice function (ARCHITECTURE.md section 14, docs/vocabulary.md): the
 * lookup popover, the offline tutor's explanations and its card proposals
 * all read a word's sense in its sentence from here.
 *
 * Each sense of the word is scored by how much its signature shares with
 * the context (extended Lesk), weighted by how often that sense is used:
 *
 *   score = log P(sense) + OVERLAP_WEIGHT * overlap
 *
 * - P(sense) comes from the SemCor tag counts of WordNet's index.sense
 *   (add-PRIOR_SMOOTHING smoothing), decaying with WordNet's own order for
 *   senses never tagged: without evidence the most frequent sense wins.
 * - The signature of a sense is its definition, examples and synonyms, and,
 *   at RELATED_WEIGHT, the words and definitions of the synsets WordNet links
 *   to it (Sense.related). Words are compared as base forms, so "deposits"
 *   meets "deposit".
 * - A shared word counts by how rare it is in spoken English (SUBTLEX-US
 *   rank): "river" tells more than "make".
 *
 * The weights were set on the even-numbered half of the first 148 cases of
 * test/sense-choice/labelled.tsv and checked on the other half and on the
 * everyday sentences added after; `npm run bench vocabulary` prints the
 * share right against WordNet's first sense. A grid search over the
 * uncached weights on the tuning half (test/sense-choice/fit-weights.ts)
 * finds a plateau: no setting gains more than one case of 118 over these,
 * so they stay; test/sense-choice/misses.ts prints each miss with its scores.
 */
export const SENSE_WEIGHTS = {
  OVERLAP_WEIGHT: 2,
  RELATED_WEIGHT: 0.3,
  PRIOR_SMOOTHING: 3,
  /** Each place down WordNet's order multiplies an untagged sense's prior by this. */
  ORDER_DECAY: 0.6,
  /** The part of speech the sentence suggests (the tagger slips: "the key to", "the light when"). */
  POS_BONUS: 4,
  /** 1: only senses of the suggested part of speech; 0: a bonus for them. */
  HARD_POS: 0,
  /** How many of a context word's own senses lend it their words (most frequent first). */
  CONTEXT_SENSES: 2,
  /** The share of a context word's weight its senses' synonyms carry. */
  CONTEXT_SYNONYMS: 0.8,
  /** The share its senses' linked words (broader, narrower...) carry. */
  CONTEXT_RELATED: 0.2,
  /** The share its senses' definitions carry. */
  CONTEXT_GLOSS: 0.15,
  /** A name's sense ("Bill" the person) for a word written in lower case. */
  NAME_PENALTY: 5,
  /** A verb sense whose sentence frames fit what follows the verb ("consider how much": a clause). */
  FRAME_BONUS: 2,
  /** A verb sense WordNet only knows without an object ("run": move fast) when an object follows ("runs a hotel"). */
  NO_OBJECT_PENALTY: 3,
  /** The sense a compound of the word before and this one is filed under ("kitchen table": a table, the furniture). */
  COMPOUND_BONUS: 4,
}

/** WordNet's verb frames (frames.vrb) for a clause after the verb: "that CLAUSE", "whether INFINITIVE", "It ----s that CLAUSE". */
const CLAUSE_FRAMES = [26, 29, 34]
/** ... for "to" and a verb after it: "----s to somebody"-free ones, "to INFINITIVE", "INFINITIVE". */
const INFINITIVE_FRAMES = [28, 32, 35]
/** ... for a verb in -ing after it. */
const GERUND_FRAMES = [33]
/** ... for an object after it ("runs a company", "catch the ball"): "Somebody ----s something", "Somebody ----s somebody" and the frames built on them. */
export const OBJECT_FRAMES = [8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25]
const OBJECT_TAGS = new Set(['DET', 'NOUN', 'PROPN', 'PRON', 'NUM'])
const CLAUSE_WORDS = new Set(['whether', 'if', 'how', 'what', 'why', 'where', 'when', 'who', 'which'])

/** The frames what follows the verb in the context points to, if it points to any. */
function framesAfter(tokens: WordToken[], word: WordInSentence): number[] | undefined {
  const at = tokens.findIndex((t) => t.form === word.form.toLowerCase())
  const next = tokens[at + 1]
  if (at < 0 || !next) return undefined
  if (CLAUSE_WORDS.has(next.form) || (next.form === 'that' && next.pos === 'SCONJ')) return CLAUSE_FRAMES
  if (next.form === 'to' && tokens[at + 2]?.pos === 'VERB') return INFINITIVE_FRAMES
  if (next.pos === 'VERB' && next.form.endsWith('ing')) return GERUND_FRAMES
  if (OBJECT_TAGS.has(next.pos)) return OBJECT_FRAMES
  return undefined
}

/**
 * The senses of the word that a WordNet compound of it and the word before
 * it is, or is filed under: "kitchen table" is a table (furniture), "the
 * Labour Party" a party (political), "bathroom scale" a scale (for weighing).
 */
async function compoundSenses(wordnet: WordNet | undefined, tokens: WordToken[], word: WordInSentence): Promise<Set<string>> {
  const at = tokens.findIndex((t) => t.form === word.form.toLowerCase())
  const before = tokens[at - 1]
  if (!wordnet || at < 1 || !before || !['NOUN', 'PROPN', 'ADJ'].includes(before.pos)) return new Set()
  const compounds = (await wordnet.senses(`${before.form}_${word.lemma}`)).filter((s) => s.pos === 'n')
  return new Set(compounds.flatMap((s) => [`n${s.offset}`, ...s.broader]))
}

export interface ScoredSense {
  sense: Sense
  score: number
  /** The weighted context words the sense's signature shares. */
  overlap: number
}

export interface SenseChoice {
  best: Sense
  /** Every sense considered, best first. */
  ranked: ScoredSense[]
}

/** How much a shared word tells: the rarer in spoken English, the more (1 for the top 100 words, about 3 for a word past 10,000). */
function weightOf(lemma: string): number {
  const rank = spokenRank(lemma)
  return Math.max(0.5, Math.log10(rank ?? 100_000) - 1)
}

/** Base forms a word of a gloss may stand for ("deposits" -> deposit, "banking" -> bank). */
function basesOf(word: string): string[] {
  return [word, ...candidateLemmas(word).map((c) => c.lemma)]
}

type Signature = Map<string, number>
const signatures = new WeakMap<Sense, Signature>()

/** A sense's words, each with its share (own words 1, linked synsets' words RELATED_WEIGHT). */
function signatureOf(sense: Sense): Signature {
  let found = signatures.get(sense)
  if (found) return found
  found = new Map()
  const add = (text: string, share: number) => {
    for (const token of contentWords(text)) for (const base of basesOf(token)) if ((found!.get(base) ?? 0) < share) found!.set(base, share)
  }
  for (const text of [sense.definition, ...sense.examples, ...sense.synonyms]) add(text, 1)
  for (const text of sense.related) add(text, SENSE_WEIGHTS.RELATED_WEIGHT)
  signatures.set(sense, found)
  return found
}

/** Words of a text, lower case, without short and function words. */
const contentWords = (text: string) => tokenize(text.toLowerCase()).filter((t) => t.length >= 3 && !STOPWORDS.has(t))

/**
 * The context's content words, as lemmas with their forms and other base
 * forms, each with its weight; the word itself left out. Each is widened by
 * its own most frequent senses in WordNet: their synonyms, linked words and
 * definitions, at a share of its weight ("percent" brings "percentage",
 * "football" brings "game" and "sport").
 */
async function contextOf(wordnet: WordNet | undefined, word: WordInSentence, context: string): Promise<Map<string, number>> {
  const { CONTEXT_SENSES, CONTEXT_SYNONYMS, CONTEXT_RELATED, CONTEXT_GLOSS } = SENSE_WEIGHTS
  const out = new Map<string, number>()
  const own = new Set([word.lemma, word.form.toLowerCase(), ...word.lemma.split(/[_ -]/)])
  const put = (text: string, weight: number) => {
    for (const base of basesOf(text)) if (!own.has(base) && (out.get(base) ?? 0) < weight) out.set(base, weight)
  }
  const tokens = wordTokens(context).filter(
    (t) => t.form.length >= 3 && !STOPWORDS.has(t.form) && !STOPWORDS.has(t.lemma) && !own.has(t.form) && !own.has(t.lemma),
  )
  for (const token of tokens) {
    const weight = weightOf(token.lemma)
    put(token.lemma, weight)
    put(token.form, weight)
  }
  if (!wordnet) return out
  const widened = await Promise.all(tokens.map(async (token) => ({ token, shares: await widening(wordnet, token) })))
  for (const { token, shares } of widened) {
    const weight = weightOf(token.lemma)
    for (const [base, share] of shares) if (!own.has(base) && (out.get(base) ?? 0) < weight * share) out.set(base, weight * share)
  }
  return out
}

/** Per context word (lemma and part of speech), the base forms its senses bring, each with its share: made once. */
const widenings = new Map<string, Promise<Map<string, number>>>()
function widening(wordnet: WordNet, token: WordToken): Promise<Map<string, number>> {
  const pos = WORDNET_POS[token.pos]
  const key = `${token.lemma}|${pos ?? ''}`
  let found = widenings.get(key)
  if (!found) {
    found = wordnet.senses(token.lemma).then((all) => {
      const { CONTEXT_SENSES, CONTEXT_SYNONYMS, CONTEXT_RELATED, CONTEXT_GLOSS } = SENSE_WEIGHTS
      const shares = new Map<string, number>()
      const put = (text: string, share: number) => {
        for (const w of contentWords(text)) for (const base of basesOf(w)) if ((shares.get(base) ?? 0) < share) shares.set(base, share)
      }
      for (const sense of all.filter((s) => !s.proper && (!pos || s.pos === pos)).slice(0, CONTEXT_SENSES)) {
        for (const synonym of sense.synonyms) put(synonym, CONTEXT_SYNONYMS)
        for (const related of sense.related) put(related, CONTEXT_RELATED)
        put(sense.definition, CONTEXT_GLOSS)
      }
      return shares
    })
    // The words of a few episodes: a bound on memory, not a cache to tune.
    if (widenings.size > 20_000) widenings.clear()
    widenings.set(key, found)
  }
  return found
}

/** log P(sense): tag counts smoothed, WordNet's order breaking ties among untagged senses. */
function priorsOf(senses: Sense[]): number[] {
  const { PRIOR_SMOOTHING, ORDER_DECAY } = SENSE_WEIGHTS
  const mass = senses.map((s) => (s.count + PRIOR_SMOOTHING) * ORDER_DECAY ** s.rank)
  const total = mass.reduce((a, b) => a + b, 0)
  return mass.map((m) => Math.log(m / total))
}

/**
 * The sense of a word meant in this context, and every other sense ranked
 * after it. The part of speech the sentence suggests (the word's hint: the
 * tagger's reading) earns a bonus rather than a filter: the tagger slips
 * ("the key to my door" read as an adjective).
 */
export async function chooseSense(word: WordInSentence, context: string, wordnet?: WordNet): Promise<SenseChoice> {
  const { OVERLAP_WEIGHT, POS_BONUS, NAME_PENALTY, HARD_POS } = SENSE_WEIGHTS
  const ofPos = (HARD_POS || word.hintCertain) && word.hint ? word.senses.filter((s) => s.pos === word.hint) : []
  const candidates = ofPos.length > 0 ? ofPos : word.senses
  const bag = await contextOf(wordnet, word, context)
  // P(sense | part of speech): which part of speech the sentence uses is the tagger's to say (the bonus), not the tag counts'.
  const priors = new Map<Sense, number>()
  for (const pos of new Set(candidates.map((s) => s.pos))) {
    const same = candidates.filter((s) => s.pos === pos)
    priorsOf(same).forEach((p, i) => priors.set(same[i]!, p))
  }
  const lowerCase = word.form === word.form.toLowerCase()
  const tokens = wordTokens(context)
  const frames = framesAfter(tokens, word)
  const compound = await compoundSenses(wordnet, tokens, word)
  const ranked = candidates.map((sense): ScoredSense => {
    const signature = signatureOf(sense)
    let overlap = 0
    for (const [lemma, weight] of bag) {
      const share = signature.get(lemma)
      if (share) overlap += weight * share
    }
    const posBonus = word.hint && sense.pos === word.hint ? POS_BONUS : 0
    // A name's sense for a word in lower case ("bill") loses, and so does a common sense for a name ("John" is not a toilet).
    const name = (sense.proper && lowerCase) || (!sense.proper && word.name) ? NAME_PENALTY : 0
    const frame = frames && sense.frames.some((f) => frames.includes(f)) ? SENSE_WEIGHTS.FRAME_BONUS : 0
    const noObject = frames === OBJECT_FRAMES && sense.frames.length > 0 && frame === 0 ? SENSE_WEIGHTS.NO_OBJECT_PENALTY : 0
    const compoundBonus = compound.has(`${sense.pos}${sense.offset}`) ? SENSE_WEIGHTS.COMPOUND_BONUS : 0
    return { sense, overlap, score: priors.get(sense)! + OVERLAP_WEIGHT * overlap + posBonus + frame + compoundBonus - noObject - name }
  })
  // Stable: between equal scores, WordNet's order.
  ranked.sort((a, b) => b.score - a.score)
  return { best: ranked[0]!.sense, ranked }
}

/** The part of speech the sentence gives the word the tagger read, its slips put right, and whether the syntax makes it certain (pos-in-context.ts). */
function posInSentence(reading: WordToken | undefined, sentence: string | undefined): { tag: string | undefined; certain: boolean } {
  if (!reading || !sentence) return { tag: reading?.pos, certain: false }
  const tokens = wordTokens(sentence)
  const at = tokens.findIndex((t) => t.form === reading.form)
  return at < 0 ? { tag: reading.pos, certain: false } : { tag: posInContext(tokens, at), certain: posIsCertain(tokens, at) }
}

/** A word of a sentence read for the lookup: as WordNet knows it, with the chosen sense. */
export interface SenseInSentence {
  word: WordInSentence
  /** The part of speech the sentence uses, as WordNet names it (undefined for a tag WordNet lacks). */
  pos: PosHint | undefined
  choice: SenseChoice
}

/**
 * The lookup's reading of a word in its sentence: the tagger's lemma first
 * ("ran" -> run), WordNet's own base forms when it lacks that one; senses of
 * the part of speech the sentence uses when WordNet has that one.
 */
export async function senseInSentence(wordnet: WordNet, form: string, sentence: string | undefined, reading: WordToken | undefined = lemmaOf(form, sentence)): Promise<SenseInSentence | undefined> {
  const lemma = reading?.lemma ?? form
  const resolved = (await resolveWord(wordnet, lemma, undefined, reading)) ?? (await resolveWord(wordnet, form, undefined, reading))
  if (!resolved) return undefined
  const { tag, certain } = posInSentence(reading, sentence)
  // A name the tagger reads in a common word ("the Labour Party"): WordNet's nouns.
  const pos = tag === 'PROPN' ? 'n' : tag ? WORDNET_POS[tag] : undefined
  const name = tag === 'PROPN' && form !== form.toLowerCase() && resolved.senses.some((sense) => sense.proper)
  const word = { ...resolved, form, ...(pos ? { hint: pos, hintCertain: certain } : {}), ...(name ? { name } : {}) }
  return { word, pos, choice: await chooseSense(word, sentence ?? '', wordnet) }
}
