import { lemmaOf, wordTokens, type WordToken } from '../../vocabulary/lemmatise'
import { candidateLemmas, normalizeWord, type Lemma, type PosHint } from './lemmas'
import type { Sense, WordNet } from './wordnet'

/** Function words and the most common verbs: never worth a flashcard, even when WordNet knows them. */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does
doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just
let me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the
their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself yourselves yes oh ok okay mr mrs miss sir one two three four five six seven eight nine ten get got go
going gone might must shall may ought make made say said see saw seen come came know knew think thought take took want like well really thing things way lot gonna wanna yeah`.split(/\s+/),
)

/** Lemmas seen at least this often in the tagged corpus are everyday words (go 598, family 135, admit 77). */
export const COMMON_FREQUENCY = 40

export interface WordInSentence {
  /** As written in the sentence. */
  form: string
  lemma: string
  senses: Sense[]
  frequency: number
  /** Part of speech suggested by the ending or the word before it. */
  hint?: PosHint
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

/** WordNet's parts of speech for the tagger's universal ones. */
const WORDNET_POS: Record<string, PosHint> = { NOUN: 'n', VERB: 'v', AUX: 'v', ADJ: 'a', ADV: 'r' }

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

/**
 * The harder words of a sentence, rarest first: content words WordNet knows
 * that are not everyday words. Names (capitalised inside the sentence and
 * unknown in lower case) are left out by WordNet itself.
 */
export async function pickHardWords(wordnet: WordNet, sentence: string, max = 3): Promise<WordInSentence[]> {
  const tokens = tokenize(sentence)
  const readings = readingsOf(sentence)
  const seen = new Set<string>()
  const found: WordInSentence[] = []
  for (let i = 0; i < tokens.length; i++) {
    const form = tokens[i]!
    const lower = normalizeWord(form)
    if (lower.length < 3 || STOPWORDS.has(lower) || seen.has(lower)) continue
    seen.add(lower)
    const reading = readings.get(form.toLowerCase().replace(/\u2019/g, "'"))
    // A name (Dashwood, Norland) is not vocabulary; without the tagger's word, a capital inside the sentence says so.
    if (reading ? reading.pos === 'PROPN' : i > 0 && /^[A-Z]/.test(form) && !/^I$/.test(form)) continue
    const word = await resolveWord(wordnet, form, tokens[i - 1], reading)
    if (!word || STOPWORDS.has(word.lemma) || word.frequency >= COMMON_FREQUENCY) continue
    found.push(word)
  }
  // Rarest first; between equals, the longer word is usually the harder one.
  return found.sort((a, b) => a.frequency - b.frequency || b.lemma.length - a.lemma.length).slice(0, max)
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
 * The sense meant in this context (a simplified Lesk): the sense whose
 * definition, examples and synonyms share the most words with the context,
 * favouring the part of speech the sentence suggests and, between equals,
 * the more frequent sense.
 */
export function senseInContext(word: WordInSentence, context: string): Sense {
  const contextWords = new Set(tokenize(context.toLowerCase()).filter((w) => w.length > 2 && !STOPWORDS.has(w)))
  contextWords.delete(word.form.toLowerCase())
  contextWords.delete(word.lemma)
  let best = word.senses[0]!
  let bestScore = Number.NEGATIVE_INFINITY
  for (const sense of word.senses) {
    const gloss = new Set(tokenize([sense.definition, ...sense.examples, ...sense.synonyms].join(' ').toLowerCase()))
    let overlap = 0
    for (const w of contextWords) if (gloss.has(w)) overlap++
    const nameOnly = sense.proper && word.form === word.form.toLowerCase()
    const score = overlap + (word.hint && sense.pos === word.hint ? 1.5 : 0) - sense.rank * 0.15 - (nameOnly ? 5 : 0)
    if (score > bestScore) {
      best = sense
      bestScore = score
    }
  }
  return best
}

export const POS_NAME: Record<PosHint, string> = { n: 'noun', v: 'verb', a: 'adjective', r: 'adverb' }
