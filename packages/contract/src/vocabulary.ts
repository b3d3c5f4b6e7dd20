import { z } from 'zod'
import { defineRoute, idListInput, intInput } from './http'
import { articleRef } from './library'

/**
 * Words you know (issue 15): every word a learner meets has a status for
 * them, kept per lemma (running, ran, runs -> run). 'new' is never stored:
 * it is every lemma without a row. 'learning' is also implied by a card in
 * any of the user's decks whose front is that word.
 */
export const WORD_STATUSES = ['new', 'learning', 'known', 'ignored'] as const
export type WordStatus = (typeof WORD_STATUSES)[number]

export const VOCABULARY_MSG = {
  badStatus: 'status must be new, learning, known or ignored',
  wordsRequired: 'Give at least one word',
  tooManyWords: 'At most 5000 words at once',
  wordTooLong: 'A word is at most 64 characters',
  wordRequired: 'word is required',
  importEmpty: 'The file has no words',
  importTooLarge: 'The file is larger than 10 MB',
  importTooManyLines: 'The file has more than 200,000 lines',
  importNoWordColumn: 'The CSV has no word column (word, term or lemma)',
  badLevel: 'level must be a whole number from 0 to 30000',
  articleHasNoTranscript: 'This article has no transcript yet',
  noModel: 'No AI model is configured: the dictionary sense is shown instead',
  modelFailed: 'The AI model did not answer',
} as const

/** Most words one status call or one import may change. */
export const WORDS_PER_CALL_MAX = 5_000
/** Most lines one import takes (a whole LingQ or Lute export); blank lines are not counted. A longer file is refused whole. */
export const WORD_IMPORT_MAX_LINES = 200_000
export const WORD_IMPORT_MAX_BYTES = 10 * 1024 * 1024
export const WORD_MAX_LENGTH = 64

const status = z.enum(WORD_STATUSES, { error: VOCABULARY_MSG.badStatus })
const word = z.string({ error: VOCABULARY_MSG.wordRequired }).trim().min(1, VOCABULARY_MSG.wordRequired).max(WORD_MAX_LENGTH, VOCABULARY_MSG.wordTooLong)

export const vocabularyWord = z.object({
  lemma: z.string(),
  status: z.enum(WORD_STATUSES),
  /** How many times the lemma occurs in the transcripts of the user's library. */
  seen: z.number().int(),
  /** When the user last changed its status; null for a word never marked (status new or from a card). */
  updated_at: z.string().nullable(),
})
export type VocabularyWord = z.infer<typeof vocabularyWord>

export const statusCounts = z.object({ new: z.number().int(), learning: z.number().int(), known: z.number().int(), ignored: z.number().int() })
export type StatusCounts = z.infer<typeof statusCounts>

/** The Vocabulary screen's list: search (prefix of the lemma), filter by status, newest change first, paged. */
export const listWords = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words',
  auth: 'bearer',
  query: z.object({
    q: z.string().trim().max(WORD_MAX_LENGTH).optional(),
    status: status.optional(),
    offset: intInput('offset must be a whole number from 0', 0, 1_000_000).default(0),
    limit: intInput('limit must be a whole number from 1 to 500', 1, 500).default(100),
  }),
  response: z.object({ success: z.literal(true), words: z.array(vocabularyWord), total: z.number().int(), counts: statusCounts, msg: z.literal('ok') }),
})

/**
 * Sets the status of words, each turned into its lemma first ("ran" marks
 * "run"). 'new' forgets the mark. Answers the lemmas whose status changed
 * and what each was before, so the console can undo.
 */
export const setWordStatus = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/words/status',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: z.object({
    words: z.array(word, { error: VOCABULARY_MSG.wordsRequired }).min(1, VOCABULARY_MSG.wordsRequired).max(WORDS_PER_CALL_MAX, VOCABULARY_MSG.tooManyWords),
    status,
  }),
  response: z.object({
    success: z.literal(true),
    changed: z.array(z.object({ lemma: z.string(), before: z.enum(WORD_STATUSES) })),
    msg: z.literal('ok'),
  }),
})

/**
 * A word list as known (or another status): plain text one per line, a CSV
 * with a word/term/lemma column, or the term exports of LingQ, Lute and LWT.
 */
export const importWords = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/words/import',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: z.object({
    text: z.string({ error: VOCABULARY_MSG.importEmpty }).max(WORD_IMPORT_MAX_BYTES, VOCABULARY_MSG.importTooLarge),
    /** Status for lines that carry none (plain lists); LingQ/Lute/LWT rows keep their own. */
    status: status.default('known'),
  }),
  response: z.object({ success: z.literal(true), imported: z.number().int(), skipped: z.number().int(), msg: z.literal('ok') }),
})

/** Every marked word as CSV: lemma, status, updated_at. The response is the file. */
export const exportWords = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/export.csv',
  auth: 'bearer',
  response: z.string(),
})

/** How much of an article's transcript the user knows. Absent where the article has no transcript (not zero). */
export const comprehension = z.object({
  /** Share of running words whose lemma is known or learning (ignored words are left out of both sides). */
  known_share: z.number(),
  /** Distinct lemmas still new. */
  new_words: z.number().int(),
  /** Running words counted. */
  words: z.number().int(),
})
export type Comprehension = z.infer<typeof comprehension>

/** Comprehension of the user's articles, by HashID: the library cards and the sort "easiest first". */
export const libraryComprehension = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/comprehension',
  auth: 'bearer',
  response: z.object({ success: z.literal(true), articles: z.record(z.string(), comprehension), msg: z.literal('ok') }),
})

/**
 * Statuses for marking an article's transcript: each word form of it
 * (lower case, as tokenised) with its lemma, and each lemma's status.
 */
export const articleWords = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/article',
  auth: 'bearer',
  query: z.object({ article_id: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), articleRef) }),
  response: z.object({
    success: z.literal(true),
    forms: z.record(z.string(), z.string()),
    statuses: z.record(z.string(), z.enum(WORD_STATUSES)),
    comprehension: comprehension.optional(),
    msg: z.literal('ok'),
  }),
})

/** "Mark the remaining new words as known" when an article is finished; `changed` undoes it with setWordStatus 'new'. */
export const markArticleKnown = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/words/article/known',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: z.object({ article_id: articleRef }),
  response: z.object({ success: z.literal(true), changed: z.array(z.string()), msg: z.literal('ok') }),
})

/** The lookup popover's data for one word in its sentence. */
export const lookupWord = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/lookup',
  auth: 'bearer',
  query: z.object({ word, sentence: z.string().max(2000).optional() }),
  response: z.object({
    success: z.literal(true),
    word: z.string(),
    lemma: z.string(),
    /** Universal part of speech of the word in the sentence: NOUN, VERB, ADJ, ADV, PROPN... */
    pos: z.string(),
    /** From the CMU pronouncing dictionary, as IPA; null for a word it lacks. */
    ipa: z.string().nullable(),
    /** The WordNet sense that fits the sentence best (offline); null when WordNet has none. */
    sense: z.object({ gloss: z.string(), examples: z.array(z.string()) }).nullable(),
    status: z.enum(WORD_STATUSES),
    seen: z.number().int(),
    /** True when a model is configured (AI_BASE_URL): the popover then also asks explainWord. */
    model: z.boolean(),
    msg: z.literal('ok'),
  }),
})

/**
 * The configured model's short explanation of a word in its sentence (only
 * with AI_BASE_URL; the offline lookup already gives the WordNet sense).
 * Spends the same per-user tutor budget as the chat.
 */
export const explainWord = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/explain',
  auth: 'bearer',
  query: z.object({ word, sentence: z.string().max(2000).optional() }),
  response: z.object({ success: z.literal(true), explanation: z.string(), msg: z.literal('ok') }),
})

/** Placement: words sampled across frequency bands of spoken English (SUBTLEX-US ranks). */
export const placementWords = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/placement',
  auth: 'bearer',
  response: z.object({
    success: z.literal(true),
    bands: z.array(z.object({ from_rank: z.number().int(), to_rank: z.number().int(), words: z.array(z.string()) })),
    msg: z.literal('ok'),
  }),
})

/**
 * Applies a placement: either a level (the top `level` words become known)
 * or the words ticked from the sample, from which the level is estimated.
 */
export const applyPlacement = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/words/placement',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: z.object({
    level: z.number({ error: VOCABULARY_MSG.badLevel }).int(VOCABULARY_MSG.badLevel).min(0, VOCABULARY_MSG.badLevel).max(30_000, VOCABULARY_MSG.badLevel).optional(),
    known: z.array(word).max(500).optional(),
    shown: z.array(word).max(500).optional(),
  }),
  response: z.object({ success: z.literal(true), level: z.number().int(), marked: z.number().int(), msg: z.literal('ok') }),
})

/** The statistics screen's known-words line: known lemmas at the end of each day with a change, in the range. */
export const knownWordsHistory = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/known_history',
  auth: 'bearer',
  query: z.object({
    start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'start_date must be YYYY-MM-DD'),
    end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'end_date must be YYYY-MM-DD'),
  }),
  response: z.object({ success: z.literal(true), days: z.array(z.object({ date: z.string(), known: z.number().int() })), msg: z.literal('ok') }),
})

/**
 * Comprehension of feed episodes whose transcript is known (someone studied
 * the episode, or its publisher transcript was fetched), by episode id;
 * episodes without one are absent (the console shows nothing, not zero).
 */
export const feedComprehension = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/feed_comprehension',
  auth: 'bearer',
  query: z.object({ ids: idListInput('ids must be up to 500 episode ids, comma-separated', 500) }),
  response: z.object({ success: z.literal(true), items: z.record(z.string(), comprehension), msg: z.literal('ok') }),
})
