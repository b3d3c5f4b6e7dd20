import type { WordStatus } from '@lingocast/contract'
import { lemmaOf, wordTokens, type WordToken } from '../../vocabulary/lemmatise'
import { EVERYDAY_RANK, spokenRank } from '../../vocabulary/spoken-rank'
import type { LearnerWords } from '../provider'
import { normalizeWord, type PosHint } from './lemmas'
import { chooseSense } from './sense-choice'
import { resolveWord, STOPWORDS, tokenize, type WordInSentence } from './word-reading'
import type { Sense, WordNet } from './wordnet'

/** A learner with at least this many known words has marked a beginner's vocabulary (the placement's first level): what is still new to them, they do not know. */
export const MARKED_VOCABULARY = 500

export { resolveWord, STOPWORDS, tokenize, WORDNET_POS, type WordInSentence } from './word-reading'

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
