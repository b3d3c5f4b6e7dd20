/**
 * What a card made from a word of a sentence says on its back: the meaning
 * the lookup popover shows for that word in that sentence, in the order the
 * popover shows it. One function for the console's card window and the
 * offline tutor's card proposals, so a card never carries another reading.
 */

/** Universal part-of-speech tags in words, as the popover names them. */
const PART_OF_SPEECH: Record<string, string> = {
  NOUN: 'noun',
  PROPN: 'name',
  VERB: 'verb',
  AUX: 'verb',
  ADJ: 'adjective',
  ADV: 'adverb',
  PRON: 'pronoun',
  DET: 'determiner',
  ADP: 'preposition',
  CCONJ: 'conjunction',
  SCONJ: 'conjunction',
  INTJ: 'interjection',
  NUM: 'number',
  PART: 'particle',
  PHRASE: 'phrase',
}

/** A universal part-of-speech tag in words ("NOUN" -> "noun"); an unknown tag as is, lower case. */
export const partOfSpeech = (tag: string) => PART_OF_SPEECH[tag.toUpperCase()] ?? tag.toLowerCase()

/** The part of a lookup's answer a cue is made from. */
export interface ShownMeaning {
  /** The learner's own hint of the word or phrase. */
  hint?: string | null | undefined
  /** The meanings in the learner's language, in the popover's order (above the English sense). */
  translations?: ReadonlyArray<{ text: string; source: string }> | undefined
  pos: string
  /** `pos`: the sense's own part of speech, where it differs from the word's. */
  sense: { gloss: string; pos?: string | undefined } | null
}

/**
 * The cue: the learner's hint; else the meanings in their language that the
 * popover shows first (those of its first dictionary); else the English
 * sense as "(part of speech) gloss", the sense's own part of speech; undefined
 * when the lookup has none.
 */
export function cueOfMeaning(meaning: ShownMeaning): string | undefined {
  const hint = meaning.hint?.trim()
  if (hint) return hint
  const translations = meaning.translations ?? []
  const first = translations[0]
  if (first) {
    const end = translations.findIndex((t) => t.source !== first.source)
    return translations
      .slice(0, end < 0 ? undefined : end)
      .map((t) => t.text.trim())
      .join('; ')
  }
  return meaning.sense ? `(${partOfSpeech(meaning.sense.pos ?? meaning.pos)}) ${meaning.sense.gloss}` : undefined
}
