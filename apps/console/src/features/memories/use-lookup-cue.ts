import { cueOfMeaning } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { lookupQuery } from '../vocabulary/api'

/**
 * The cue the lookup gives a front in its sentence: the learner's hint,
 * else the meaning the popover shows first (cueOfMeaning). The same query
 * as the popover's, so a word just looked up answers from its cache.
 * Undefined until the lookup answers, or when it has no meaning.
 */
export function useLookupCue(front: string | undefined, sentence: string): string | undefined {
  const word = front?.trim() ?? ''
  const lookup = useQuery({ ...lookupQuery(word, sentence), enabled: word !== '' })
  return word !== '' && lookup.data ? cueOfMeaning(lookup.data) : undefined
}
