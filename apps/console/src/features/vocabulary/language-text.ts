import { LANGUAGE_NAMES, type DictionaryInfo, type LanguageCode, type Translation } from '@lingocast/contract'

/** The words of the learner's language: the popover's meanings, the settings, the placement's question. */
export const LANGUAGE_TEXT = {
  title: 'Your language',
  intro: 'Looked-up words show their meaning in your language first, from the offline dictionaries on this server (and the AI tutor, when one is set up).',
  notSet: 'Not set',
  withDictionary: 'With an offline dictionary',
  others: 'Other languages',
  webDictionary: 'Web dictionary',
  webDictionaryHelp: 'Offered for words no dictionary knows: an address with {word} where the word goes.',
  webDictionaryPlaceholder: 'https://www.dict.cc/?s={word}',
  save: 'Save',
  saved: 'Saved',
  saveFailed: 'Failed to save',
  placementQuestion: 'Your language',
  placementHelp: 'Meanings of the words you look up are shown in it.',
  chooseLanguage: 'Choose your language',
  chooseLanguageRest: 'to see meanings in it.',
  askModel: 'Meaning here (AI)',
  askSentence: 'Translate the sentence',
  asking: 'Asking the AI tutor…',
  modelFailed: 'The AI tutor could not translate it now.',
  sentenceLabel: 'The sentence',
  addWebDictionary: 'Add a web dictionary under Vocabulary → Your language.',
  /** While the server still indexes a dictionary of the learner's language (they just chose it). */
  indexing: 'Opening your dictionary…',
} as const

/** The English name of a language code ("de" -> "German"). */
export const languageLabel = (code: string): string => LANGUAGE_NAMES[code as LanguageCode] ?? code

/** What the popover says when no dictionary has the word. */
export const noTranslation = (language: string, word: string) => `No ${languageLabel(language)} meaning of “${word}” in the dictionaries.`

/** The popover's link to the learner's web dictionary. */
export const lookUpOnWeb = (word: string) => `Look up “${word}” on the web`

/** The dictionaries of one language, by name ("FreeDict English–German, Meine Karten"). */
export const dictionariesOf = (dictionaries: DictionaryInfo[], language: string) =>
  dictionaries.filter((d) => d.language === language).map((d) => d.name)

/**
 * The language picker's choices: languages this server has a dictionary for
 * first, then every other ISO 639-1 language, each group by name.
 */
export function languageOptions(dictionaries: DictionaryInfo[]): { withDictionary: Array<{ code: string; name: string }>; others: Array<{ code: string; name: string }> } {
  const covered = new Set(dictionaries.map((d) => d.language))
  // One collator for the ~1,300 comparisons: localeCompare with a locale makes a new one per call.
  const byName = new Intl.Collator('en')
  const all = Object.entries(LANGUAGE_NAMES)
    .filter(([code]) => code !== 'en')
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => byName.compare(a.name, b.name))
  return { withDictionary: all.filter((l) => covered.has(l.code)), others: all.filter((l) => !covered.has(l.code)) }
}

/** Lines in the server's order, those of one source after another together: the source is named once under them. */
export function bySource(translations: Translation[]): Array<{ source: string; texts: string[] }> {
  const groups: Array<{ source: string; texts: string[] }> = []
  for (const t of translations) {
    const last = groups.at(-1)
    if (last && last.source === t.source) last.texts.push(t.text)
    else groups.push({ source: t.source, texts: [t.text] })
  }
  return groups
}
