import { z } from 'zod'
import { defineRoute } from './http'
import { isLanguageCode } from './languages'
import { lazySchema } from './lazy-schema'

/**
 * The learner's language: a per-user native language, and the
 * meanings of looked-up words in it, each line naming where it came from
 * (an offline dictionary, or the configured AI model). Re-exported by
 * vocabulary.ts, so these routes sit with the other words routes.
 */

/** Longest sentence the model is asked to translate (a caption line or two). */
export const TRANSLATE_SENTENCE_MAX_LENGTH = 2000

export const LANGUAGE_MSG = {
  badLanguage: 'Unknown language code: use a two-letter ISO 639-1 code such as de, fr, ja or zh',
  badDictionaryUrl: 'The web dictionary must be an http(s) address with {word} where the word goes, e.g. https://www.dict.cc/?s={word}',
  noLanguage: 'Choose your language first (Memories → Vocabulary → Your language)',
  noModel: 'No AI model is configured: only the offline dictionaries translate',
  sentenceRequired: 'sentence is required',
  sentenceTooLong: `A sentence is at most ${TRANSLATE_SENTENCE_MAX_LENGTH} characters`,
} as const

/** Longest web dictionary template kept. */
export const DICTIONARY_URL_MAX_LENGTH = 500

/** A code as a browser or a person writes it ("de", "DE", "de-AT", "pt_BR"): the ISO 639-1 part, lower case. */
export const languageCodeOf = (text: string) => text.trim().toLowerCase().replace(/[-_].*$/, '')

/** A learner's language in a request: an ISO 639-1 code (a region is dropped: "de-AT" is "de"). */
export const languageInput = lazySchema(() => z
  .string({ error: LANGUAGE_MSG.badLanguage })
  .max(35, LANGUAGE_MSG.badLanguage)
  .transform(languageCodeOf)
  .refine(isLanguageCode, LANGUAGE_MSG.badLanguage))

/** Whether a web dictionary template is an http(s) address with a {word} slot. */
export function isDictionaryUrl(template: string): boolean {
  if (!template.includes('{word}') || template.length > DICTIONARY_URL_MAX_LENGTH) return false
  try {
    const url = new URL(template.replaceAll('{word}', 'word'))
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** The web dictionary's address for a word: the template with {word} filled in (encoded). */
export const dictionaryLink = (template: string, word: string) => template.replaceAll('{word}', encodeURIComponent(word))

/** A web dictionary template in a request; empty text clears it, as null does. */
const dictionaryUrlInput = lazySchema(() => z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z.string({ error: LANGUAGE_MSG.badDictionaryUrl }).refine(isDictionaryUrl, LANGUAGE_MSG.badDictionaryUrl).nullable(),
))

/** One meaning in the learner's language and where it came from ("FreeDict English–German", "AI model gpt-4o-mini"). */
export const translation = lazySchema(() => z.object({ text: z.string(), source: z.string() }))
export type Translation = z.infer<typeof translation>

/** A bilingual dictionary this server found, by the language it translates into. */
export const dictionaryInfo = lazySchema(() => z.object({ language: z.string(), name: z.string() }))
export type DictionaryInfo = z.infer<typeof dictionaryInfo>

const settingsResponse = lazySchema(() => z.object({
  success: z.literal(true),
  /** ISO 639-1; null until the learner names one. */
  native_language: z.string().nullable(),
  /** The web dictionary offered when no source knows a word: a URL template with {word}; null when none. */
  dictionary_url: z.string().nullable(),
  /** The offline dictionaries of this server, each with the language it translates English into. */
  dictionaries: z.array(dictionaryInfo),
  msg: z.literal('ok'),
}))

/** The signed-in learner's word settings, and the dictionaries the server has. */
export const getWordSettings = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/settings',
  auth: 'bearer',
  response: settingsResponse,
})

/** Changes the learner's word settings: a field left out stays as it is, null clears it. */
export const updateWordSettings = defineRoute({
  method: 'PUT',
  path: '/english_vocab/api/words/settings',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    native_language: languageInput.nullable().optional(),
    dictionary_url: dictionaryUrlInput.optional(),
  })),
  response: settingsResponse,
})

const modelTranslation = lazySchema(() => z.object({ success: z.literal(true), translation, msg: z.literal('ok') }))

/**
 * The configured model's meaning of the word in this sentence, in the
 * learner's language (on the tutor's per-user budget, as explainWord).
 */
export const translateWord = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/translate',
  auth: 'bearer',
  query: lazySchema(() => z.object({
    word: z.string().trim().min(1, 'word is required').max(200, 'A word or phrase is at most 200 characters'),
    sentence: z.string().max(TRANSLATE_SENTENCE_MAX_LENGTH, LANGUAGE_MSG.sentenceTooLong).optional(),
  })),
  response: modelTranslation,
})

/** The configured model's translation of the whole sentence into the learner's language (on request). */
export const translateSentence = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/translate_sentence',
  auth: 'bearer',
  query: lazySchema(() => z.object({
    sentence: z
      .string({ error: LANGUAGE_MSG.sentenceRequired })
      .trim()
      .min(1, LANGUAGE_MSG.sentenceRequired)
      .max(TRANSLATE_SENTENCE_MAX_LENGTH, LANGUAGE_MSG.sentenceTooLong),
  })),
  response: modelTranslation,
})
