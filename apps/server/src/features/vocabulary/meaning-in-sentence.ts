import type { Translation } from '@lingocast/contract'
import type { WordNet } from '../tutor/offline/wordnet'
import { senseWordsOf, type SenseWords } from './dictionaries/meanings'
import type { Translations } from './dictionaries/translations'
import type { Sense } from '../tutor/offline/wordnet'
import { OBJECT_FRAMES } from '../tutor/offline/sense-choice'
import { resolveWord, senseInContext } from '../tutor/offline/words'
import type { WordToken } from './lemmatise'
import { isPhrase, phraseLemma, phraseTokens } from './phrases'
import { ipaOf, pronunciationOf, readWord, senseOf, type ReadWord, type WordSense } from './word-meaning'

/**
 * What a word or phrase means in its sentence: the one reading behind the
 * lookup popover and every card made from a word of a sentence (the card
 * window's cue, the offline tutor's card proposals), so that a card says
 * what the popover showed, never another word's meaning.
 */

/** A word or a phrase of two to six words, as the learner pointed at it and as the sentence reads it. */
export type Term = { kind: 'phrase'; lemma: string; tokens: WordToken[] } | { kind: 'word'; lemma: string; read: ReadWord }

/** How the sentence reads the text: a phrase by its words' lemmas, else a word (a contraction and a hyphenated word too). */
export function readTerm(text: string, sentence: string | undefined): Term {
  if (isPhrase(text)) {
    const tokens = phraseTokens(text, sentence)
    if (tokens && tokens.length >= 2) return { kind: 'phrase', lemma: phraseLemma(tokens), tokens }
  }
  const read = readWord(text, sentence)
  return { kind: 'word', lemma: read.lemma, read }
}

/**
 * A phrase's sense: WordNet's entry of its words ("in_spite_of"), as
 * said or as lemmas, else of its words without a last particle
 * ("look_forward" for "look forward to"). Never one of its words' senses.
 */
async function phraseSense(wordnet: WordNet, tokens: readonly WordToken[], sentence: string | undefined): Promise<WordSense['wordnetSense']> {
  const tries = [tokens.map((t) => t.lemma), tokens.map((t) => t.form)]
  if (tokens.length > 2 && ['ADP', 'PART', 'ADV'].includes(tokens[tokens.length - 1]!.pos)) tries.push(tokens.slice(0, -1).map((t) => t.lemma))
  for (const words of tries) {
    const resolved = await resolveWord(wordnet, words.join('_'))
    if (resolved && resolved.senses.length > 0) return senseInContext(wordnet, resolved, sentence ?? '')
  }
  return undefined
}

/** What a term means in its sentence: the sense it has there (null when no dictionary has it) and its other senses. */
export async function meaningOfTerm(wordnet: WordNet, term: Term, sentence: string | undefined): Promise<WordSense> {
  if (term.kind === 'word') return senseOf(wordnet, term.read, sentence)
  const chosen = await phraseSense(wordnet, term.tokens, sentence)
  return {
    word: term.tokens.map((t) => t.form).join(' '),
    pos: 'PHRASE',
    sense: chosen ? { gloss: chosen.definition, examples: chosen.examples } : null,
    other_senses: [],
    ...(chosen ? { wordnetSense: chosen } : {}),
  }
}

/** What a word or phrase as written means in its sentence, with the lemma the learner's status is kept under. */
export async function meaningInSentence(wordnet: WordNet, text: string, sentence: string | undefined): Promise<WordSense & { lemma: string }> {
  const term = readTerm(text, sentence)
  return { ...(await meaningOfTerm(wordnet, term, sentence)), lemma: term.lemma }
}

/** A word or phrase as the lookup read it, translated into the learner's language: best first, each naming its dictionary. */
export type TranslateMeaning = (
  language: string,
  /** `wordnetSense`: the sense the lookup already chose (present, even undefined, when it chose): not chosen again. */
  found: { lemma: string; word: string; pos: string; wordnetSense?: Sense | undefined },
  sentence: string | undefined,
) => Promise<Translation[]>

const SENSE_POS: Record<string, string> = { n: 'NOUN', v: 'VERB', a: 'ADJ', r: 'ADV' }

/** Whether a verb sense takes an object, by WordNet's sentence frames: always, never, or either (undefined). */
function transitivity(sense: Sense): boolean | undefined {
  if (sense.pos !== 'v' || sense.frames.length === 0) return undefined
  const withObject = sense.frames.filter((f) => OBJECT_FRAMES.includes(f)).length
  return withObject === sense.frames.length ? true : withObject === 0 ? false : undefined
}

/** What a dictionary line is matched against for a WordNet sense: its part of speech, its words and, for a verb, whether it takes an object. */
export function senseWords(sense: Sense): SenseWords {
  const texts = [sense.definition, ...sense.examples, ...sense.synonyms.map((w) => w.replace(/_/g, ' ')), ...sense.related]
  return senseWordsOf(SENSE_POS[sense.pos] ?? 'X', texts, transitivity(sense))
}

/**
 * The one way a reading is translated, for the popover and for cards alike:
 * with WordNet, each dictionary's lines come in the order of how well they
 * match the sense the word has in its sentence (the one the popover shows).
 */
export const translateWith =
  (translations: Pick<Translations, 'translate'>, wordnet?: WordNet): TranslateMeaning =>
  async (language, found, sentence) => {
    const sense =
      !wordnet || found.pos === 'PHRASE' ? undefined : 'wordnetSense' in found ? found.wordnetSense : (await meaningInSentence(wordnet, found.word, sentence)).wordnetSense
    return translations.translate(language, { lemma: found.lemma, form: found.word, pos: found.pos, sentence, ...(sense ? { sense: senseWords(sense) } : {}) })
  }

/** How a term sounds, as IPA: a phrase word by word (null when one of them is missing). */
export async function termIpa(term: Term): Promise<string | null> {
  if (term.kind === 'word') return pronunciationOf(term.read)
  const ipas = await Promise.all(term.tokens.map((t) => ipaOf(t.form, t.lemma)))
  return ipas.every((x) => x !== null) ? ipas.join(' ') : null
}
