import { z } from 'zod'
import { defineRoute, idInput, intInput, MAX_ID, withPath, type RouteContract } from './http'
import { articleRef } from './library'
import { MEMORIES_MSG } from './memories-messages'
import { ANSWER_BUTTONS, ANSWER_TIME_MAX_MS, REVIEW_RATINGS, SCHEDULERS } from './review-rules'
import { lazySchema } from './lazy-schema'

const answerButtons = lazySchema(() => z.union([z.literal(ANSWER_BUTTONS[0]), z.literal(ANSWER_BUTTONS[1])]))
/** 2 or 4 in a request: a JSON number, or the digit in a form. */
const answerButtonsInput = lazySchema(() => z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
  z.union([z.literal(ANSWER_BUTTONS[0]), z.literal(ANSWER_BUTTONS[1])], { error: MEMORIES_MSG.badAnswerButtons }),
))

/**
 * Deck entity (spec 001 s3: id, name) plus the scheduler it reviews with
 * (FSRS-6 unless SM-2 was chosen) and its answer buttons (2: the spec's
 * Unfamiliar / Familiar; 4: Anki's Again, Hard, Good, Easy).
 */
export const deck = lazySchema(() => z.object({
  id: z.number().int(),
  name: z.string(),
  scheduler: z.enum(SCHEDULERS),
  answer_buttons: answerButtons,
}))
export type Deck = z.infer<typeof deck>

/**
 * What a card is reviewed as: 'standard' shows the front; 'listening' plays
 * the sentence with its text hidden; 'cloze' plays it with the front word
 * blanked in the sentence. Both listening kinds need the sentence's audio.
 */
export const CARD_KINDS = ['standard', 'listening', 'cloze'] as const
export type CardKind = (typeof CARD_KINDS)[number]
/** A sentence clip is at most this long: a card is one sentence, not a chapter. */
export const CLIP_MAX_MS = 60_000
/** The clip of one card streams from here (GET; the Token cookie counts, as an <audio> sends no header). */
export const FLASHCARD_AUDIO_PATH = '/english_vocab/memories/flashcard/:id/audio'
export const flashcardAudioUrl = (flashcardId: number) => FLASHCARD_AUDIO_PATH.replace(':id', String(flashcardId))

/**
 * Flashcard entity, field names as spec 001 s3 writes them. Dates are ISO
 * 8601 instants (UTC); the console compares them by the learner's calendar day.
 * `next_review` is null only for a card that was never scheduled.
 */
export const flashcard = lazySchema(() => z.object({
  id: z.number().int(),
  deck_id: z.number().int(),
  front: z.string(),
  back: z.string(),
  ef: z.number(),
  repetition: z.number().int(),
  next_review: z.string().nullable(),
  last_reviewed: z.string().nullable(),
  created_at: z.string(),
  // Beyond the spec: the card's type and its sentence audio.
  kind: z.enum(CARD_KINDS),
  audio: z
    .object({
      /** pending while the clip is cut; failed if the media could not be read. */
      status: z.enum(['pending', 'ready', 'failed']),
      /** Where the clip streams from (cookie auth, Range), once ready. */
      url: z.string().nullable(),
    })
    .nullable(),
}))
export type Flashcard = z.infer<typeof flashcard>

/** Daily stat and stats summary (spec 001 s3). */
export const dailyStat = lazySchema(() => z.object({ date: z.string(), cards_added: z.number().int(), cards_reviewed: z.number().int() }))
export type DailyStat = z.infer<typeof dailyStat>
export const statsSummary = lazySchema(() => z.object({ total_added: z.number().int(), total_reviewed: z.number().int(), start_date: z.string(), end_date: z.string() }))
export type StatsSummary = z.infer<typeof statsSummary>

/** The longest front, back and deck name we keep; far beyond any real card, short of abuse. */
export const FRONT_MAX = 1_000
export const BACK_MAX = 20_000
export const DECK_NAME_MAX = 200
/** The stats screen's longest period is a year; a little more covers a leap year and time zones. */
export const STATS_MAX_DAYS = 400

const id = idInput
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).refine((v) => v.trim() !== '', message).pipe(z.string().max(max, `${message.split(' is ')[0]} is too long (at most ${max} characters)`))

const deckId = lazySchema(() => id(MEMORIES_MSG.deckIdRequired))
/** A card's two texts, both required; the front is kept trimmed. */
const cardText = () => ({
  front: requiredText(MEMORIES_MSG.frontRequired, FRONT_MAX).transform((v) => v.trim()),
  back: requiredText(MEMORIES_MSG.backRequired, BACK_MAX),
})
const ymd = (field: string) => z.string({ error: `${field} is required` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)

export const listDecks = defineRoute({
  method: 'GET',
  path: '/english_vocab/memories/decks',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), decks: z.array(deck), msg: z.literal('ok') })),
})

export const createDeck = defineRoute({
  method: 'POST',
  path: '/english_vocab/memories/deck',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    name: requiredText(MEMORIES_MSG.deckNameRequired, DECK_NAME_MAX).transform((v) => v.trim()),
    scheduler: z.enum(SCHEDULERS, { error: MEMORIES_MSG.badScheduler }).default('fsrs'),
    answer_buttons: answerButtonsInput.optional(),
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), deck, msg: z.literal('ok') })),
})

/** One deck with its settings (beyond the spec); another user's deck is not found. */
export const getDeckSettings = defineRoute({
  method: 'GET',
  path: '/english_vocab/memories/deck/:id/settings',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), deck, msg: z.literal('ok') })),
})

/** Changes how a deck is reviewed: 2 or 4 answer buttons (beyond the spec). */
export const updateDeckSettings = defineRoute({
  method: 'PUT',
  path: '/english_vocab/memories/deck/:id/settings',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    answer_buttons: answerButtonsInput,
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), deck, msg: z.literal('ok') })),
})

export const listFlashcards = defineRoute({
  method: 'GET',
  path: '/english_vocab/memories/flashcards',
  auth: 'bearer',
  query: lazySchema(() => z.object({ deck_id: deckId })),
  response: lazySchema(() => z.object({ success: z.literal(true), flashcards: z.array(flashcard), msg: z.literal('ok') })),
})

export const createFlashcard = defineRoute({
  method: 'POST',
  path: '/english_vocab/memories/flashcard',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z
    .object({
      deck_id: deckId,
      ...cardText(),
      // Beyond the spec: the card's type and the sentence it was made from, whose audio it keeps.
      kind: z.enum(CARD_KINDS, { error: MEMORIES_MSG.badCardKind }).optional(),
      source: z
        .object({
          article_id: articleRef,
          start_ms: intInput(MEMORIES_MSG.badClipTimes, 0, MAX_ID),
          end_ms: intInput(MEMORIES_MSG.badClipTimes, 1, MAX_ID),
        })
        .refine((s) => s.end_ms > s.start_ms && s.end_ms - s.start_ms <= CLIP_MAX_MS, MEMORIES_MSG.badClipTimes)
        .optional(),
    })
    .refine((b) => (b.kind ?? 'standard') === 'standard' || b.source !== undefined, MEMORIES_MSG.listeningNeedsSource)),
  response: lazySchema(() => z.object({ success: z.literal(true), flashcard, msg: z.literal('ok') })),
})

/** `:id` in the path; the console fills it in with `pathWithId`. */
export const flashcardIdParams = lazySchema(() => z.object({ id: id(MEMORIES_MSG.flashcardNotFound) }))
export const deckIdParams = lazySchema(() => z.object({ id: id(MEMORIES_MSG.deckNotFound) }))

export const updateFlashcard = defineRoute({
  method: 'PUT',
  path: '/english_vocab/memories/flashcard/:id',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object(cardText())),
  response: lazySchema(() => z.object({ success: z.literal(true), flashcard, msg: z.literal('ok') })),
})

export const deleteFlashcard = defineRoute({
  method: 'DELETE',
  path: '/english_vocab/memories/flashcard/:id',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok') })),
})

/** A route with `:id` in its path, pointed at one card or deck. */
export function pathWithId<R extends RouteContract>(route: R, flashcardId: number): R {
  return withPath(route, route.path.replace(':id', String(flashcardId)))
}

export const reviewFlashcard = defineRoute({
  method: 'POST',
  path: '/english_vocab/memories/review',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({
    flashcard_id: id(MEMORIES_MSG.flashcardIdRequired),
    rating: z.enum(REVIEW_RATINGS, { error: MEMORIES_MSG.badRating }),
    /** Beyond the spec: how long the learner took to answer, in ms (the Anki export's answer time). */
    time_ms: intInput(MEMORIES_MSG.badAnswerTime, 0, ANSWER_TIME_MAX_MS).optional(),
    /**
     * Beyond the spec: the client's id of this answer. The same id
     * sent again (a retry, an outbox flushed twice) answers with the card as
     * it is and changes nothing.
     */
    review_id: z.uuid({ error: MEMORIES_MSG.badReviewId }).transform((v) => v.toLowerCase()).optional(),
    /** Beyond the spec: when the learner answered (a review made offline is scheduled at its own time). */
    answered_at: z.iso.datetime({ offset: true, error: MEMORIES_MSG.badAnsweredAt }).optional(),
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), updated_flashcard: flashcard, msg: z.literal('ok') })),
})

/**
 * When a card would next be due after each answer, in seconds from now
 * (beyond the spec): what the four-button review writes under each button.
 */
export const reviewIntervals = defineRoute({
  method: 'GET',
  path: '/english_vocab/memories/flashcard/:id/intervals',
  auth: 'bearer',
  response: lazySchema(() => z.object({
    success: z.literal(true),
    intervals: z.object(Object.fromEntries(REVIEW_RATINGS.map((r) => [r, z.number()])) as Record<(typeof REVIEW_RATINGS)[number], z.ZodNumber>),
    msg: z.literal('ok'),
  })),
})

export const stats = defineRoute({
  method: 'GET',
  path: '/english_vocab/memories/stats',
  auth: 'bearer',
  query: lazySchema(() => z.object({
    start_date: ymd('start_date'),
    end_date: ymd('end_date'),
    /** The learner's IANA time zone: a day of activity is their calendar day. UTC when absent. */
    tz: z.string().max(64).optional(),
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), stats: z.array(dailyStat), summary: statsSummary, msg: z.literal('ok') })),
})

/** Most cards one CSV import may add; a deck far larger than anyone reviews. */
export const CSV_IMPORT_MAX_ROWS = 5_000

/**
 * A deck as CSV (beyond the spec): front, back (with its context block),
 * the source title and sentence, and the schedule. Downloaded by a plain
 * link, so it also accepts the Token cookie. The response is the file.
 */
export const exportDeckCsv = defineRoute({
  method: 'GET',
  path: '/english_vocab/memories/deck/:id/export.csv',
  auth: 'bearer',
  response: lazySchema(() => z.string()),
})

/** A deck as an Anki package (.apkg) with each card's source sentence and title (beyond the spec). */
export const exportDeckApkg = defineRoute({
  method: 'GET',
  path: '/english_vocab/memories/deck/:id/export.apkg',
  auth: 'bearer',
  response: lazySchema(() => z.instanceof(Uint8Array)),
})

/** Most one deck file may hold (900 KB: characters of `csv`, bytes of `file_base64`), and that in base64. */
const CSV_IMPORT_MAX_BYTES = 900_000
const CSV_IMPORT_MAX_BASE64 = Math.ceil(CSV_IMPORT_MAX_BYTES / 3) * 4

/**
 * Adds the rows of a CSV with front and back columns to a deck, all or none.
 * The file comes as text (`csv`) or, as the console sends it, as its bytes in
 * base64 (`file_base64`), which the server decodes whatever the encoding
 * (UTF-8 with or without BOM, UTF-16, Windows-1252 as Excel saves "CSV
 * (Comma delimited)"). One of the two; the bytes win when both are sent.
 */
export const importDeckCsv = defineRoute({
  method: 'POST',
  path: '/english_vocab/memories/deck/:id/import',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z
    .object({
      csv: z.string({ error: MEMORIES_MSG.csvEmpty }).max(CSV_IMPORT_MAX_BYTES, MEMORIES_MSG.csvTooLarge).optional(),
      file_base64: z
        .string({ error: MEMORIES_MSG.csvUnreadable })
        .max(CSV_IMPORT_MAX_BASE64, MEMORIES_MSG.csvTooLarge)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, MEMORIES_MSG.csvUnreadable)
        .optional(),
    })
    .refine((b) => b.csv !== undefined || b.file_base64 !== undefined, { error: MEMORIES_MSG.csvEmpty })),
  response: lazySchema(() => z.object({ success: z.literal(true), imported: z.number().int(), msg: z.literal('ok') })),
})
