// Apart from messages.ts: a screen's texts go with its own code, not in every screen's first load.

/** Memories texts: spec 001 s8 where it names them, ours otherwise. */
export const MEMORIES_MSG = {
  // Spec 001 s8 (console).
  fetchDecksFailed: 'Failed to fetch decks',
  deckNotFound: 'Deck not found',
  fetchDeckFailed: 'Failed to fetch deck details',
  fetchFlashcardsFailed: 'Failed to fetch flashcards',
  createDeckFailed: 'Failed to create deck',
  createFlashcardFailed: 'Failed to create flashcard',
  updateFlashcardFailed: 'Failed to update flashcard',
  deleteFlashcardFailed: 'Failed to delete flashcard',
  reviewFailed: 'Failed to submit review in background.',
  statsFailed: 'Failed to fetch statistics',
  // Ours: the server's validation and not-found messages.
  flashcardNotFound: 'Flashcard not found',
  deckIdRequired: 'deck_id is required',
  flashcardIdRequired: 'flashcard_id is required',
  deckNameRequired: 'Deck name is required',
  frontRequired: 'Front is required',
  backRequired: 'Back is required',
  badRating: 'rating must be Again, Hard, Good or Easy',
  badScheduler: 'scheduler must be fsrs or sm2',
  badAnswerButtons: 'answer_buttons must be 2 or 4',
  badAnswerTime: 'time_ms must be a whole number of milliseconds from 0 to 3600000',
  badTimeZone: 'tz must be an IANA time zone such as Europe/Paris',
  badPeriod: 'end_date must not be before start_date, and the period at most 400 days',
  tutorFailed: 'The tutor did not answer. Please try again.',
  csvEmpty: 'The CSV file is empty',
  csvTooLarge: 'The CSV file is too large (at most 900 KB)',
  csvNoColumns: 'The CSV file needs a header row with front and back columns',
  csvTooManyRows: 'The CSV file has more than 5000 cards',
  csvUnreadable: 'The CSV file could not be read',
  // Cards that speak.
  badCardKind: 'kind must be standard, listening or cloze',
  listeningNeedsSource: 'A listening card is made from a sentence of an article',
  badClipTimes: 'end_ms must be after start_ms, and the sentence at most 60 seconds',
  sourceHasNoWords: 'That part of the article has no transcript to cut a sentence from',
  audioNotFound: 'This card has no audio',
  // Reviews made offline.
  badReviewId: 'review_id must be a UUID',
  badAnsweredAt: 'answered_at must be an ISO 8601 time such as 2026-11-26T19:00:00.000Z',
  answeredInFuture: 'answered_at is in the future: check the device clock',
  answeredTooLongAgo: 'answered_at is more than 30 days ago: a review waits offline at most 30 days',
  reviewIdReused: 'review_id was already used for another card',
} as const
