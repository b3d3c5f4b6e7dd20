import { senseInSentence } from '../tutor/offline/sense-choice'
import type { Sense, WordNet } from '../tutor/offline/wordnet'
import { resolveCompound, senseInContext, tokenize, WORDNET_POS, type WordInSentence } from '../tutor/offline/words'
import { CLOSED_CLASS, contractionOf, FUNCTION_WORDS, type Contraction } from './function-words'
import { arpabetToIpa } from './ipa'
import { lemmaOf, lemmasOf, normaliseForm, wordTokens, type WordToken } from './lemmatise'

/**
 * What the lookup popover says of one word in its sentence (docs/vocabulary.md): its
 * lemma and part of speech, IPA, the sense it has there and the others. A
 * contraction ("don't") and a hyphenated word WordNet lacks ("ill-disposed")
 * are read from their parts; a word WordNet leaves out ("how", "the", the
 * auxiliary "can") from the list of function words.
 */

/** The universal part of speech of a WordNet sense. */
const UNIVERSAL: Record<string, string> = { n: 'NOUN', v: 'VERB', a: 'ADJ', r: 'ADV' }
/** Open-class tags, whose reading the chosen sense may put right ("the key to" is a noun). */
const OPEN = new Set(['NOUN', 'VERB', 'ADJ', 'ADV'])
/** Most other senses the popover folds away. */
export const OTHER_SENSES_MAX = 12

/** The sounds of a contraction's second part, in ARPAbet, for a head the dictionary has but not the whole. */
const CLITIC_ARPABET: Record<string, string> = { "n't": 'AH0 N T', "'m": 'M', "'re": 'R', "'ve": 'V', "'ll": 'L', "'d": 'D', "'s": 'Z' }

// 4.7 MB of JavaScript: loaded on the first lookup, not at boot.
let cmu: Promise<Record<string, string>> | undefined
const pronunciations = () => (cmu ??= import('cmu-pronouncing-dictionary').then((m) => m.dictionary))

/** ARPAbet of the whole word, else of its parts joined (stress kept per part), else undefined. */
async function arpabetOf(whole: string, parts: string[][]): Promise<string | undefined> {
  const dictionary = await pronunciations()
  if (dictionary[whole]) return dictionary[whole]
  for (const choice of parts) {
    const pieces = choice.map((p) => dictionary[p] ?? CLITIC_ARPABET[p])
    if (choice.length > 0 && pieces.every(Boolean)) return pieces.join(' ')
  }
  return undefined
}

/** The word as spoken (the form heard, else its lemma), as IPA; a hyphenated one by its parts where the dictionary lacks the whole. */
export async function ipaOf(form: string, lemma: string): Promise<string | null> {
  const hyphenated = form.includes('-') ? [form.split('-'), lemma.split('-')] : []
  const arpabet = (await arpabetOf(form, [])) ?? (await arpabetOf(lemma, hyphenated))
  return (arpabet && arpabetToIpa(arpabet)) ?? null
}

export interface ReadWord {
  /** As written, normalised ("don't", "ill-disposed", "ran"). */
  form: string
  /** What the learner's status is kept under: a contraction's head ("don't" -> do), as the transcript marks it. */
  lemma: string
  /** The tagger's part of speech in the sentence. */
  pos: string
  reading: WordToken | undefined
  contraction?: Contraction
}

/** A verb form that is its past participle ("gone", "finished"): after "'d" it is had, after "'s" has. */
const participle = (t: WordToken | undefined) => t !== undefined && t.pos === 'VERB' && t.form !== t.lemma && !t.form.endsWith('ing') && !t.form.endsWith('s')

/** The head's and clitic's readings of a contraction in its sentence (else of the contraction alone), and the word after it. */
function contractionReadings(contraction: Contraction, sentence: string | undefined): [WordToken | undefined, WordToken | undefined, WordToken | undefined] {
  const [head, tail] = contraction.parts
  for (const text of sentence ? [sentence, contraction.form] : [contraction.form]) {
    const tokens = wordTokens(text)
    const at = tokens.findIndex((t, i) => t.form === head && tokens[i + 1]?.form === tail)
    if (at >= 0) return [tokens[at], tokens[at + 1], tokens[at + 2]]
  }
  return [lemmasOf([head])[0], undefined, undefined]
}

/** Which word the learner pointed at, read in its sentence: form, lemma, part of speech. */
export function readWord(written: string, sentence: string | undefined): ReadWord {
  const raw = written
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
  const first = contractionOf(raw)
  if (first) {
    const [head, tail, next] = contractionReadings(first, sentence)
    // "They'd gone", "she's finished": had and has before a past participle; else what the tagger read.
    const contraction = contractionOf(raw, participle(next) ? 'have' : tail?.lemma) ?? first
    const lemma = head?.lemma ?? contraction.parts[0]
    return { form: contraction.form, lemma, pos: head?.pos ?? 'X', reading: head, contraction }
  }
  // A possessive ("John's car") is its noun.
  const possessive = /^(.+)'s$/.exec(raw)
  const token = (possessive && sentence ? lemmaOf(possessive[1]!, sentence) : undefined) ?? lemmaOf(written, sentence)
  const form = token?.form ?? normaliseForm(written)
  return { form, lemma: token?.lemma ?? form, pos: token?.pos ?? 'X', reading: token }
}

/** What a word means in its sentence, without its sound. */
export interface WordSense {
  word: string
  pos: string
  /** `pos`: the sense's own part of speech where it differs from the word's reading ("please", an interjection, in its adverb sense). */
  sense: { gloss: string; examples: string[]; pos?: string } | null
  other_senses: Array<{ pos: string; gloss: string; examples: string[] }>
  /** WordNet's sense behind `sense`, when it is one (the tutor lists its similar words); never sent. */
  wordnetSense?: Sense
}

const shown = (sense: Sense) => ({ pos: UNIVERSAL[sense.pos] ?? sense.pos, gloss: sense.definition, examples: sense.examples })
/** A part's usage note ("(`ill' is often used as a combining form)") is not what the whole word means: what follows it is. */
const withoutNote = (definition: string) => definition.replace(/^\([^)]*\)\s*/, '') || definition

/** The meaning of a function word, with WordNet's senses of it (if any) as the others. */
function functionWordMeaning(lemma: string, wordnetSenses: Sense[]) {
  const entry = FUNCTION_WORDS.get(lemma)!
  return {
    entry,
    sense: { gloss: entry.gloss, examples: [entry.example] },
    other_senses: wordnetSenses.filter((s) => !s.proper).slice(0, OTHER_SENSES_MAX).map(shown),
  }
}

/** How a word read by readWord sounds, as IPA; a contraction by its two parts where the dictionary lacks the whole. */
export async function pronunciationOf(read: ReadWord): Promise<string | null> {
  if (!read.contraction) return ipaOf(read.form, read.lemma)
  const [head, tail] = read.contraction.parts
  const arpabet = await arpabetOf(read.form, [[head, tail], [read.lemma, tail]])
  return (arpabet && arpabetToIpa(arpabet)) ?? null
}

/** What a word read by readWord means in its sentence: the sense it has there and the others. */
export async function senseOf(wordnet: WordNet, read: ReadWord, sentence: string | undefined): Promise<WordSense> {
  const { form, lemma, pos, reading, contraction } = read

  if (contraction) {
    // What each full word means: "do: ...; not: ...".
    const words = [...new Set(contraction.expansion.split(/,? (?:or )?/).filter((w) => FUNCTION_WORDS.has(w.toLowerCase())))]
    const meaning = words.map((w) => `${w}: ${FUNCTION_WORDS.get(w.toLowerCase())!.gloss.split('; ')[0]}`).join('; ')
    return {
      word: form,
      pos,
      sense: { gloss: `short for “${contraction.expansion}”${meaning ? ` (${meaning})` : ''}`, examples: [] },
      other_senses: [],
    }
  }

  if (tokenize(lemma).length === 0) return { word: form, pos, sense: null, other_senses: [] }

  const found = await senseInSentence(wordnet, form, sentence, reading)
  // A word WordNet leaves out, or reads only as another kind of word ("it" as information technology): the function words' list.
  if (FUNCTION_WORDS.has(lemma) && (!found || CLOSED_CLASS.has(pos) || pos === 'INTJ' || FUNCTION_WORDS.get(lemma)!.pos === pos || !WORDNET_POS[pos])) {
    const { entry, sense, other_senses } = functionWordMeaning(lemma, found?.word.senses ?? [])
    return { word: form, pos: pos === 'X' || pos === 'PROPN' ? entry.pos : pos, sense, other_senses }
  }
  if (found) {
    const { best, ranked } = found.choice
    // The chosen sense puts a tagger's slip between open classes right ("the key to my door" is a noun).
    const shownPos = OPEN.has(pos) && UNIVERSAL[best.pos] !== pos ? UNIVERSAL[best.pos]! : pos === 'X' || pos === 'PROPN' ? UNIVERSAL[best.pos]! : pos
    const wordPos = form.includes('-') ? UNIVERSAL[best.pos]! : shownPos
    return {
      word: form,
      pos: wordPos,
      sense: { gloss: best.definition, examples: best.examples, ...(UNIVERSAL[best.pos] !== wordPos ? { pos: UNIVERSAL[best.pos]! } : {}) },
      wordnetSense: best,
      other_senses: ranked
        .slice(1)
        .filter((r) => !r.sense.proper)
        .slice(0, OTHER_SENSES_MAX)
        .map((r) => shown(r.sense)),
    }
  }
  if (form.includes('-')) {
    // A hyphenated word WordNet lacks as a whole ("ill-disposed"): its parts, each in the sense the sentence gives it.
    const compound = await resolveCompound(wordnet, form, reading)
    if (compound?.parts) {
      const parts = await Promise.all(
        compound.parts.map(async (part: WordInSentence) => ({ part, sense: await senseInContext(wordnet, part, sentence ?? '') })),
      )
      return {
        word: form,
        pos: compound.hint === 'n' ? 'NOUN' : 'ADJ',
        sense: { gloss: parts.map(({ part, sense }) => `${part.form}: ${withoutNote(sense.definition)}`).join('; '), examples: [] },
        other_senses: [],
      }
    }
  }
  return { word: form, pos, sense: null, other_senses: [] }
}
