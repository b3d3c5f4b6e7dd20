import type { WordStatus } from '@lingocast/contract'
import { lemmaOf, wordTokens, type WordToken } from '../../vocabulary/lemmatise'
import { EVERYDAY_RANK, spokenRank } from '../../vocabulary/spoken-rank'
import type { LearnerWords } from '../provider'
import { candidateLemmas, normalizeWord, type Lemma, type PosHint } from './lemmas'
import { chooseSense } from './sense-choice'
import type { Sense, WordNet } from './wordnet'

/** Function words and the most common verbs: never worth a flashcard, even when WordNet knows them. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does
doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just
let me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the
their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself yourselves yes oh ok okay mr mrs miss sir one two three four five six seven eight nine ten get got go
going gone might must shall may ought make made say said see saw seen come came know knew think thought take took want like well really thing things way lot gonna wanna yeah`.split(/\s+/),
)

/** A learner with at least this many known words has marked a beginner's vocabulary (the placement's first level): what is still new to them, they do not know. */
export const MARKED_VOCABULARY = 500

export interface WordInSentence {
  /** As written in the sentence. */
  form: string
  lemma: string
  senses: Sense[]
  frequency: number
  /** Part of speech suggested by the tagger, the ending or the word before it. */
  hint?: PosHint
  /** A hyphenated word WordNet lacks as a whole ("ill-disposed"): its parts as WordNet knows them; `senses` is then empty. */
  parts?: WordInSentence[]
}

/** Words of a text, letters and inner apostrophes or hyphens only. */
export function tokenize(text: string): string[] {
  return text.match(/[A-Za-z\u00C0-\u024F]+(?:['\u2019-][A-Za-z\u00C0-\u024F]+)*/g) ?? []
}

const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'this', 'that', 'these', 'those'])

/** A part-of-speech hint from the word before: "to admit" is a verb, "the estate" a noun. */
function hintFromContext(previous: string | undefined, word: string): PosHint | undefined {
  const p = previous?.toLowerCase()
  if (p === 'to' || p === 'will' || p === 'would' || p === 'can' || p === 'could' || p === 'should' || p === 'must') return 'v'
  if (p && DETERMINERS.has(p)) return 'n'
  if (/ly$/i.test(word)) return 'r'
  return undefined
}

/**
 * WordNet's parts of speech for the tagger's universal ones. WordNet has no
 * interjections: "please" in "Please repeat this sentence" is its adverb
 * ("used in polite request"), not the verb ("give pleasure to").
 */
export const WORDNET_POS: Record<string, PosHint> = { NOUN: 'n', VERB: 'v', AUX: 'v', ADJ: 'a', ADV: 'r', INTJ: 'r' }

/**
 * Base forms to look up, best first: the lemmatiser's reading of the word (in
 * its sentence when known), then the suffix rules as a fallback for forms it
 * leaves alone that WordNet only knows by another base.
 */
function candidatesOf(form: string, reading: WordToken | undefined): Lemma[] {
  const fallback = candidateLemmas(form)
  // A phrase ("turn_up") is looked up as written.
  if (form.includes('_') || !reading) return fallback
  const pos = WORDNET_POS[reading.pos]
  const first: Lemma = pos ? { lemma: reading.lemma, pos } : { lemma: reading.lemma }
  return [first, ...fallback.filter((c) => c.lemma !== first.lemma || (c.pos && c.pos !== first.pos))]
}

/** The word's base form that WordNet knows, with its senses; undefined for unknown words. */
export async function resolveWord(wordnet: WordNet, form: string, previous?: string, reading: WordToken | undefined = lemmaOf(form)): Promise<WordInSentence | undefined> {
  for (const candidate of candidatesOf(form, reading)) {
    const senses = await wordnet.senses(candidate.lemma)
    if (senses.length === 0) continue
    const hint = candidate.pos ?? hintFromContext(previous, form)
    return { form, lemma: candidate.lemma, senses, frequency: await wordnet.frequency(candidate.lemma), ...(hint ? { hint } : {}) }
  }
  return undefined
}

/** The tagger's parts of speech a learner learns words of: not names, numbers, pronouns, determiners, auxiliaries or particles. */
const OPEN_CLASS = new Set(['NOUN', 'VERB', 'ADJ', 'ADV', 'INTJ', 'ADP', 'SCONJ', 'X'])

/** A word of a sentence with what the learner knows of it and how common it is. */
export interface SentenceWord {
  word: WordInSentence
  /** The learner's status of its lemma; new without one. */
  status: WordStatus
  /** Its rank in spoken English (SUBTLEX-US); undefined for a word spoken English rarely uses. */
  rank: number | undefined
}

/** Least known first: new before learning before known; then the rarer; between equals, the longer word. */
const STATUS_ORDER: Record<WordStatus, number> = { new: 0, learning: 1, known: 2, ignored: 3 }
function leastKnownFirst(a: SentenceWord, b: SentenceWord): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    (b.rank ?? Number.POSITIVE_INFINITY) - (a.rank ?? Number.POSITIVE_INFINITY) ||
    b.word.lemma.length - a.word.lemma.length
  )
}

/**
 * The content words of a sentence WordNet can explain, each once, with the
 * learner's status and its spoken frequency. Function words, names and words
 * the learner ignores are left out.
 */
export async function wordsOfSentence(wordnet: WordNet, sentence: string, learner?: LearnerWords): Promise<SentenceWord[]> {
  const tokens = tokenize(sentence)
  const readings = readingsOf(sentence)
  const seen = new Set<string>()
  const found: SentenceWord[] = []
  for (let i = 0; i < tokens.length; i++) {
    const form = tokens[i]!
    const lower = normalizeWord(form)
    if (lower.length < 3 || STOPWORDS.has(lower) || seen.has(lower)) continue
    seen.add(lower)
    const reading = readings.get(form.toLowerCase().replace(/\u2019/g, "'"))
    // A name (Dashwood, Norland) is not vocabulary; without the tagger's word, a capital inside the sentence says so.
    if (reading ? !OPEN_CLASS.has(reading.pos) : i > 0 && /^[A-Z]/.test(form) && !/^I$/.test(form)) continue
    const lemma = reading?.lemma ?? lower
    const status = learner?.statuses.get(lemma) ?? 'new'
    if (status === 'ignored') continue
    const word = (await resolveWord(wordnet, form, tokens[i - 1], reading)) ?? (await resolveCompound(wordnet, form, reading))
    if (!word || STOPWORDS.has(word.lemma)) continue
    found.push({ word, status, rank: spokenRank(form, lemma) })
  }
  return found
}

/**
 * The harder words of a sentence for this learner, least known first: not
 * words they know, and among the words still new to them only those outside
 * the everyday words of spoken English (the placement's first two frequency
 * bands), unless their marks already cover a beginner's vocabulary. Words
 * they are learning count too.
 */
export async function pickHardWords(wordnet: WordNet, sentence: string, learner?: LearnerWords, max = 3): Promise<WordInSentence[]> {
  const hasVocabulary = (learner?.known ?? 0) >= MARKED_VOCABULARY
  const hard = (await wordsOfSentence(wordnet, sentence, learner)).filter(
    (w) => w.status === 'learning' || (w.status === 'new' && (hasVocabulary || w.rank === undefined || w.rank > EVERYDAY_RANK)),
  )
  return hard
    .sort(leastKnownFirst)
    .slice(0, max)
    .map((w) => w.word)
}

/** The words of a sentence this learner knows least (new before learning before known, rarer first), however common. */
export async function leastKnownWords(wordnet: WordNet, sentence: string, learner?: LearnerWords, max = 3): Promise<WordInSentence[]> {
  return (await wordsOfSentence(wordnet, sentence, learner))
    .sort(leastKnownFirst)
    .slice(0, max)
    .map((w) => w.word)
}

/**
 * A hyphenated word WordNet lacks as a whole ("ill-disposed"), read from its
 * parts when WordNet knows every one: a leading part as the adverb it
 * combines as ("ill" = badly), the last as the adjective or noun it is.
 */
export async function resolveCompound(wordnet: WordNet, form: string, reading: WordToken | undefined): Promise<WordInSentence | undefined> {
  const pieces = form.split(/-/).filter(Boolean)
  if (pieces.length < 2) return undefined
  const parts: WordInSentence[] = []
  for (const [i, piece] of pieces.entries()) {
    const part = await resolveWord(wordnet, piece, undefined, lemmaOf(piece))
    if (!part) return undefined
    const last = i === pieces.length - 1
    const prefer: PosHint[] = last ? ['a', 'n', 'v', 'r'] : ['r', 'a', 'n', 'v']
    const hint = prefer.find((p) => part.senses.some((s) => s.pos === p))
    parts.push({ ...part, form: piece, ...(hint ? { hint, senses: part.senses.filter((s) => s.pos === hint) } : {}) })
  }
  // Adjectives mostly ("ill-disposed", "cold-hearted"); a noun when its last part is only a noun ("check-in").
  const hint: PosHint = parts.at(-1)!.hint === 'n' && reading?.pos === 'NOUN' ? 'n' : 'a'
  return { form, lemma: reading?.lemma ?? normalizeWord(form), senses: [], frequency: 0, hint, parts }
}

/** The tagger's reading of each word form of a sentence (the first, where a form comes twice). */
export function readingsOf(sentence: string): Map<string, WordToken> {
  const readings = new Map<string, WordToken>()
  for (const token of wordTokens(sentence)) if (!readings.has(token.form)) readings.set(token.form, token)
  return readings
}

/** Words that a question asks about: quoted ones first, else its content words. */
export function wordsAskedAbout(question: string): string[] {
  const quoted = [...question.matchAll(/["'\u201C\u2018*]([A-Za-z][A-Za-z' -]{0,40}?)["'\u201D\u2019*]/g)].map((m) => m[1]!.trim())
  if (quoted.length > 0) return quoted
  const mean = /(?:what does|what is|meaning of|define|explain)\s+(?:the word\s+)?([A-Za-z'-]+)/i.exec(question)
  if (mean && !STOPWORDS.has(mean[1]!.toLowerCase())) return [mean[1]!]
  return tokenize(question).filter((w) => !STOPWORDS.has(normalizeWord(w)) && !/^(mean|means|meaning|word|words|sentence|explain|please|episode)$/i.test(w))
}

/**
 * The sense meant in this context: the one sense-choice function
 * (sense-choice.ts), which favours the part of speech the sentence suggests.
 */
export async function senseInContext(wordnet: WordNet, word: WordInSentence, context: string): Promise<Sense> {
  return (await chooseSense(word, context, wordnet)).best
}

export const POS_NAME: Record<PosHint, string> = { n: 'noun', v: 'verb', a: 'adjective', r: 'adverb' }

/** A synonym as WordNet lists it, without its syntactic marker ("disposed(p)", "well-known(a)"). */
const bare = (synonym: string) => synonym.replace(/\((?:a|p|ip)\)$/, '').trim()

/**
 * The synonyms of a sense that WordNet supports as similar words: those for
 * which this sense is their own most frequent one in its part of speech.
 * "providentially" shares a sense with "prudently" but mostly means "by
 * providence", so it is not offered as similar.
 */
export async function supportedSynonyms(wordnet: WordNet, sense: Sense, max = 4): Promise<string[]> {
  const out: string[] = []
  for (const synonym of new Set(sense.synonyms.map(bare))) {
    if (out.length === max) break
    if (!synonym || synonym.toLowerCase() === sense.lemma.replace(/_/g, ' ')) continue
    const theirs = (await wordnet.senses(synonym)).filter((s) => s.pos === sense.pos)
    if (theirs[0]?.definition === sense.definition) out.push(synonym)
  }
  return out
}
