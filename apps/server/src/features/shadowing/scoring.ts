import type { TakeWord, WordTimestamp, WordVerdict } from '@lingocast/contract'
import type { DisplayToken } from '../transcription/words'

/**
 * How a take is scored, apart from the decoder: the grammar it decodes with,
 * and the verdict on each word from what the decoder placed where.
 */

/** The garbage word: spoken noise (+SPN+), which stands for a word the learner did not say, or said as something else. */
export const JUNK_WORD = 'junk_'

/** 10 ms feature frames; the acoustic model's HMMs have 3 states, so a phone lasts at least 3 frames. */
const FRAME_MS = 10
const MIN_FRAMES_PER_PHONE = 3

/**
 * A finite-state grammar of the words in order where each word may instead be
 * garbage (missing or something else said), silence may come anywhere, and
 * the learner may stop early (garbage straight to the end). JSGF's optional
 * words make pocketsphinx lose its way (its null transitions let a long
 * silence eat the words), so the states and probabilities are written out.
 */
export function takeGrammar(words: readonly string[], pauseWord: string): string {
  const n = words.length
  // Garbage costs: dear enough that a word said right always wins it, cheap enough that different words lose to it.
  const pJunk = 0.01
  const pPause = 0.01
  const pStop = 0.001
  const lines = ['FSG_BEGIN take', `NUM_STATES ${n + 1}`, 'START_STATE 0', `FINAL_STATE ${n}`]
  words.forEach((word, k) => {
    const stop = k < n - 1 ? pStop : 0
    lines.push(`TRANSITION ${k} ${k + 1} ${1 - pJunk - pPause - stop} ${word}`)
    lines.push(`TRANSITION ${k} ${k + 1} ${pJunk} ${JUNK_WORD}`)
    lines.push(`TRANSITION ${k} ${k} ${pPause} ${pauseWord}`)
    if (stop) lines.push(`TRANSITION ${k} ${n} ${stop} ${JUNK_WORD}`)
  })
  lines.push(`TRANSITION ${n} ${n} ${pPause} ${pauseWord}`, `TRANSITION ${n} ${n} ${pJunk} ${JUNK_WORD}`, 'FSG_END')
  return `${lines.join('\n')}\n`
}

/** A word the decoder placed in the take: ms in the take, and its acoustic score per 10 ms frame. */
export interface PlacedTakeWord {
  word: string
  start: number
  end: number
  /**
   * The word's acoustic score per frame, against the best of all the model's
   * senones in each frame (-compallsen): near 0 where the word is what any
   * sound would best be heard as, far below where it was forced onto other sounds.
   */
  perFrame: number
}

/**
 * `uttid S scale T total A ascr L lscr {sf ascr lscr word}...` as placed words:
 * a word ends where the next entry begins, the last at `lengthMs`. Silence
 * (`pauseWord`) and the grammar's null passes are dropped; garbage is kept.
 */
export function parseTakeHypseg(text: string, pauseWord: string, lengthMs: number): PlacedTakeWord[] {
  const fields = text.trim().split(/\s+/)
  const entries: Array<{ frame: number; ascr: number; word: string }> = []
  for (let i = 9; i + 3 < fields.length; i += 4) entries.push({ frame: Number(fields[i]), ascr: Number(fields[i + 1]), word: fields[i + 3]!.replace(/\(\d+\)$/, '') })
  const placed: PlacedTakeWord[] = []
  entries.forEach((e, k) => {
    if (e.word === pauseWord || e.word.startsWith('<') || e.word.startsWith('(') || e.word.startsWith('[') || e.word.startsWith('+')) return
    const start = e.frame * FRAME_MS
    const end = Math.min(lengthMs, entries[k + 1] ? entries[k + 1]!.frame * FRAME_MS : lengthMs)
    const frames = Math.max(1, Math.round((end - start) / FRAME_MS))
    placed.push({ word: e.word, start, end: Math.max(start, end), perFrame: e.ascr / frames })
  })
  return placed
}

/** Where each spoken word was found in the take (undefined: garbage or never reached), from the decoder's words in order. */
export function matchSlots(words: readonly string[], placed: readonly PlacedTakeWord[]): Array<PlacedTakeWord | undefined> {
  const slots: Array<PlacedTakeWord | undefined> = []
  for (const p of placed) {
    if (slots.length >= words.length) break
    if (p.word === JUNK_WORD) slots.push(undefined)
    else if (p.word === words[slots.length]) slots.push(p)
  }
  while (slots.length < words.length) slots.push(undefined)
  return slots
}

export interface ScoreInput {
  /** The segment's display tokens with their dictionary words (words.ts). */
  tokens: readonly DisplayToken[]
  /** The decoder's placement for each spoken word in order (matchSlots). */
  slots: ReadonlyArray<PlacedTakeWord | undefined>
  /** Phones of each spoken word (its first pronunciation). */
  phones: readonly number[]
  /** The speaker's timing of the segment's words (the transcript). */
  speaker: readonly WordTimestamp[]
}

export interface TakeScore {
  score: number
  words: TakeWord[]
  learnerWpm: number | null
  speakerWpm: number | null
}

/** Words per minute from a word count over a span in ms; null when there is nothing to measure. */
export function wordsPerMinute(count: number, spanMs: number): number | null {
  if (count < 2 || spanMs <= 0) return null
  return Math.round((count / spanMs) * 60_000)
}

/**
 * Per-frame acoustic scores (see PlacedTakeWord) below which a found word is
 * unclear, and below which it was not said at all (the decoder forced it onto
 * other words). Measured on this model: words of the LibriVox demo read by its
 * speaker score -25 to -70, espeak-ng's -30 to -120 (its "had" is always the
 * worst, -105 to -120, through Chromium's microphone too); the same speaker
 * reading a different sentence -50 to -175, espeak-ng's -80 to -120, and
 * most of a different sentence is not aligned at all (garbage, so missing).
 */
export const UNCLEAR_BELOW = -80
export const MISSING_BELOW = -125

/**
 * A found word is missing when it sounds like something else altogether;
 * unclear when it sounds only somewhat like itself, or its length is
 * implausible: squeezed to about the least the model allows (the decoder
 * forced it into a gap), or far from what the speaker's length, at the
 * learner's pace, would make it.
 */
export function wordVerdict(word: { start: number; end: number; perFrame: number }, phones: number, expectedMs: number | undefined): WordVerdict {
  if (word.perFrame < MISSING_BELOW) return 'missing'
  if (word.perFrame < UNCLEAR_BELOW) return 'unclear'
  const frames = Math.round((word.end - word.start) / FRAME_MS)
  if (frames <= phones * MIN_FRAMES_PER_PHONE + 1) return 'unclear'
  if (expectedMs && expectedMs > 0) {
    const ms = frames * FRAME_MS
    if (ms < expectedMs * 0.3 || ms > expectedMs * 3 + 300) return 'unclear'
  }
  return 'clear'
}

const WORST = { clear: 0, unclear: 1, missing: 2 } as const

/** The verdict on every display word, the score (clear 1, unclear ½, missing 0; averaged, 0-100) and both speaking rates. */
export function scoreTake(input: ScoreInput): TakeScore {
  const { tokens, slots, phones, speaker } = input
  // Words heard as something else altogether count as not said, for the verdicts and the pace alike.
  const heard = slots.map((s) => (s && s.perFrame >= MISSING_BELOW ? s : undefined))
  const found = heard.filter((s): s is PlacedTakeWord => s !== undefined)
  const learnerSpan = found.length ? found.at(-1)!.end - found[0]!.start : 0
  const timed = speaker.filter((w) => Number.isFinite(w.start) && Number.isFinite(w.end) && w.end > w.start)
  const speakerSpan = timed.length ? timed.at(-1)!.end - timed[0]!.start : 0
  // The learner's pace relative to the speaker's stretches every expected word length alike.
  const pace = learnerSpan > 0 && speakerSpan > 0 ? learnerSpan / speakerSpan : 1

  // The transcript times display words; when its words are not the text's (an edited segment), lengths are not compared.
  const perToken = speaker.length === tokens.length
  let k = 0
  const words: TakeWord[] = tokens.map((token, t) => {
    const said = perToken ? speaker[t]! : undefined
    const expectedMs = said && said.end > said.start ? (said.end - said.start) * pace : undefined
    let verdict: TakeWord['verdict'] = 'clear'
    let start: number | null = null
    let end: number | null = null
    for (let j = 0; j < token.spoken.length; j++) {
      const slot = heard[k]
      const share = expectedMs === undefined ? undefined : expectedMs / token.spoken.length
      const one = slot ? wordVerdict(slot, phones[k] ?? 1, share) : 'missing'
      if (WORST[one] > WORST[verdict]) verdict = one
      if (slot) {
        start ??= slot.start
        end = slot.end
      }
      k++
    }
    // Several spoken words with only some found: said in part.
    if (verdict === 'missing' && start !== null) verdict = 'unclear'
    return { word: token.text, verdict, start, end }
  })
  // Words the dictionary lacks (names, numbers) are not scored; they take their neighbours' verdict for display.
  const scored = words.filter((_, t) => tokens[t]!.spoken.length > 0)
  for (const [t, w] of words.entries()) {
    if (tokens[t]!.spoken.length > 0) continue
    const near = [words[t - 1], words[t + 1]].filter((x, i): x is TakeWord => x !== undefined && tokens[t - 1 + 2 * i]?.spoken.length !== 0)
    w.verdict = near.length > 0 && near.every((x) => x.verdict === 'missing') ? 'missing' : 'clear'
  }
  const points = scored.reduce((sum, w) => sum + (w.verdict === 'clear' ? 1 : w.verdict === 'unclear' ? 0.5 : 0), 0)
  return {
    score: scored.length ? Math.round((100 * points) / scored.length) : 0,
    words,
    learnerWpm: wordsPerMinute(found.length, learnerSpan),
    speakerWpm: wordsPerMinute(timed.length, speakerSpan),
  }
}
