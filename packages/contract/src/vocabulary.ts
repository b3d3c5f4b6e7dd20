import { z } from 'zod'
import { defineRoute, idListInput, intInput } from './http'
import { changedAt } from './change-time'
import { articleRef } from './library'
import { translation } from './learner-language'
import { lazySchema } from './lazy-schema'

// The learner's language: its settings and translate routes sit with the other words routes.
export * from './learner-language'

/**
 * Words you know: every word a learner meets has a status for
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
  phraseTooLong: 'A phrase is at most 6 words',
  badLearningLevel: 'level must be 1, 2, 3 or 4',
  levelNeedsLearning: 'A level goes with the status learning',
  hintRequired: 'hint is required (an empty hint removes it)',
  hintTooLong: 'A hint is at most 500 characters',
  hintControl: 'A hint cannot hold control characters',
} as const

/** Most words one status call or one import may change. */
export const WORDS_PER_CALL_MAX = 5_000
/** Most lines one import takes (a whole LingQ or Lute export); blank lines are not counted. A longer file is refused whole. */
export const WORD_IMPORT_MAX_LINES = 200_000
export const WORD_IMPORT_MAX_BYTES = 10 * 1024 * 1024
export const WORD_MAX_LENGTH = 64

/**
 * A term is a lemma or a phrase of up to this many words, kept as
 * its lemmas joined by single spaces ("look forward to"), so every
 * inflection of its words matches ("looked forward to").
 */
export const PHRASE_MAX_WORDS = 6
/** Learning has levels 1-4 as in LingQ and Lute (1 is the first); known is their 5. */
export const LEARNING_LEVELS = [1, 2, 3, 4] as const
export type LearningLevel = (typeof LEARNING_LEVELS)[number]
/** The learner's own hint of a term: one short text (Lute's and LWT's translations hold 500 characters). */
export const HINT_MAX_LENGTH = 500

const status = lazySchema(() => z.enum(WORD_STATUSES, { error: VOCABULARY_MSG.badStatus }))
const word = lazySchema(() => z.string({ error: VOCABULARY_MSG.wordRequired }).trim().min(1, VOCABULARY_MSG.wordRequired).max(WORD_MAX_LENGTH, VOCABULARY_MSG.wordTooLong))
/** The words of a term as written (a phrase's are separated by white space). */
export const termWords = (text: string) => text.trim().split(/\s+/).filter(Boolean)
/** A word, or a phrase of up to PHRASE_MAX_WORDS words of up to WORD_MAX_LENGTH characters each. */
const term = lazySchema(() => z
  .string({ error: VOCABULARY_MSG.wordRequired })
  .trim()
  .min(1, VOCABULARY_MSG.wordRequired)
  .refine((t) => termWords(t).every((w) => w.length <= WORD_MAX_LENGTH), VOCABULARY_MSG.wordTooLong)
  .refine((t) => termWords(t).length <= PHRASE_MAX_WORDS, VOCABULARY_MSG.phraseTooLong))
const learningLevel = lazySchema(() => intInput(VOCABULARY_MSG.badLearningLevel, 1, 4))
/** Text the learner writes as a hint: trimmed, at most HINT_MAX_LENGTH characters, line breaks and tabs but no other control characters. */
const hintText = lazySchema(() => z
  .string({ error: VOCABULARY_MSG.hintRequired })
  .trim()
  .max(HINT_MAX_LENGTH, VOCABULARY_MSG.hintTooLong)
  .refine((t) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(t), VOCABULARY_MSG.hintControl))

export const vocabularyWord = lazySchema(() => z.object({
  /** The lemma, or a phrase's lemmas joined by single spaces. */
  lemma: z.string(),
  status: z.enum(WORD_STATUSES),
  /** 1-4 while learning, null otherwise. */
  level: z.number().int().nullable(),
  /** The learner's own hint, whatever the status; null when none. */
  hint: z.string().nullable(),
  /** How many times the lemma occurs in the transcripts of the user's library. */
  seen: z.number().int(),
  /** When the user last changed its status; null for a word never marked (status new or from a card). */
  updated_at: z.string().nullable(),
}))
export type VocabularyWord = z.infer<typeof vocabularyWord>

export const statusCounts = lazySchema(() => z.object({ new: z.number().int(), learning: z.number().int(), known: z.number().int(), ignored: z.number().int() }))
export type StatusCounts = z.infer<typeof statusCounts>

/** The Vocabulary screen's list: search (prefix of the lemma, or a part of the hint), filter by status, newest change first, paged. */
export const listWords = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words',
  auth: 'bearer',
  query: lazySchema(() => z.object({
    q: z.string().trim().max(WORD_MAX_LENGTH).optional(),
    status: status.optional(),
    offset: intInput('offset must be a whole number from 0', 0, 1_000_000).default(0),
    limit: intInput('limit must be a whole number from 1 to 500', 1, 500).default(100),
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), words: z.array(vocabularyWord), total: z.number().int(), counts: statusCounts, msg: z.literal('ok') })),
})

/**
 * Sets the status of words and phrases, each turned into its lemma first
 * ("ran" marks "run", "looked forward to" marks "look forward to"). 'new'
 * forgets the term, its hint too. Learning takes a level 1-4; without one a
 * term already learning keeps its level and any other starts at 1. Answers
 * the terms whose status or level changed and what each was before (a
 * forgotten hint too), so the console can undo.
 */
export const setWordStatus = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/words/status',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z
    .object({
      words: z.array(term, { error: VOCABULARY_MSG.wordsRequired }).min(1, VOCABULARY_MSG.wordsRequired).max(WORDS_PER_CALL_MAX, VOCABULARY_MSG.tooManyWords),
      status,
      level: learningLevel.optional(),
      /** When the learner made the change (a mark sent from the outbox, decision 0016): a term changed later since keeps its status. */
      changed_at: changedAt.optional(),
    })
    .refine((b) => b.level === undefined || b.status === 'learning', { message: VOCABULARY_MSG.levelNeedsLearning, path: ['level'] })),
  response: lazySchema(() => z.object({
    success: z.literal(true),
    changed: z.array(
      z.object({
        lemma: z.string(),
        before: z.enum(WORD_STATUSES),
        /** The level before, when it was learning. */
        before_level: z.number().int().nullable(),
        /** The hint the change forgot (status new), to put back on undo. */
        before_hint: z.string().nullable(),
      }),
    ),
    msg: z.literal('ok'),
  })),
})

/**
 * The learner's own hint of a word or phrase (LingQ's hints,
 * Lute's translations). An empty hint removes it. A term without a status
 * becomes learning (level 1), as in LingQ and Lute; another keeps its status.
 */
export const setWordHint = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/words/hint',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ word: term, hint: hintText })),
  response: lazySchema(() => z.object({
    success: z.literal(true),
    lemma: z.string(),
    hint: z.string().nullable(),
    status: z.enum(WORD_STATUSES),
    level: z.number().int().nullable(),
    msg: z.literal('ok'),
  })),
})

/**
 * A word list as known (or another status): plain text one per line, a CSV
 * with a word/term/lemma column, or the term exports of LingQ, Lute and LWT,
 * whose levels, phrases and hints (LingQ's hints, Lute's and LWT's
 * translations) are kept.
 */
export const importWords = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/words/import',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    text: z.string({ error: VOCABULARY_MSG.importEmpty }).max(WORD_IMPORT_MAX_BYTES, VOCABULARY_MSG.importTooLarge),
    /** Status for lines that carry none (plain lists); LingQ/Lute/LWT rows keep their own. */
    status: status.default('known'),
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), imported: z.number().int(), skipped: z.number().int(), msg: z.literal('ok') })),
})

/** Every marked term as CSV: lemma, status, updated_at, level, hint. The response is the file. */
export const exportWords = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/export.csv',
  auth: 'bearer',
  response: lazySchema(() => z.string()),
})

/** How much of an article's transcript the user knows. Absent where the article has no transcript (not zero). */
export const comprehension = lazySchema(() => z.object({
  /** Share of running words whose lemma is known (ignored words are left out of both sides; learning words are not known). */
  known_share: z.number(),
  /** Share of running words whose lemma is being learned (any level), apart from the known share. */
  learning_share: z.number(),
  /** Distinct lemmas still new. */
  new_words: z.number().int(),
  /** Distinct lemmas being learned. */
  learning_words: z.number().int(),
  /** Running words counted. */
  words: z.number().int(),
}))
export type Comprehension = z.infer<typeof comprehension>

/** Comprehension of the user's articles, by HashID: the library cards and the sort "easiest first". */
export const libraryComprehension = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/comprehension',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), articles: z.record(z.string(), comprehension), msg: z.literal('ok') })),
})

/**
 * Statuses for marking an article's transcript: each word form of it
 * (lower case, as tokenised) with its lemma, and each lemma's status. The
 * user's phrases whose words all occur in it are among the statuses too,
 * keyed by their lemmas joined by spaces; `levels` holds the
 * level of each learning term above 1, `hints` each term's own hint.
 */
export const articleWords = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/article',
  auth: 'bearer',
  query: lazySchema(() => z.object({ article_id: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), articleRef) })),
  response: lazySchema(() => z.object({
    success: z.literal(true),
    forms: z.record(z.string(), z.string()),
    statuses: z.record(z.string(), z.enum(WORD_STATUSES)),
    levels: z.record(z.string(), z.number().int()).optional(),
    hints: z.record(z.string(), z.string()).optional(),
    comprehension: comprehension.optional(),
    msg: z.literal('ok'),
  })),
})

/** "Mark the remaining new words as known" when an article is finished; `changed` undoes it with setWordStatus 'new'. */
export const markArticleKnown = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/words/article/known',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ article_id: articleRef })),
  response: lazySchema(() => z.object({ success: z.literal(true), changed: z.array(z.string()), msg: z.literal('ok') })),
})

/** The lookup popover's data for one word, or a phrase of up to 6 words, in its sentence. */
export const lookupWord = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/lookup',
  auth: 'bearer',
  query: lazySchema(() => z.object({ word: term, sentence: z.string().max(2000).optional() })),
  response: lazySchema(() => z.object({
    success: z.literal(true),
    word: z.string(),
    lemma: z.string(),
    /** Universal part of speech of the word in the sentence: NOUN, VERB, ADJ, ADV, PROPN... */
    pos: z.string(),
    /** From the CMU pronouncing dictionary, as IPA; null for a word it lacks. */
    ipa: z.string().nullable(),
    /**
     * The sense that fits the sentence best (offline: WordNet's, chosen by the sentence; a function word's from the
     * built-in list; a contraction or a hyphenated word WordNet lacks, from its parts); null when there is none.
     */
    sense: z.object({
      gloss: z.string(),
      examples: z.array(z.string()),
      /** Beyond the word's part of speech: the sense's own, where they differ ("please" read as an interjection, in WordNet's adverb sense). */
      pos: z.string().optional(),
    }).nullable(),
    /** The word's other senses, most likely first (shown folded); absent or empty when there are none. */
    other_senses: z.array(z.object({ pos: z.string(), gloss: z.string(), examples: z.array(z.string()) })).optional(),
    status: z.enum(WORD_STATUSES),
    /** 1-4 while learning, null otherwise. */
    level: z.number().int().nullable(),
    /** The learner's own hint of the word or phrase; null when none. */
    hint: z.string().nullable(),
    seen: z.number().int(),
    /** True when a model is configured (AI_BASE_URL): the popover then also asks explainWord. */
    model: z.boolean(),
    /** Meanings in the learner's language, best first, each naming its source; empty without a language or an entry. */
    translations: z.array(translation),
    /**
     * True while a dictionary of the learner's language is still being indexed (they just chose it): the
     * lookup answered without waiting for it, and asking again a moment later may bring more meanings.
     */
    translations_pending: z.literal(true).optional(),
    /** The learner's language (ISO 639-1); null until they name one. */
    native_language: z.string().nullable(),
    /** The learner's web dictionary for this word (their template with the lemma filled in); null when none is set. */
    dictionary_link: z.string().nullable(),
    msg: z.literal('ok'),
  })),
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
  query: lazySchema(() => z.object({ word: term, sentence: z.string().max(2000).optional() })),
  response: lazySchema(() => z.object({ success: z.literal(true), explanation: z.string(), msg: z.literal('ok') })),
})

/** Placement: words sampled across frequency bands of spoken English (SUBTLEX-US ranks). */
export const placementWords = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/placement',
  auth: 'bearer',
  response: lazySchema(() => z.object({
    success: z.literal(true),
    bands: z.array(z.object({ from_rank: z.number().int(), to_rank: z.number().int(), words: z.array(z.string()) })),
    msg: z.literal('ok'),
  })),
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
  body: lazySchema(() => z.object({
    level: z.number({ error: VOCABULARY_MSG.badLevel }).int(VOCABULARY_MSG.badLevel).min(0, VOCABULARY_MSG.badLevel).max(30_000, VOCABULARY_MSG.badLevel).optional(),
    known: z.array(word).max(500).optional(),
    shown: z.array(word).max(500).optional(),
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), level: z.number().int(), marked: z.number().int(), msg: z.literal('ok') })),
})

/** The statistics screen's known-words line: known lemmas at the end of each day with a change, in the range. */
export const knownWordsHistory = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/words/known_history',
  auth: 'bearer',
  query: lazySchema(() => z.object({
    start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'start_date must be YYYY-MM-DD'),
    end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'end_date must be YYYY-MM-DD'),
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), days: z.array(z.object({ date: z.string(), known: z.number().int() })), msg: z.literal('ok') })),
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
  query: lazySchema(() => z.object({ ids: idListInput('ids must be up to 500 episode ids, comma-separated', 500) })),
  response: lazySchema(() => z.object({ success: z.literal(true), items: z.record(z.string(), comprehension), msg: z.literal('ok') })),
})
