import { ValidationError } from '../../lib/errors'
import { runSized } from '../../lib/worker-pool'
import { csvToCards } from './deck-csv'
import { deckFileText } from './import-dialect'

/** An imported deck file as the route takes it: its bytes in base64 (what the console sends), or its text. */
export interface DeckFile {
  csv?: string
  file_base64?: string
}

/** The cards of a deck file, or why it is refused (a ValidationError's words as data: class instances do not cross threads). */
export type DeckFileReading = { cards: Array<{ front: string; back: string }> } | { refused: string }

/** Decodes and reads a deck file (deckFileText, csvToCards); run on a worker thread for all but small files (readDeckFile). */
export function cardsOfDeckFile(file: DeckFile): DeckFileReading {
  try {
    return { cards: csvToCards(deckFileText(file)) }
  } catch (error) {
    if (error instanceof ValidationError) return { refused: error.message }
    throw error
  }
}

const readTask = { module: new URL(import.meta.url), name: 'cardsOfDeckFile', run: cardsOfDeckFile }

/** The cards of a deck file, read off the event loop; throws the ValidationError csvToCards would. */
export async function readDeckFile(file: DeckFile): Promise<Array<{ front: string; back: string }>> {
  const { csv, file_base64 } = file
  const reading = await runSized(readTask, (file_base64 ?? csv ?? '').length, { csv, file_base64 })
  if ('refused' in reading) throw new ValidationError(reading.refused)
  return reading.cards
}
