import { MEMORIES_MSG, type CardKind } from '@lingocast/contract'
import { ApiError } from '../../api/client'

/** Visible texts of the memories screens that spec 001 quotes (s2, s4, s8), verbatim. */
export const MEMORIES_TEXT = {
  addCard: 'Add Card',
  startReview: 'Start Review',
  statistics: 'Statistics',
  totalCards: 'Total Cards',
  new: 'New',
  due: 'Due',
  learned: 'Learned',
  never: 'Never',
  notScheduled: 'Not scheduled',
  empty: 'No flashcards yet. Click "Add Card" to create your first flashcard.',
  createCardTitle: 'Create New Flashcard',
  frontLabel: 'Front (Question)',
  backLabel: 'Back (Answer)',
  createDeckTitle: 'Create New Deck',
  deckName: 'Deck Name',
  editTitle: 'Edit Flashcard',
  memorizeCue: 'Memorize Cue',
  refineCard: 'Refine Card',
  update: 'Update',
  applyUpdates: 'Apply Updates',
  updated: 'Updated',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',
  create: 'Create',
  viewerTitle: 'Flashcard Content',
  confirmDelete: 'Are you sure you want to delete this flashcard?',
  review: 'Review',
  back: 'Back',
  complete: 'Review Complete!',
  completeText: "You've reviewed all cards due for today. Great job!",
  backToDeck: 'Back to Deck',
  showAnswer: 'Show Answer',
  familiar: 'Familiar',
  unfamiliar: 'Unfamiliar',
  editFlashcard: 'Edit flashcard',
  showMore: 'Show more',
  showLess: 'Show less',
  chartTitle: 'Flashcard Activity',
  cardsAdded: 'Cards Added',
  cardsReviewed: 'Cards Reviewed',
  totalAdded: 'Total Cards Added',
  totalReviewed: 'Total Cards Reviewed',
  dailyActivity: 'Daily Activity',
  date: 'Date',
  noChartData: 'No activity data available for the selected period',
  noTableData: 'No data available for the selected period',
  // Cards that speak: a card's sentence clip and the listening card type (docs/memories.md).
  cardType: 'Card type',
  playSentence: 'Play the sentence',
  autoplay: 'Play automatically',
  audioPending: 'The sentence audio is being cut…',
  audioFailed: 'The sentence audio could not be cut from the media.',
  listenPrompt: 'Listen: what is said?',
  clozePrompt: 'Listen and fill the gap',
  hasAudio: 'Has the sentence audio',
} as const

export const CARD_KIND_OPTIONS = [
  { value: 'standard', label: 'Text' },
  { value: 'listening', label: 'Listening' },
  { value: 'cloze', label: 'Cloze' },
] as const satisfies ReadonlyArray<{ value: CardKind; label: string }>

export const CARD_KIND_HELP: Record<CardKind, string> = {
  standard: 'Shows the front word; the sentence plays with it.',
  listening: 'Plays the sentence with its text hidden; the answer shows it.',
  cloze: 'Plays the sentence and shows it with the front word blanked.',
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * A catalogue text for a failed call (spec 001 s8): the server's msg when it
 * sent one (alone, or after the fallback), `{fallback}: {reason}` when the
 * server could not be reached, the fallback alone otherwise.
 */
export function failureText(fallback: string, error: unknown, withServerMsg: 'replace' | 'append' = 'replace'): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return `${fallback}: ${reasonOf(error)}`
    if (error.msg) return withServerMsg === 'append' ? `${fallback}: ${error.msg}` : error.msg
    return fallback
  }
  return `${fallback}: ${reasonOf(error)}`
}

/** The AI chat's error line for a non-OK answer (spec 001 s8). */
export const chatErrorText = (status: number) => `Error: Chat API error: ${status}. Please try again.`
/** The AI chat's error line when the call itself failed (spec 001 s8, article-side wording). */
export const chatFailureText = (error: unknown) => `Error: ${reasonOf(error)}. Please try again.`

/** The review screen offline (ours: the spec has no offline screens; docs/offline.md, Reviews offline). */
export const OFFLINE_REVIEW_TEXT = {
  offline: 'You are offline: answers are kept on this device.',
  waiting: (n: number) => (n === 1 ? '1 review will be sent when you are online.' : `${n} reviews will be sent when you are online.`),
  sending: (n: number) => (n === 1 ? 'Sending 1 review made offline…' : `Sending ${n} reviews made offline…`),
  notKept: "This deck's cards are not on this device yet: open its review once while online to review it offline.",
} as const

/** The spec's counter: 'N reviewed · M remaining' (remaining never below 0). */
export const reviewCounter = (reviewed: number, total: number) => `${reviewed} reviewed · ${Math.max(0, total - reviewed)} remaining`
/** What follows the counter while cards wait in a learning step to come back in the same session (same-day learning steps, decision 0004): ' · K learning'. */
export const learningText = (learning: number) => (learning > 0 ? ` · ${learning} learning` : '')

export { MEMORIES_MSG }
