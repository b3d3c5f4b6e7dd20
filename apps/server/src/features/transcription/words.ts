/**
 * Display words and the spoken words a recogniser knows. "ill-disposed"
 * is shown as one word but spoken as two; "Mr." is the dictionary's "mr";
 * "1984" is not in the dictionary at all and is timed by interpolation.
 */
export interface DisplayToken {
  /** As shown, punctuation kept. */
  text: string
  /** Lower-case dictionary keys this token is spoken as (may be empty). */
  spoken: string[]
}

export function tokenize(text: string): DisplayToken[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => ({
      text: raw,
      spoken: raw
        .toLowerCase()
        .replace(/[\u2018\u2019]/g, "'")
        .split(/[-\u2013\u2014/]+/)
        .map((part) => part.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '').replace(/[^a-z0-9']/g, ''))
        .filter((w) => /^[a-z][a-z']*$/.test(w)),
    }))
    .filter((t) => /[\p{L}\p{N}]/u.test(t.text))
}

/** Keeps only the spoken words the dictionary has: the rest are interpolated. */
export function knownOnly(tokens: DisplayToken[], has: (word: string) => boolean): DisplayToken[] {
  return tokens.map((t) => ({ text: t.text, spoken: t.spoken.filter(has) }))
}

/** Punctuation that ends a phrase, where a speaker is likely to pause (closing quotes and brackets may follow it). */
const PHRASE_END = /[,.;:!?\u2026\u2013\u2014]["'\u2019\u201d)\]]*$/

/** Indices of the spoken words that end a phrase: the last spoken word of a token ending in punctuation. */
export function phraseEnds(tokens: DisplayToken[]): Set<number> {
  const ends = new Set<number>()
  let count = 0
  for (const t of tokens) {
    count += t.spoken.length
    if (count > 0 && PHRASE_END.test(t.text)) ends.add(count - 1)
  }
  return ends
}
