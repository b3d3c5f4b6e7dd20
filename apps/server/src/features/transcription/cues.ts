import type { StoredCue } from '../../db/schema'

/**
 * Publisher and uploaded transcripts (podcast:transcript, .srt, .vtt) as cues:
 * text with a rough time span, or no time at all (HTML, plain text). Their
 * words are then timed by forced alignment. Malformed parts are skipped, never
 * fatal: a transcript with one broken cue still gives the others.
 */
export type TranscriptFormat = 'srt' | 'vtt' | 'json' | 'html' | 'text'

const TIME = /(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/

function timeMs(text: string): number | undefined {
  const m = TIME.exec(text)
  if (!m) return undefined
  const [, h, min, s, frac] = m
  return ((Number(h ?? 0) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(frac!.padEnd(3, '0'))
}

/** Inline formatting (SRT's <i> <b> <u> <font>, WebVTT's <v> <c.class> <lang> <ruby>) and VTT karaoke timestamps: gone without a trace. */
const INLINE_TAG = /<\/?(?:i|b|u|s|em|strong|font|span|c|v|lang|ruby|rt)(?=[\s.>/])[^>]*>|<\d{1,2}(?::\d{2}){1,2}[.,]\d{1,3}>/gi
/** Any other tag (<br>, <p>, <td>) separates words. A `<` not followed by a name ("5 < 6") is text. */
const OTHER_TAG = /<\/?[a-z!][^>]*>/gi
/** ASS/SSA override blocks left in converted SRT files: {\an8}, {\i1}, {\pos(10,20)}. */
const ASS_OVERRIDE = /\{\\[^}]*\}/g
/** Captioners' speaker-change markers: >> and >>>. */
const SPEAKER_CHANGE = />{2,}/g
/**
 * A speaker label at the start of a line: "JOHN:", "DR. SMITH:", "- JOHN:",
 * "MARY JANE:", up to three words. Only ALL-CAPS names, so "Note: this"
 * stays a sentence (an all-caps caption line of four words or more before a
 * colon stays too).
 */
const SPEAKER_LABEL = /^[ \t]*(?:[-–—][ \t]*)?\p{Lu}[\p{Lu}\d'’.&-]*(?:[ \t]+[\p{Lu}\d][\p{Lu}\d'’.&-]*){0,2}[ \t]*:(?=\s|$)/gmu
/** A dialogue dash opening a line ("- Hello" / "- Hi"); "-5 degrees" keeps its sign. */
const LINE_DASH = /^[ \t]*[-–—][ \t]+/gm
/** Sound and stage directions: [MUSIC], [door slams], (laughs), (applause); parentheses of one or two words only (SDH style), so a spoken aside stays. */
const SOUND_TAG = /\[[^\]\n]*\]|\((?:[^()\s]+\s?){1,2}\)|[♪♫]+/g

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", lrm: '', rlm: '' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/**
 * The words of a cue as they are spoken: markup, speaker labels and sound
 * tags out (they are not in the audio, and forced alignment would time them
 * against something else), entities decoded, whitespace collapsed. Lines are
 * kept until the end so a label is recognised at the start of each.
 */
export function cueText(raw: string): string {
  const text = decodeEntities(raw.replace(ASS_OVERRIDE, '').replace(/\\[Nnh]/g, ' ').replace(INLINE_TAG, '').replace(OTHER_TAG, ' '))
  return text
    // A new line, so the label that usually follows (">> JOHN: Yes") is at a line start.
    .replace(SPEAKER_CHANGE, '\n')
    .replace(SOUND_TAG, ' ')
    .replace(SPEAKER_LABEL, ' ')
    .replace(LINE_DASH, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** SRT and WebVTT share the shape: blocks with a `start --> end` line, then text lines. */
function parseTimedBlocks(text: string): StoredCue[] {
  const cues: StoredCue[] = []
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = block.split('\n')
    const at = lines.findIndex((l) => l.includes('-->'))
    if (at < 0) continue
    const [from, to] = lines[at]!.split('-->')
    const start = timeMs(from!)
    const end = timeMs(to ?? '')
    const body = cueText(lines.slice(at + 1).join('\n'))
    if (start === undefined || end === undefined || !body) continue
    // A cue of no length (or one ending before it starts) still holds words that are spoken: its start is the hint.
    cues.push({ start, end: Math.max(start, end), text: body })
  }
  return cues.sort((a, b) => a.start! - b.start!)
}

/** The podcast namespace's JSON transcript: {segments: [{startTime, endTime, body}]} in seconds. */
function parseJson(text: string): StoredCue[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return []
  }
  const segments = (data as { segments?: unknown })?.segments
  if (!Array.isArray(segments)) return []
  const cues: StoredCue[] = []
  for (const s of segments as Array<Record<string, unknown>>) {
    const body = typeof s?.body === 'string' ? cueText(s.body) : ''
    const start = Number(s?.startTime)
    const end = Number(s?.endTime)
    if (!body) continue
    if (Number.isFinite(start) && Number.isFinite(end)) cues.push({ start: Math.round(start * 1000), end: Math.round(Math.max(start, end) * 1000), text: body })
    else cues.push({ text: body })
  }
  return cues
}

/** HTML and plain text carry no timing: one cue per paragraph. */
function parseUntimed(text: string): StoredCue[] {
  return text
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n\n')
    .split(/\n\s*\n/)
    .map(cueText)
    .filter(Boolean)
    .map((t) => ({ text: t }))
}

/** Every publisher transcript and uploaded subtitle passes here on its way to the database. */
export function parseTranscript(text: string, format: TranscriptFormat): StoredCue[] {
  // U+0000 (raw, or `\u0000` in a JSON transcript) is never part of the words, and PostgreSQL cannot store it.
  return parseByFormat(text, format)
    .map((cue) => ({ ...cue, text: cue.text.replaceAll('\u0000', '') }))
    .filter((cue) => cue.text.trim() !== '')
}

function parseByFormat(text: string, format: TranscriptFormat): StoredCue[] {
  switch (format) {
    case 'srt':
    case 'vtt':
      return parseTimedBlocks(text)
    case 'json':
      return parseJson(text)
    default:
      return parseUntimed(text)
  }
}

/** The format from a MIME type (podcast:transcript's type) or a file name. */
export function transcriptFormat(typeOrName: string): TranscriptFormat {
  const v = typeOrName.toLowerCase()
  if (v.includes('vtt')) return 'vtt'
  if (v.includes('srt') || v.includes('subrip')) return 'srt'
  if (v.includes('json')) return 'json'
  if (v.includes('html')) return 'html'
  return 'text'
}
