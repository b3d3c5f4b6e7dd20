import type { Translation } from '@lingocast/contract'
import type { WordNet } from '../../apps/server/src/features/tutor/offline/wordnet'
import { meaningInSentence, type TranslateMeaning } from '../../apps/server/src/features/vocabulary/meaning-in-sentence'
import { wordTokens } from '../../apps/server/src/features/vocabulary/lemmatise'
import { labelledCases, type SenseCase } from './evaluate'

/** The dictionary whose first line the German column labels. */
export const FREEDICT_GERMAN = 'FreeDict English–German'

export interface Half {
  cases: number
  right: number
}

/** Tuning: even-numbered cases (0, 2, ...); kept out: odd-numbered ones, as evaluate.ts splits the sense cases. */
export interface Halves {
  tuning: Half
  keptOut: Half
}

function halves<T extends { index: number; right: boolean }>(results: T[]): Halves {
  const half = (odd: number): Half => {
    const mine = results.filter((r) => r.index % 2 === odd)
    return { cases: mine.length, right: mine.filter((r) => r.right).length }
  }
  return { tuning: half(0), keptOut: half(1) }
}

/** Whether a German word or phrase stands in a line as a whole word ("Uhr" in "Uhr [tragbare]", not in "Uhrzeit"). */
export function lineHas(line: string, german: string): boolean {
  const escaped = german.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'iu').test(line)
}

export interface GermanResult extends SenseCase {
  index: number
  first: string | undefined
  right: boolean
}

/**
 * The share of labelled cases whose first FreeDict English-German line holds
 * the German labelled for the case, the word read as the lookup reads it and
 * translated as the lookup translates it.
 */
export async function evaluateGerman(wordnet: WordNet, translate: TranslateMeaning, cases = labelledCases()): Promise<Halves & { results: GermanResult[] }> {
  const results: GermanResult[] = []
  for (const [index, c] of cases.entries()) {
    if (!c.german) continue
    const meaning = await meaningInSentence(wordnet, c.word, c.sentence)
    const lines: Translation[] = await translate('de', { lemma: meaning.lemma, word: meaning.word, pos: meaning.pos }, c.sentence)
    const first = lines.find((l) => l.source === FREEDICT_GERMAN)?.text
    results.push({ ...c, index, first, right: first !== undefined && c.german.some((g) => lineHas(first, g)) })
  }
  return { ...halves(results), results }
}

/** The universal tag a sense key's part of speech is (1 noun, 2 verb, 3 and 5 adjective, 4 adverb). */
const KEY_POS: Record<string, string> = { '1': 'NOUN', '2': 'VERB', '3': 'ADJ', '4': 'ADV', '5': 'ADJ' }

/** How often a tagger reads the labelled word in its sentence as the part of speech of its labelled sense. */
export function evaluateTagging(tag: (sentence: string, word: string) => string | undefined, cases = labelledCases()): Halves {
  return halves(cases.map((c, index) => ({ index, right: tag(c.sentence, c.word) === KEY_POS[c.key[c.key.indexOf('%') + 1]!] })))
}

/** The lemmatiser's (wink-nlp's) tag of a word in its sentence. */
export const winkTag = (sentence: string, word: string) => wordTokens(sentence).find((t) => t.form === word.toLowerCase())?.pos
