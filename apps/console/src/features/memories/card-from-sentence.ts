import type { FlashcardSuggestion } from '@lingocast/contract'
import { readStoredNumber, writeStored, type KeyValueStorage } from '../../lib/local-storage'

/**
 * The card window opened from the player (one step from a sentence to a
 * card): what the tutor's answer to the flashcard request fills in, what
 * is still missing, and the deck last used from the player.
 */

/** Local storage key of the deck the last card made in the player went to (ours, beside the spec's lastSelectedDeckId). */
export const PLAYER_DECK_KEY = 'lastPlayerDeckId'
/** The name a deck made in the card window starts with. */
export const FIRST_DECK_NAME = 'My words'

export const CARD_WINDOW_TEXT = {
  proposing: 'The tutor is proposing a card…',
  proposalFailed: 'The tutor could not propose a card: pick the front and write the cue yourself.',
  noProposal: 'The tutor found no word to propose here: pick the front and write the cue yourself.',
  noCueFor: (front: string) => `The tutor has no meaning for “${front}”: write the cue yourself.`,
  suggestions: 'The tutor suggests:',
  noDecks: 'No decks yet: make one here.',
  newDeck: 'New deck',
  newDeckName: 'New deck name',
  createDeck: 'Create deck',
  cancelNewDeck: 'Use an existing deck',
  stillNeeded: (missing: readonly string[]) => `Still needed: ${missing.join(', ')}.`,
  missingFront: 'a front (click a word of the sentence, or type it)',
  missingCue: 'a memorize cue',
  missingDeck: 'a deck',
} as const

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The meaning the tutor gave for a front: the back of its card with that
 * front; when the tutor was asked about this very front (`asked`), its first
 * card, which it writes for the picked word (perhaps in another form).
 */
export function cueFor(front: string, cards: readonly FlashcardSuggestion[], asked = false): string | undefined {
  if (front.trim() === '') return undefined
  return (cards.find((c) => same(c.front, front)) ?? (asked ? cards[0] : undefined))?.back.trim()
}

export interface CardFields {
  front: string
  cue: string
}

/**
 * The window's front and cue once the tutor has answered. What the learner
 * typed or picked stays: the front the learner chose (clicked or looked up in
 * the player, or picked in the window) wins over the tutor's pick, and a cue
 * the learner wrote is never replaced.
 */
export function fillFromProposal(
  current: CardFields,
  cards: readonly FlashcardSuggestion[],
  touched: { front: boolean; cue: boolean },
  picked: string | undefined,
): CardFields {
  const learnerFront = touched.front || Boolean(picked)
  const front = learnerFront ? current.front : (cards[0]?.front ?? current.front)
  const asked = !touched.front && Boolean(picked)
  const cue = touched.cue ? current.cue : (cueFor(front, cards, asked) ?? current.cue)
  return { front, cue }
}

/** What the window still needs before Create, in the words it shows. */
export function missingParts(fields: CardFields, hasDeck: boolean): string[] {
  return [
    fields.front.trim() === '' ? CARD_WINDOW_TEXT.missingFront : '',
    fields.cue.trim() === '' ? CARD_WINDOW_TEXT.missingCue : '',
    hasDeck ? '' : CARD_WINDOW_TEXT.missingDeck,
  ].filter(Boolean)
}

/** The deck the window starts on: the one last used from the player, else the last selected one, else the first. */
export function playerDeckId(decks: ReadonlyArray<{ id: number }>, storedPlayerDeck: number | undefined, storedSelected: number | undefined): number | undefined {
  for (const id of [storedPlayerDeck, storedSelected]) if (id !== undefined && decks.some((d) => d.id === id)) return id
  return decks[0]?.id
}

export const readPlayerDeck = (storage?: KeyValueStorage) => readStoredNumber(PLAYER_DECK_KEY, storage)
export const rememberPlayerDeck = (id: number, storage?: KeyValueStorage) => writeStored(PLAYER_DECK_KEY, String(id), storage)
