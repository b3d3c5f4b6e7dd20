import type { Comprehension } from '@lingocast/contract'
import { comprehensionLabel } from '../comprehension'
import { formatCount } from '../../../lib/format'

/** The player side's words for vocabulary (lookup popover, transcript marks, finishing an article). */
export const LOOKUP_TEXT = {
  title: 'Look up',
  loading: 'Looking up…',
  noEntry: 'No dictionary entry',
  otherSenses: (count: number) => `${count} other ${count === 1 ? 'meaning' : 'meanings'}`,
  failed: 'The dictionary could not be reached.',
  replay: 'Play the word',
  modelLabel: 'AI tutor',
  modelLoading: 'Asking the AI tutor…',
  modelFailed: 'The AI tutor could not explain it now.',
  statusGroup: 'Word status',
  known: 'Known',
  learning: 'Learning',
  ignore: 'Ignore',
  statusFailed: 'The word status could not be saved.',
  formOf: (word: string) => `as “${word}” here`,
  lookUpWord: (word: string) => `Look up ${word}`,
  legendNew: 'new',
  legendLearning: 'learning',
  showStatus: 'Word status',
  markRemaining: 'Mark the remaining new words as known',
  remainingOffer: (count: number) => `Article finished: ${count} new ${count === 1 ? 'word' : 'words'} left.`,
  markedKnown: (count: number) => `${count} ${count === 1 ? 'word' : 'words'} marked as known.`,
  markFailed: 'The words could not be marked as known.',
  undo: 'Undo',
  undone: 'Undone: the words are new again.',
  // Learning levels, the learner's hints, phrases and marking keys.
  replayPhrase: 'Play the phrase',
  levelLabel: (level: number) => `Learning ${level}`,
  makeCard: 'Make a card',
  hintLabel: 'Your hint',
  hintPlaceholder: 'Your own meaning or note',
  hintSaved: 'Saved',
  hintSaving: 'Saving…',
  hintFailed: 'The hint could not be saved.',
  keysHelp: 'Keys: 1–4 learning · 5 or K known · I or X ignore',
  marked: (word: string, mark: string) => `“${word}”: ${mark}`,
  lookUpPhrase: (phrase: string) => `Look up the phrase ${phrase}`,
  // A dictionary line chosen as the learner's own meaning (their hint).
  moreMeanings: (count: number) => `More meanings (${count})`,
  fewerMeanings: 'Fewer meanings',
  chooseMeaning: 'Choose a meaning to keep it as yours: it comes first here and on your cards.',
  yourMeaning: 'Your meaning',
  savedAsMeaning: (text: string) => `Saved “${text}” as your meaning.`,
  meaningCleared: 'Your meaning was removed.',
} as const

/** A universal part-of-speech tag in words ("NOUN" -> "noun"), as the card's cue names it too. */
export { partOfSpeech } from '@lingocast/contract'

/** How often the user met the word in their library. */
export function seenText(seen: number): string {
  if (seen <= 0) return 'Not met in your library yet'
  if (seen === 1) return 'Met once in your library'
  return `Met ${formatCount(seen)} times in your library`
}

/** The player header's figure, the library card's with room to say it: "87% known · 42 new words · 11 learning". */
export function comprehensionText(c: Comprehension): string {
  const learning = c.learning_words > 0 ? ` · ${formatCount(c.learning_words)} learning` : ''
  return `${comprehensionLabel({ ...c, learning_words: 0 })} ${c.new_words === 1 ? 'word' : 'words'}${learning}`
}
