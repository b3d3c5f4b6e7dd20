import { BACK_MAX, CSV_IMPORT_MAX_ROWS, FRONT_MAX, MEMORIES_MSG, parseCardBack } from '@lingocast/contract'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { ValidationError } from '../../lib/errors'
import { htmlToText } from './anki-fields'
import { clipFileName } from './anki-package'
import { detectDialect, type ImportDialect } from './import-dialect'
import type { FlashcardRow } from './flashcard-row'

/** `audio` names the card's clip as the Anki package's media holds it (Anki's [sound:...] takes that name). */
export const CSV_COLUMNS = ['front', 'back', 'source_title', 'source_sentence', 'next_review', 'last_reviewed', 'repetition', 'ef', 'kind', 'audio'] as const

/** A deck as CSV (RFC 4180, UTF-8 with a BOM so spreadsheet programs read the accents right). */
export function cardsToCsv(cards: readonly FlashcardRow[]): string {
  const rows = cards.map((c) => {
    const { context } = parseCardBack(c.back)
    const texts = [c.front, c.back, context?.Title ?? '', context?.Sentence ?? ''].map(escapeFormula)
    return [...texts, c.nextReview?.toISOString() ?? '', c.lastReviewed?.toISOString() ?? '', c.repetition, c.ef, c.kind, c.audio ? clipFileName(c.id) : '']
  })
  return '\uFEFF' + stringify([[...CSV_COLUMNS], ...rows])
}

/**
 * The cards of an imported deck file, in any dialect `detectDialect` knows:
 * a CSV with a header row naming front and back (any case, any other columns
 * ignored; comma, semicolon or tab), or an Anki plain-text export, whose
 * front and back are the columns `#columns` names so, or else its first two
 * field columns. Blank rows are skipped and a row repeated exactly is
 * imported once. Any bad row rejects the whole file with its row number, so
 * nothing is half imported.
 */
export function csvToCards(text: string): Array<{ front: string; back: string }> {
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new ValidationError(MEMORIES_MSG.csvEmpty)
  const dialect = detectDialect(text)
  let records: string[][]
  try {
    records = parse(dialect.body, { delimiter: dialect.delimiter, skip_empty_lines: true, relax_column_count: true, relax_quotes: true }) as string[][]
  } catch {
    throw new ValidationError(MEMORIES_MSG.csvUnreadable)
  }
  const { frontAt, backAt, headerRows } = locateColumns(dialect, records[0] ?? [])
  if (frontAt < 0 || backAt < 0) throw new ValidationError(MEMORIES_MSG.csvNoColumns)
  const rows = records.slice(headerRows)
  if (rows.length > CSV_IMPORT_MAX_ROWS) throw new ValidationError(MEMORIES_MSG.csvTooManyRows)
  const cell = (r: string[], at: number) => {
    const raw = r[at] ?? ''
    return dialect.html ? htmlToText(raw) : unescapeFormula(raw).replace(/\r\n?/g, '\n')
  }
  const seen = new Set<string>()
  const cards: Array<{ front: string; back: string }> = []
  rows.forEach((r, i) => {
    const line = dialect.headerLines + headerRows + i + 1
    // A spreadsheet saves emptied rows as bare separators (",,,"): they hold no card.
    if (r.every((c) => c.trim() === '')) return
    const front = cell(r, frontAt).trim()
    const back = cell(r, backAt)
    if (!front) throw new ValidationError(`Row ${line}: ${MEMORIES_MSG.frontRequired}`)
    if (!back.trim()) throw new ValidationError(`Row ${line}: ${MEMORIES_MSG.backRequired}`)
    if (front.length > FRONT_MAX || back.length > BACK_MAX) throw new ValidationError(`Row ${line}: the card is too long`)
    const key = JSON.stringify([front, back])
    if (seen.has(key)) return
    seen.add(key)
    cards.push({ front, back })
  })
  return cards
}

/** Column names of Anki's note fields that are not a card's text. */
const META_NAMES = new Set(['tags', 'deck', 'notetype', 'guid'])

/** Where front and back are, and how many leading records are column names rather than cards. */
function locateColumns(dialect: ImportDialect, firstRecord: string[]): { frontAt: number; backAt: number; headerRows: number } {
  if (!dialect.ankiHeader) {
    const header = firstRecord.map((h) => h.trim().toLowerCase())
    return { frontAt: header.indexOf('front'), backAt: header.indexOf('back'), headerRows: 1 }
  }
  const names = (dialect.columns ?? []).map((c) => c.toLowerCase())
  if (names.includes('front') && names.includes('back')) return { frontAt: names.indexOf('front'), backAt: names.indexOf('back'), headerRows: 0 }
  // As Anki maps columns to a note type's fields: in order, after the note type, deck, tags and guid columns.
  const width = Math.max(firstRecord.length, names.length)
  const fields = Array.from({ length: width }, (_, i) => i).filter((i) => !dialect.metaColumns.includes(i) && !META_NAMES.has(names[i] ?? ''))
  return { frontAt: fields[0] ?? -1, backAt: fields[1] ?? -1, headerRows: 0 }
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
