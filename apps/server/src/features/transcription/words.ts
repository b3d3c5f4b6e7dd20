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
