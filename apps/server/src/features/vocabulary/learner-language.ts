import { dictionaryLink, languageName, type Translation } from '@lingocast/contract'
import type { Translations } from './dictionaries/translations'
import type { Lookup } from './lookup'
import type { Sense, WordNet } from '../tutor/offline/wordnet'
import { translateWith } from './meaning-in-sentence'
import type { WordSettings, WordSettingsPatch, WordSettingsRepo } from './word-settings.repo'

/** What the lookup adds in the learner's language (decision 0013). */
export interface LearnerMeaning {
  translations: Translation[]
  /** Present (true) while a dictionary of the learner's language is still being indexed. */
  translations_pending?: true
  native_language: string | null
  dictionary_link: string | null
}

/** The part of a lookup's answer the translations need: the word as read in its sentence. */
interface LookedUp {
  word: string
  lemma: string
  pos: string
  /** The WordNet sense the lookup chose: the lines are ordered by it, and it is left out of the answer. */
  wordnetSense?: Sense | undefined
}

/**
 * The learner's language (decision 0013): their settings, and the lookup's
 * meanings in that language from the offline dictionaries. The settings are
 * read while the lookup analyses the word, so a lookup costs one indexed
 * read more and the dictionaries' hash probes.
 */
export function createLearnerLanguage(deps: { settings: WordSettingsRepo; translations: Translations; wordnet?: WordNet }) {
  const { settings, translations } = deps
  // With WordNet, each dictionary's lines come in the order of the sense the word has in its sentence.
  const translate = translateWith(translations, deps.wordnet)

  async function meaningFor(own: WordSettings, found: LookedUp, sentence: string | undefined): Promise<LearnerMeaning> {
    const language = own.nativeLanguage
    const list = language ? await translate(language, found, sentence) : []
    return {
      translations: list,
      // Asked at once, a lookup answers without a dictionary still indexing (a learner who just chose their language): the console asks again.
      ...(language && translations.indexing(language) ? { translations_pending: true as const } : {}),
      native_language: language,
      dictionary_link: own.dictionaryUrl ? dictionaryLink(own.dictionaryUrl, found.lemma) : null,
    }
  }

  return {
    async settingsOf(userId: number) {
      const own = await settings.get(userId)
      return { native_language: own.nativeLanguage, dictionary_url: own.dictionaryUrl, dictionaries: translations.list() }
    },

    async update(userId: number, patch: WordSettingsPatch) {
      const own = await settings.update(userId, patch)
      // The learner will look words up next: their dictionaries start indexing now.
      if (own.nativeLanguage) translations.warm(own.nativeLanguage)
      return { native_language: own.nativeLanguage, dictionary_url: own.dictionaryUrl, dictionaries: translations.list() }
    },

    /** The learner's language by name ("German"), or undefined when they have none. */
    async languageOf(userId: number): Promise<{ code: string; name: string } | undefined> {
      const code = (await settings.get(userId)).nativeLanguage
      return code ? { code, name: languageName(code) } : undefined
    },

    /** A lookup whose answer also carries the meanings in the learner's language. */
    withTranslations<A extends unknown[], R extends LookedUp>(lookup: (userId: number, word: string, sentence?: string, ...rest: A) => Promise<R>) {
      return async (userId: number, word: string, sentence?: string, ...rest: A): Promise<Omit<R, 'wordnetSense'> & LearnerMeaning> => {
        const own = settings.get(userId)
        // Read beside the lookup; a rejection is awaited below, never left unhandled.
        own.catch(() => undefined)
        const found = await lookup(userId, word, sentence, ...rest)
        const { wordnetSense: _, ...answer } = found
        return { ...answer, ...(await meaningFor(await own, found, sentence)) }
      }
    },
  }
}

export type LearnerLanguage = ReturnType<typeof createLearnerLanguage>

/** The lookup popover's data with the meanings in the learner's language. */
export type TranslatedLookup = (userId: number, word: string, sentence?: string) => Promise<Omit<Awaited<ReturnType<Lookup>>, 'wordnetSense'> & LearnerMeaning>
