/**
 * The card back of spec 001 s3: an optional fenced context block naming where
 * the word was met, then the learner's own memorize cue. Written and read only
 * here, so the player (which writes it), the review screen (which quotes the
 * sentence) and the Anki export (which keeps it) agree.
 *
 *     ```context
 *     Article: 3fK9aB2xQ0pL
 *     Title: Sense and Sensibility
 *     Position: 1:05
 *     PreviousSentences: ...
 *     Sentence: The family of Dashwood had long been settled in Sussex.
 *     NextSentences: ...
 *     Explanation: ...
 *     ReorganizedSentence: ...
 *     ```
 *     memorize cue (markdown)
 */

export const CONTEXT_FIELDS = ['Article', 'Title', 'Position', 'PreviousSentences', 'Sentence', 'NextSentences', 'Explanation', 'ReorganizedSentence'] as const
export type ContextField = (typeof CONTEXT_FIELDS)[number]
export type CardContext = Partial<Record<ContextField, string>>

export interface CardBack {
  /** Null when the back has no context block (a card typed by hand). */
  context: CardContext | null
  cue: string
}

const FENCE_INFO = 'context'
const OPEN = /^(`{3,})context[ \t]*\r?\n/

/** One line per field: line breaks inside a value become spaces, and a value never closes the fence. */
function oneLine(value: string): string {
  return value.replace(/\s*\r?\n\s*/g, ' ').replace(/`{3,}/g, (m) => m.replace(/`/g, "'")).trim()
}

/** Only alphanumeric article ids are written (spec 001 s3). */
function articleId(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '')
}

export function formatCardBack({ context, cue }: CardBack): string {
  const trimmedCue = cue.trim()
  if (!context) return trimmedCue
  const lines: string[] = []
  for (const field of CONTEXT_FIELDS) {
    const raw = context[field]
    if (raw === undefined || raw.trim() === '') continue
    lines.push(`${field}: ${field === 'Article' ? articleId(raw) : oneLine(raw)}`)
  }
  if (lines.length === 0) return trimmedCue
  const block = ['```' + FENCE_INFO, ...lines, '```'].join('\n')
  return trimmedCue ? `${block}\n${trimmedCue}` : block
}

export function parseCardBack(back: string): CardBack {
  const open = OPEN.exec(back)
  if (!open) return { context: null, cue: back.trim() }
  const fence = open[1]!
  const rest = back.slice(open[0].length)
  const close = new RegExp(`^${fence}[ \\t]*$`, 'm').exec(rest)
  // An unclosed fence is not a context block: keep the text as the learner wrote it.
  if (!close) return { context: null, cue: back.trim() }
  const context: CardContext = {}
  for (const line of rest.slice(0, close.index).split(/\r?\n/)) {
    const m = /^([A-Za-z]+):[ \t]?(.*)$/.exec(line)
    if (m && (CONTEXT_FIELDS as readonly string[]).includes(m[1]!)) context[m[1] as ContextField] = m[2]!.trim()
  }
  return { context, cue: rest.slice(close.index + close[0].length).trim() }
}

/** A back with a new cue, keeping its context block. */
export function replaceCue(back: string, cue: string): string {
  return formatCardBack({ context: parseCardBack(back).context, cue })
}

/**
 * The first whole-word occurrence of `word` in `text`, in any case (not inside
 * a longer word): where a cloze card blanks its front, in the console and in
 * the Anki package alike.
 */
export function findWholeWord(text: string, word: string): { index: number; match: string } | undefined {
  const needle = word.trim()
  if (!needle) return undefined
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const found = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(text)
  return found ? { index: found.index, match: found[0] } : undefined
}
