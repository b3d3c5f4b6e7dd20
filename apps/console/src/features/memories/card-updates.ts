import type { CardContext, SectionValues } from '@lingocast/contract'

/**
 * The tutor's proposals applied to a card (spec 001 s4, Apply Updates): a new
 * explanation or reorganized sentence goes into the context block, a new
 * memorize cue replaces the cue. Sections the tutor did not send stay as they were.
 */
export function applySections(context: CardContext | null, cue: string, s: SectionValues): { context: CardContext | null; cue: string } {
  const changes: CardContext = {}
  if (s.Explanation) changes.Explanation = s.Explanation
  if (s.ReorganizedSentence) changes.ReorganizedSentence = s.ReorganizedSentence
  return { context: Object.keys(changes).length > 0 ? { ...(context ?? {}), ...changes } : context, cue: s.MemorizeCue ?? cue }
}
