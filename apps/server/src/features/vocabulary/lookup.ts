import type { WordStatus } from '@lingocast/contract'
import { resolveWord, senseInContext, tokenize } from '../tutor/offline/words'
import type { WordNet } from '../tutor/offline/wordnet'
import type { PosHint } from '../tutor/offline/lemmas'
import type { ComprehensionRepo } from './comprehension.repo'
import { arpabetToIpa } from './ipa'
import { lemmaOf, normaliseForm } from './lemmatise'

/** The tagger's universal parts of speech that WordNet has; an interjection ("please") is WordNet's adverb, as in the offline tutor. */
const WORDNET_POS: Record<string, PosHint> = { NOUN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r', INTJ: 'r' }

// 4.7 MB of JavaScript: loaded on the first lookup, not at boot.
let cmu: Promise<Record<string, string>> | undefined
const pronunciations = () => (cmu ??= import('cmu-pronouncing-dictionary').then((m) => m.dictionary))

/** The word as spoken (the form heard, else its lemma), as IPA. */
export async function ipaOf(form: string, lemma: string): Promise<string | null> {
  const dictionary = await pronunciations()
  const arpabet = dictionary[form] ?? dictionary[lemma]
  return (arpabet && arpabetToIpa(arpabet)) ?? null
}

/**
 * The lookup popover's data: lemma and part of speech in the sentence
 * (wink-nlp), pronunciation (CMU dictionary), the WordNet sense that fits
 * the sentence (the offline tutor's simplified Lesk), the user's status and
 * how often they have met the lemma in their library.
 */
export function createLookup(deps: { repo: ComprehensionRepo; wordnet: WordNet }) {
  const { repo, wordnet } = deps

  async function sense(form: string, lemma: string, pos: string, sentence: string | undefined) {
    const hint = WORDNET_POS[pos]
    // The tagger's lemma first ("ran" -> run); WordNet's own base forms when it lacks that one.
    const resolved = (await resolveWord(wordnet, lemma)) ?? (await resolveWord(wordnet, form))
    if (!resolved) return null
    const word = { ...resolved, form, ...(hint ? { hint } : {}) }
    // Senses of the part of speech the sentence uses, when WordNet has that one.
    const ofPos = hint ? word.senses.filter((s) => s.pos === hint) : []
    const chosen = senseInContext(ofPos.length > 0 ? { ...word, senses: ofPos } : word, sentence ?? '')
    return { gloss: chosen.definition, examples: chosen.examples }
  }

  return async function lookup(userId: number, word: string, sentence?: string) {
    const token = lemmaOf(word, sentence)
    const form = token?.form ?? normaliseForm(word)
    const lemma = token?.lemma ?? form
    const pos = token?.pos ?? 'X'
    const [ipa, found, status, seen] = await Promise.all([
      ipaOf(form, lemma),
      tokenize(lemma).length > 0 ? sense(form, lemma, pos, sentence) : Promise.resolve(null),
      repo.status(userId, lemma),
      repo.seen(userId, lemma),
    ])
    return { word: form, lemma, pos, ipa, sense: found, status: (status ?? 'new') as WordStatus, seen }
  }
}

export type Lookup = ReturnType<typeof createLookup>
