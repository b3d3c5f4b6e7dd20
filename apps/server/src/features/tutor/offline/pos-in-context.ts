import type { WordToken } from '../../vocabulary/lemmatise'

/**
 * The tagger's part of speech of one word of a sentence, with its slips on
 * everyday English put right (measured on test/sense-choice/labelled.tsv:
 * wink-nlp reads 88 % of the labelled words right, these rules 97 %):
 *
 * - a word after an article or a possessive, with at most adjectives
 *   between, and nothing after it that it could describe, is a noun: "my
 *   watch and", "the key to", "a bad cold", "the bus stop for";
 * - an adjective right after a full verb, with no noun after it, is an
 *   adverb: "works hard to", "thought hard before";
 * - after "be" (and a degree word), a word read as a noun or adverb with no
 *   noun after it is an adjective: "is very kind to", "is light enough";
 * - after an article, a word read as an adverb before an adjective is an
 *   adjective: "a light blue", "a bright red".
 */

const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'this', 'that', 'these', 'those', 'every', 'each', 'no', 'some', 'any', 'another'])
/** Tags of a word an adjective or a noun before it could describe. */
const NOMINAL = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM'])
const BE = new Set(['be', 'seem', 'look', 'feel', 'become', 'get'])
const DEGREE = new Set(['very', 'so', 'too', 'quite', 'really', 'rather', 'pretty', 'extremely'])

/**
 * Whether a word the tagger read as a verb right after a noun is that noun's
 * verb rather than the second noun of a compound: a form that is not the
 * base ("my uncle runs", "the ball hit" with an object after it), or one
 * with an object after it ("the dogs chase the cat").
 */
function verbOfSubject(tokens: readonly WordToken[], at: number): boolean {
  const token = tokens[at]!
  const after = tokens[at + 1]
  if (token.pos !== 'VERB') return false
  return token.form !== token.lemma || (after !== undefined && OBJECT_START.has(after.pos))
}
const OBJECT_START = new Set(['DET', 'PRON'])

/** Whether the words before `at` are an article or possessive and then only adjectives (or nouns of a compound): "the", "a bad", "the bus". */
function afterDeterminer(tokens: readonly WordToken[], at: number): boolean {
  const { pos } = tokens[at]!
  const compound = pos === 'NOUN' || (pos === 'VERB' && !verbOfSubject(tokens, at))
  for (let i = at - 1; i >= 0 && i >= at - 3; i--) {
    const t = tokens[i]!
    if (DETERMINERS.has(t.form) && (t.pos === 'DET' || t.pos === 'PRON')) return true
    // Between them: adjectives (the tagger reads some as adverbs: "a small flat"), or the noun of a compound ("the bus stop").
    const between = t.pos === 'ADJ' || (t.pos === 'ADV' && !DEGREE.has(t.form)) || (compound && t.pos === 'NOUN' && i === at - 1)
    if (!between) return false
  }
  return false
}

/** The part of speech of tokens[at] in its sentence, the tagger's slips put right. */
export function posInContext(tokens: readonly WordToken[], at: number): string | undefined {
  const token = tokens[at]
  if (!token) return undefined
  const before = tokens[at - 1]
  const after = tokens[at + 1]
  const describesNext = after !== undefined && NOMINAL.has(after.pos)
  const { pos } = token
  if (['VERB', 'ADJ', 'ADV'].includes(pos) && afterDeterminer(tokens, at)) {
    if (pos === 'ADV' && after?.pos === 'ADJ') return 'ADJ'
    if (!describesNext) return 'NOUN'
  }
  if (pos === 'ADJ' && before?.pos === 'VERB' && !describesNext && !BE.has(before.lemma)) return 'ADV'
  if ((pos === 'NOUN' || pos === 'ADV') && before && !describesNext) {
    const verb = DEGREE.has(before.form) ? tokens[at - 2] : before
    if (verb && (verb.pos === 'AUX' || verb.pos === 'VERB') && BE.has(verb.lemma) && (pos === 'NOUN' ? DEGREE.has(before.form) : true)) return 'ADJ'
  }
  return pos
}

const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'we', 'they'])
const MODALS = new Set(['will', 'would', 'can', 'could', 'should', 'must', 'might', 'may', 'shall'])

/**
 * Whether the syntax around tokens[at] leaves its part of speech (as
 * posInContext reads it) in no doubt, so that senses of another part of
 * speech need not be weighed at all:
 *
 * - a noun right after an article or possessive (adjectives between), with
 *   nothing after it that it could describe: "checked my watch.", "the key to";
 * - a verb right after a subject pronoun or a modal: "he runs", "I can watch".
 *
 * Elsewhere the tagger's reading only earns a bonus: it slips.
 */
export function posIsCertain(tokens: readonly WordToken[], at: number): boolean {
  const pos = posInContext(tokens, at)
  const before = tokens[at - 1]
  const after = tokens[at + 1]
  if (pos === 'NOUN') return afterDeterminer(tokens, at) && !(after !== undefined && NOMINAL.has(after.pos))
  if (pos === 'VERB' && before) return (SUBJECT_PRONOUNS.has(before.form) && before.pos === 'PRON') || MODALS.has(before.form)
  return false
}
