import { parseCardBack, type Flashcard } from '@lingocast/contract'
import { markdownToHtml, textToHtml } from '@lingocast/contract/anki-html'

/**
 * A card as an AnkiConnect `addNote` note. "Basic" is the note type every
 * Anki collection starts with (Front, Back); the front word is the Front,
 * the learner's cue (markdown, shown as the console shows it), the sentence
 * it was met in and where from are the Back, and the sentence's clip plays
 * on the Back. Duplicates are checked in the target deck only: the same word
 * met in two podcasts may well live in two decks.
 */

export const ANKI_MODEL = 'Basic'
export const ANKI_TAG = 'lingocast'

export interface AnkiNote {
  deckName: string
  modelName: string
  fields: { Front: string; Back: string }
  options: { allowDuplicate: false; duplicateScope: 'deck' }
  tags: string[]
  audio?: Array<{ data: string; filename: string; fields: string[] }>
}

/** The clip's name in Anki's media folder; the .apkg export names it the same, so both land on one file. */
export const clipFileName = (cardId: number) => `lingocast-${cardId}.mp3`

export function backHtml(back: string): string {
  const { context, cue } = parseCardBack(back)
  const parts: string[] = []
  if (cue) parts.push(markdownToHtml(cue))
  if (context?.Sentence) parts.push(`<i>${textToHtml(context.Sentence)}</i>`)
  if (context?.Title) parts.push(`<small>From: ${textToHtml(context.Title)}</small>`)
  return parts.join('<br><br>')
}

/** `clipBase64`: the card's sentence clip (MP3) as base64, when it has one. */
export function ankiNoteOf(card: Pick<Flashcard, 'id' | 'front' | 'back'>, deckName: string, clipBase64?: string): AnkiNote {
  return {
    deckName,
    modelName: ANKI_MODEL,
    fields: { Front: textToHtml(card.front), Back: backHtml(card.back) },
    options: { allowDuplicate: false, duplicateScope: 'deck' },
    tags: [ANKI_TAG],
    ...(clipBase64 ? { audio: [{ data: clipBase64, filename: clipFileName(card.id), fields: ['Back'] }] } : {}),
  }
}
