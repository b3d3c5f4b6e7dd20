import type { WordStatus } from '@lingocast/contract'
import type { WordNet } from '../tutor/offline/wordnet'
import type { ComprehensionRepo } from './comprehension.repo'
import { meaningOfTerm, readTerm, termIpa } from './meaning-in-sentence'
import type { PhrasesRepo } from './phrases.repo'

/**
 * The lookup popover's data: lemma and part of speech in the sentence
 * (wink-nlp), pronunciation (CMU dictionary), the sense that fits the
 * sentence and the others (meaning-in-sentence.ts, which cards made from a
 * word read too), the user's status and how often they have met the lemma
 * (or phrase) in their library. A phrase of two to six words is
 * read in its sentence: its lemmas joined by spaces, "PHRASE" as its part
 * of speech, the IPA of its words, WordNet's sense of it when WordNet has it.
 */
export function createLookup(deps: {
  repo: ComprehensionRepo
  wordnet: WordNet
  /** The learner's term with its level and hint; without it, the status alone. */
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

  return async function lookup(userId: number, word: string, sentence?: string) {
    const term = readTerm(word, sentence)
    const seen = term.kind === 'phrase' ? (deps.phraseSeen ? deps.phraseSeen(userId, term.lemma) : Promise.resolve(0)) : repo.seen(userId, term.lemma)
    const [meaning, ipa, mine, times] = await Promise.all([meaningOfTerm(wordnet, term, sentence), termIpa(term), own(userId, term.lemma), seen])
    // The chosen sense goes along (undefined when none) so the translations follow it without choosing it again; it is not sent.
    return { ...meaning, wordnetSense: meaning.wordnetSense, ipa, lemma: term.lemma, ...mine, seen: times }
  }
}

export type Lookup = ReturnType<typeof createLookup>
