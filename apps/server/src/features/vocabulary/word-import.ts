import { HINT_MAX_LENGTH, PHRASE_MAX_WORDS, termWords, VOCABULARY_MSG, WORD_IMPORT_MAX_LINES, WORD_MAX_LENGTH, type WordStatus } from '@lingocast/contract'
import { parse } from 'csv-parse/sync'
import { ValidationError } from '../../lib/errors'
import { cleanTerm } from './phrases'

/**
 * Word lists as learners bring them:
 * - plain text, one word or phrase per line;
 * - a CSV (comma, semicolon or tab) whose header names a word, term or lemma
 *   column, with optional status, level and hint columns (our own export reads back);
 * - LingQ's vocabulary export (CSV with term, hint and status 1-4 or "known");
 * - Lute's term export (CSV: language, term, translation, parent, status 1-5, W, I, tags...);
 * - LWT's term export (tab separated, no header: term, translation, sentence,
 *   romanization, status 1-5, 98, 99, ...).
 * Phrases of up to 6 words are kept (LingQ's phrases, Lute's multi-word
 * terms, LWT's expressions), and so are the levels 1-4 and the hints
 * (LingQ's hint, Lute's and LWT's translation).
 */
export type ImportFormat = 'plain' | 'csv' | 'lingq' | 'lute' | 'lwt'

export interface ParsedWordList {
  format: ImportFormat
  /** Each row's word or phrase as written, with the status it asks for, its level (learning) and its hint. */
  words: ImportedTerm[]
  /** Rows that hold no word or phrase or no status we know (more than 6 words, a word too long, "status 7"). */
  skipped: number
}

export interface ImportedTerm {
  word: string
  status: WordStatus
  /** 1-4 when the row says which stage of learning. */
  level?: number
  hint?: string
}

const WORD_COLUMNS = ['word', 'term', 'lemma']
/** Columns that hold the learner's own meaning: ours and LingQ's hint, Lute's translation. */
const HINT_COLUMNS = ['hint', 'hints', 'translation', 'meaning']
const SNIFFED = [',', ';', '\t'] as const
/** LWT's statuses: 1-5 while learning (5 "learned"), 98 ignored, 99 well known. */
const LWT_STATUS = /^(?:[1-5]|98|99)$/

/**
 * Their statuses in ours. LingQ 1-4 and LWT/Lute 1-4 are stages of learning;
 * LWT's and Lute's 5 ("learned") counts as known, as their own statistics
 * count it, and so do 99, W and LingQ's "known"; 98 and I are ignored; 0 is new.
 */
export function statusFrom(raw: string): WordStatus | undefined {
  const s = raw.trim().toLowerCase()
  if (s === 'new' || s === 'learning' || s === 'known' || s === 'ignored') return s
  if (s === '0') return 'new'
  if (/^[1-4]$/.test(s)) return 'learning'
  if (s === '5' || s === '99' || s === 'w' || s === 'well known' || s === 'well-known') return 'known'
  if (s === '98' || s === 'i' || s === 'ignore') return 'ignored'
  return undefined
}

/** The stage of learning a status names: LingQ's, Lute's and LWT's 1-4, or our own level column. */
export function levelFrom(raw: string | undefined): number | undefined {
  const s = raw?.trim() ?? ''
  return /^[1-4]$/.test(s) ? Number(s) : undefined
}

/**
 * A hint as imported: LWT's "*" (no translation) is none; control
 * characters other than line breaks and tabs go; a longer one is cut at
 * HINT_MAX_LENGTH (Lute's and LWT's translations hold no more).
 */
export function hintFrom(raw: string | undefined): string | undefined {
  // C0 controls but tab, line feed and carriage return, and DEL.
  const text = (raw ?? '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()
  if (!text || text === '*') return undefined
  return [...text].slice(0, HINT_MAX_LENGTH).join('').trim()
}

/** The separator used most often outside quotes on the line; none when the line has none. */
function sniffDelimiter(line: string): string | undefined {
  const counts = new Map<string, number>(SNIFFED.map((d) => [d, 0]))
  let quoted = false
  for (const ch of line) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1)
  }
  let best: string | undefined
  for (const d of SNIFFED) if (counts.get(d)! > 0 && (!best || counts.get(d)! > counts.get(best)!)) best = d
  return best
}

/** A term is a word of at most 64 characters, or a phrase of up to 6 such words. */
function termOk(term: string): boolean {
  const words = termWords(term)
  return words.length > 0 && words.length <= PHRASE_MAX_WORDS && words.every((w) => w.length <= WORD_MAX_LENGTH)
}

/**
 * Lines that hold something, up to one past the limit. Blank lines (a trailing newline, lists
 * spaced out) are not counted; a CSV field broken over lines counts each of its lines.
 */
function countLines(text: string): number {
  let count = 0
  for (const line of text.split('\n')) if (line.trim() && ++count > WORD_IMPORT_MAX_LINES) break
  return count
}

/**
 * Reads a word list in any of the formats above. A file with no word at all is refused, and so
 * is one of more than WORD_IMPORT_MAX_LINES lines, whole: importing only its first lines would
 * leave the learner to find out which words were left out.
 */
export function parseWordList(input: string, defaultStatus: WordStatus): ParsedWordList {
  const text = input.replace(/^\uFEFF/, '')
  if (countLines(text) > WORD_IMPORT_MAX_LINES) throw new ValidationError(VOCABULARY_MSG.importTooManyLines)
  const firstLine = /^[^\S\r\n]*\S[^\r\n]*/m.exec(text)?.[0]
  if (!firstLine) throw new ValidationError(VOCABULARY_MSG.importEmpty)
  const delimiter = sniffDelimiter(firstLine)
  const parsed = delimiter ? parseTable(text, delimiter, defaultStatus) : parsePlain(text, defaultStatus)
  if (parsed.words.length === 0 && parsed.skipped === 0) throw new ValidationError(VOCABULARY_MSG.importEmpty)
  return parsed
}

function parsePlain(text: string, status: WordStatus): ParsedWordList {
  const words: ParsedWordList['words'] = []
  let skipped = 0
  for (const line of text.split('\n')) {
    const word = cleanTerm(line.trim().replace(/^(["'])(.*)\1$/, '$2'))
    if (!line.trim()) continue
    if (termOk(word)) words.push({ word, status })
    else skipped++
  }
  return { format: 'plain', words, skipped }
}

function parseTable(text: string, delimiter: string, defaultStatus: WordStatus): ParsedWordList {
  const rows = parse(text, { delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true }) as string[][]
  const header = rows[0]!.map((h) => h.trim().toLowerCase())
  const wordColumn = header.findIndex((h) => WORD_COLUMNS.includes(h))
  let format: ImportFormat
  let body: string[][]
  let statusColumn: number
  if (wordColumn >= 0) {
    format = header.includes('language') ? 'lute' : header[wordColumn] === 'term' && header.includes('status') ? 'lingq' : 'csv'
    statusColumn = header.indexOf('status')
    body = rows.slice(1)
  } else if (delimiter === '\t' && LWT_STATUS.test(rows[0]![4]?.trim() ?? '')) {
    format = 'lwt'
    statusColumn = 4
    body = rows
  } else {
    throw new ValidationError(VOCABULARY_MSG.importNoWordColumn)
  }
  const column = format === 'lwt' ? 0 : wordColumn
  const hintColumn = format === 'lwt' ? 1 : header.findIndex((h) => HINT_COLUMNS.includes(h))
  // Our own export: the stage of learning in a column of its own.
  const levelColumn = format === 'csv' ? header.indexOf('level') : -1
  const words: ParsedWordList['words'] = []
  let skipped = 0
  for (const row of body) {
    const word = cleanTerm(row[column] ?? '')
    const raw = statusColumn >= 0 ? (row[statusColumn] ?? '').trim() : ''
    const status = raw ? statusFrom(raw) : defaultStatus
    if (!word && row.every((f) => !f.trim())) continue
    if (!status || !termOk(word)) {
      skipped++
      continue
    }
    const level = status === 'learning' ? (levelFrom(raw) ?? (levelColumn >= 0 ? levelFrom(row[levelColumn]) : undefined)) : undefined
    const hint = hintColumn >= 0 ? hintFrom(row[hintColumn]) : undefined
    words.push({ word, status, ...(level ? { level } : {}), ...(hint ? { hint } : {}) })
  }
  return { format, words, skipped }
}
