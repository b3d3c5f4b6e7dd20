import { decodeText } from '../../lib/decode-text'

/**
 * How a deck file is written, read from its first lines before any parsing:
 * a spreadsheet's CSV (comma, semicolon or tab, guessed from the header row)
 * or Anki's "Notes in Plain Text" export, which opens with `#key:value` lines
 * (Anki 2.1.55+): `#separator:tab`, `#html:true`, `#columns:Front<sep>Back`,
 * `#notetype column:1`, `#deck column:2`, `#tags column:5`, `#guid column:1`
 * (columns counted from 1). Keys it does not name are skipped, as Anki does.
 */
export interface ImportDialect {
  delimiter: string
  /** Fields are HTML (Anki's `#html:true`) and become text before import. */
  html: boolean
  /** True for an Anki export: its `#` lines are the header, and a row of column names only comes as `#columns`. */
  ankiHeader: boolean
  /** `#columns` names, when given. */
  columns: string[] | null
  /** 0-based columns that hold no field (note type, deck, tags, guid). */
  metaColumns: number[]
  /** The text after the `#` lines. */
  body: string
  /** How many lines the `#` header took, so rows can be numbered as in the file. */
  headerLines: number
}

/** Anki's separator names; any other single character is taken as it is. */
const SEPARATORS: Record<string, string> = { comma: ',', semicolon: ';', tab: '\t', space: ' ', pipe: '|', colon: ':' }
const SNIFFED = [',', ';', '\t'] as const
const HEADER_LINE = /^#([a-z][a-z ]*):(.*)$/i
const META_KEYS = ['notetype column', 'deck column', 'tags column', 'guid column']

/** The separator used most often outside quotes on the first non-blank line; a comma when none is. */
export function sniffDelimiter(text: string): string {
  const line = /^[^\S\r\n]*\S[^\r\n]*/m.exec(text)?.[0] ?? ''
  const counts = new Map<string, number>(SNIFFED.map((d) => [d, 0]))
  let quoted = false
  for (const ch of line) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1)
  }
  let best: string = ','
  for (const d of SNIFFED) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}

export function detectDialect(input: string): ImportDialect {
  const text = input.replace(/^\uFEFF/, '')
  const settings = new Map<string, string>()
  let offset = 0
  let headerLines = 0
  for (;;) {
    const end = text.indexOf('\n', offset)
    const line = (end < 0 ? text.slice(offset) : text.slice(offset, end)).replace(/\r$/, '')
    const m = HEADER_LINE.exec(line)
    if (!m) break
    settings.set(m[1]!.trim().toLowerCase(), m[2]!)
    headerLines++
    offset = end < 0 ? text.length : end + 1
  }
  const body = text.slice(offset)
  const ankiHeader = headerLines > 0
  const named = settings.get('separator')
  const delimiter = (named && (SEPARATORS[named.trim().toLowerCase()] ?? (named.length === 1 ? named : undefined))) || sniffDelimiter(body)
  const columnsLine = settings.get('columns')
  const metaColumns = META_KEYS.map((k) => Number.parseInt(settings.get(k) ?? '', 10) - 1).filter((n) => Number.isInteger(n) && n >= 0)
  return {
    delimiter,
    html: settings.get('html')?.trim().toLowerCase() === 'true',
    ankiHeader,
    columns: columnsLine === undefined ? null : columnsLine.split(delimiter).map((c) => c.trim()),
    metaColumns,
    body,
    headerLines,
  }
}

/**
 * The text of an imported deck file. The console sends the file's bytes
 * (`file_base64`) so the server, not the browser, picks the encoding:
 * decodeText reads a BOM, UTF-16, valid UTF-8, else Windows-1252 (what Excel
 * writes for "CSV (Comma delimited)" on a Western Windows, with no BOM).
 * Text sent as `csv` is taken as it is.
 */
export function deckFileText(body: { csv?: string; file_base64?: string }): string {
  // U+0000 inside a file (the guard refuses it in `csv`): dropped, as in every text from outside, since PostgreSQL cannot store it.
  if (body.file_base64 !== undefined) return decodeText(Buffer.from(body.file_base64, 'base64')).replaceAll('\u0000', '')
  return body.csv ?? ''
}
