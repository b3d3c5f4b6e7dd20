import type { WordStatus } from '@lingocast/contract'
import { resolveWord, senseInContext } from '../tutor/offline/words'
import type { WordNet } from '../tutor/offline/wordnet'
import type { ComprehensionRepo } from './comprehension.repo'
import { ipaOf, meaningOf, readWord } from './word-meaning'
import { isPhrase, phraseLemma, phraseTokens } from './phrases'
import type { PhrasesRepo } from './phrases.repo'

// The word as spoken, as IPA (a hyphenated word by its parts where the dictionary lacks the whole): word-meaning.ts.
export { ipaOf }

/**
 * The lookup popover's data: lemma and part of speech in the sentence
 * (wink-nlp), pronunciation (CMU dictionary), the sense that fits the
 * sentence and the others (word-meaning.ts, by the one sense-choice
 * function), the user's status and how often they have met the lemma in
 * their library.
 */
export function createLookup(deps: {
  repo: ComprehensionRepo
  wordnet: WordNet
  /** The learner's term with its level and hint (issue 24); without it, the status alone. */
  terms?: Pick<PhrasesRepo, 'term'>
  /** How often a phrase occurs in the user's library (phrases are not in the lemma counts). */
  phraseSeen?: (userId: number, phrase: string) => Promise<number>
}) {
  const { repo, wordnet } = deps

  /** The learner's status of a term, its level while learning and their hint. */
  async function own(userId: number, lemma: string): Promise<{ status: WordStatus; level: number | null; hint: string | null }> {
    if (deps.terms) {
      const found = await deps.terms.term(userId, lemma)
      return found ? { status: found.status as WordStatus, level: found.level, hint: found.hint } : { status: 'new', level: null, hint: null }
    }
    const status = ((await repo.status(userId, lemma)) ?? 'new') as WordStatus
    return { status, level: status === 'learning' ? 1 : null, hint: null }
  }

  /**
   * A phrase's sense: WordNet's entry of its words ("in_spite_of"), as
   * said or as lemmas, else of its words without a last particle
   * ("look_forward" for "look forward to").
   */
  async function phraseSense(tokens: ReadonlyArray<{ form: string; lemma: string; pos: string }>, sentence: string | undefined) {
    const tries = [tokens.map((t) => t.lemma), tokens.map((t) => t.form)]
    if (tokens.length > 2 && ['ADP', 'PART', 'ADV'].includes(tokens[tokens.length - 1]!.pos)) tries.push(tokens.slice(0, -1).map((t) => t.lemma))
    for (const words of tries) {
      const resolved = await resolveWord(wordnet, words.join('_'))
      if (resolved && resolved.senses.length > 0) {
        const chosen = await senseInContext(wordnet, resolved, sentence ?? '')
        return { gloss: chosen.definition, examples: chosen.examples }
      }
    }
    return null
  }

  /**
   * A phrase of two to six words (issue 24), read in its sentence: its
   * lemmas joined by spaces, "PHRASE" as its part of speech, the IPA of its
   * words, WordNet's sense of it when WordNet has it, and the learner's term.
   */
  async function lookupPhrase(userId: number, text: string, sentence: string | undefined) {
    const tokens = phraseTokens(text, sentence)
    if (!tokens || tokens.length < 2) return undefined
    const lemma = phraseLemma(tokens)
    const [ipas, found, term, seen] = await Promise.all([
      Promise.all(tokens.map((t) => ipaOf(t.form, t.lemma))),
      phraseSense(tokens, sentence),
      own(userId, lemma),
      deps.phraseSeen ? deps.phraseSeen(userId, lemma) : Promise.resolve(0),
    ])
    const ipa = ipas.every((x) => x !== null) ? ipas.join(' ') : null
    return { word: tokens.map((t) => t.form).join(' '), lemma, pos: 'PHRASE', ipa, sense: found, ...term, seen }
  }

  return async function lookup(userId: number, word: string, sentence?: string) {
    if (isPhrase(word)) {
      const phrase = await lookupPhrase(userId, word, sentence)
      if (phrase) return phrase
    }
    // Lemma, part of speech, IPA and the sense in this sentence with the others (issue 24: contractions and hyphenated words too).
    const read = readWord(word, sentence)
    const [meaning, term, seen] = await Promise.all([meaningOf(wordnet, read, sentence), own(userId, read.lemma), repo.seen(userId, read.lemma)])
    return { ...meaning, lemma: read.lemma, ...term, seen }
  }
}

export type Lookup = ReturnType<typeof createLookup>
