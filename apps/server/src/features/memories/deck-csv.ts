import { BACK_MAX, CSV_IMPORT_MAX_ROWS, FRONT_MAX, MEMORIES_MSG, parseCardBack } from '@lingocast/contract'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { ValidationError } from '../../lib/errors'
import type { FlashcardRow } from './memories.repo'

export const CSV_COLUMNS = ['front', 'back', 'source_title', 'source_sentence', 'next_review', 'last_reviewed', 'repetition', 'ef'] as const

/** A deck as CSV (RFC 4180, UTF-8 with a BOM so spreadsheet programs read the accents right). */
export function cardsToCsv(cards: readonly FlashcardRow[]): string {
  const rows = cards.map((c) => {
    const { context } = parseCardBack(c.back)
    const texts = [c.front, c.back, context?.Title ?? '', context?.Sentence ?? ''].map(escapeFormula)
    return [...texts, c.nextReview?.toISOString() ?? '', c.lastReviewed?.toISOString() ?? '', c.repetition, c.ef]
  })
  return '\uFEFF' + stringify([[...CSV_COLUMNS], ...rows])
}

/**
 * The cards of an imported CSV: a header row naming front and back (any
 * case, any other columns ignored), then one card per row. Any bad row
 * rejects the whole file with its row number, so nothing is half imported.
 */
export function csvToCards(text: string): Array<{ front: string; back: string }> {
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new ValidationError(MEMORIES_MSG.csvEmpty)
  let records: string[][]
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][]
  } catch {
    throw new ValidationError(MEMORIES_MSG.csvUnreadable)
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase())
  const frontAt = header.indexOf('front')
  const backAt = header.indexOf('back')
  if (frontAt < 0 || backAt < 0) throw new ValidationError(MEMORIES_MSG.csvNoColumns)
  const rows = records.slice(1)
  if (rows.length > CSV_IMPORT_MAX_ROWS) throw new ValidationError(MEMORIES_MSG.csvTooManyRows)
  return rows.map((r, i) => {
    const line = i + 2
    const front = unescapeFormula((r[frontAt] ?? '').trim())
    const back = unescapeFormula(r[backAt] ?? '')
    if (!front) throw new ValidationError(`Row ${line}: ${MEMORIES_MSG.frontRequired}`)
    if (!back.trim()) throw new ValidationError(`Row ${line}: ${MEMORIES_MSG.backRequired}`)
    if (front.length > FRONT_MAX || back.length > BACK_MAX) throw new ValidationError(`Row ${line}: the card is too long`)
    return { front, back }
  })
}

/**
 * A spreadsheet runs a cell that starts with = + - @ tab or CR as a formula
 * (`=cmd|' /C calc'!A0`), and card texts can come from a publisher's episode
 * title. OWASP's advice: prefix such a cell with a quote, which spreadsheets
 * show as text. A text that already starts with quotes before one of those
 * characters gets one more, so that import can take exactly one away.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
}

/** A download's file name from the deck's name: letters, digits, dashes. */
export function deckFileName(deckName: string, extension: 'csv' | 'apkg'): string {
  return `${deckName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'deck'}.${extension}`
}
