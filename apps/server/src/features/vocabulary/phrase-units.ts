/** A marked phrase (its lemmas joined by spaces) and how often it occurs in one transcript. */
export interface PhraseInTranscript {
  phrase: string
  status: string
  count: number
}

/** One transcript's words as comprehension counts them once phrases are units. */
export interface UnitsOfTranscript {
  /** How many running words of each lemma a phrase took over: those are no longer counted as that lemma. */
  taken: Map<string, number>
  /** Each phrase's units: one per occurrence counted. */
  units: PhraseInTranscript[]
}

/**
 * A marked phrase counts as one unit with the phrase's status in each place
 * it occurs, in place of its words there, as Lute counts a multi-word term
 * (decision 0028): "look forward to" known three times is three known units,
 * not nine known words, and "look" elsewhere keeps its own status.
 *
 * Occurrences are counts, not places, so phrases sharing words ("look
 * forward", "look forward to") take them longest first: a phrase gets a unit
 * only where each of its counted words is still there to take, so two
 * phrases never count the same words twice. Lemmas a transcript does not
 * count (names, numbers: `countOf` is 0) are neither taken nor needed; a
 * phrase made only of them is no unit at all.
 */
export function phraseUnits(phrases: readonly PhraseInTranscript[], countOf: (lemma: string) => number): UnitsOfTranscript {
  const taken = new Map<string, number>()
  const units: PhraseInTranscript[] = []
  const ordered = [...phrases].sort((a, b) => b.phrase.split(' ').length - a.phrase.split(' ').length || a.phrase.localeCompare(b.phrase))
  for (const p of ordered) {
    // How many times each counted lemma is in the phrase ("one by one": "one" twice).
    const need = new Map<string, number>()
    for (const lemma of p.phrase.split(' ')) if (countOf(lemma) > 0) need.set(lemma, (need.get(lemma) ?? 0) + 1)
    if (need.size === 0) continue
    let count = p.count
    for (const [lemma, times] of need) count = Math.min(count, Math.floor((countOf(lemma) - (taken.get(lemma) ?? 0)) / times))
    if (count <= 0) continue
    for (const [lemma, times] of need) taken.set(lemma, (taken.get(lemma) ?? 0) + count * times)
    units.push({ ...p, count })
  }
  return { taken, units }
}
