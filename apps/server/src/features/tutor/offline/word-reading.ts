import { lemmaOf, type WordToken } from '../../vocabulary/lemmatise'
import { candidateLemmas, type Lemma, type PosHint } from './lemmas'
import type { Sense, WordNet } from './wordnet'

/**
 * A word of a sentence as WordNet knows it: what both the sense choice
 * (sense-choice.ts) and the sentence's words (words.ts) read it by, kept
 * apart so that neither imports the other.
 */

/** Function words and the most common verbs: never worth a flashcard, even when WordNet knows them. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does
doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just
let me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the
their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself yourselves yes oh ok okay mr mrs miss sir one two three four five six seven eight nine ten get got go
going gone might must shall may ought make made say said see saw seen come came know knew think thought take took want like well really thing things way lot gonna wanna yeah`.split(/\s+/),
)

export interface WordInSentence {
  /** As written in the sentence. */
  form: string
  lemma: string
  senses: Sense[]
  frequency: number
  /** Part of speech suggested by the tagger, the ending or the word before it. */
  hint?: PosHint
  /** Whether the sentence's syntax leaves no doubt about `hint` (pos-in-context.ts): then only its senses are weighed. */
  hintCertain?: boolean
  /** Written capitalised inside the sentence and read as a name ("Mr. John Dashwood"): a name's senses come first. */
  name?: boolean
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
